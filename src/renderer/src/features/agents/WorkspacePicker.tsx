import { useState, type FormEvent } from 'react';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';
import type { AgentView } from '../../../../shared/ipc';

/** Electron: the system folder dialog. Web host: a path the core validates (SPEC §4 root rules). */
export function WorkspacePicker({ agent }: { agent: AgentView }) {
  const setWorkspace = useAgentsStore((state) => state.setWorkspace);
  const pickDirectory = useAgentsStore((state) => state.pickDirectory);
  const canPick = useAppStore((state) => state.info?.canPickDirectory ?? false);
  const [directory, setDirectory] = useState(agent.workspace?.directory ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);

  async function apply(target: string): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await setWorkspace(agent.id, target);
      setEditing(false);
    } catch (reason) {
      setError(messageOf(reason));
    } finally {
      setBusy(false);
    }
  }

  async function pick(): Promise<void> {
    const picked = await pickDirectory();
    if (picked) {
      setDirectory(picked);
      await apply(picked);
    }
  }

  if (agent.workspace && !editing) {
    return (
      <div className="workspace-current" aria-label="Workspace">
        <span className="workspace-label">Workspace</span>
        <code title={agent.workspace.directory}>{agent.workspace.directory}</code>
        <button type="button" className="link" onClick={() => setEditing(true)}>
          Change
        </button>
        <details className="hint">
          <summary>PATH captured for this workspace</summary>
          <code>{agent.workspace.capturedPath}</code>
        </details>
      </div>
    );
  }

  return (
    <form
      className="workspace-picker"
      aria-label="Workspace"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void apply(directory.trim());
      }}
    >
      <label htmlFor={`workspace-${agent.id}`}>Workspace directory</label>
      <div className="row">
        <input
          id={`workspace-${agent.id}`}
          value={directory}
          onChange={(event) => setDirectory(event.target.value)}
          placeholder="/home/you/projects/app"
          spellCheck={false}
        />
        {canPick && (
          <button type="button" onClick={() => void pick()} disabled={busy}>
            Choose…
          </button>
        )}
        <button type="submit" className="primary" disabled={busy || directory.trim() === ''}>
          {busy ? 'Checking…' : 'Set workspace'}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {agent.workspace && (
        <p className="hint">
          PATH captured for this workspace: <code>{agent.workspace.capturedPath}</code>
        </p>
      )}
    </form>
  );
}
