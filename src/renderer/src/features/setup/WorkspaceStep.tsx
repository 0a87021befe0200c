import { useEffect, useState, type FormEvent } from 'react';
import type { AgentView, FolderFactsView } from '../../../../shared/ipc';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';
import { useSetupStore } from '../../stores/useSetupStore';
import { FolderField } from './FolderField';

const size = (bytes: number): string =>
  bytes >= 1e9
    ? `${(bytes / 1e9).toFixed(1)} GB`
    : bytes >= 1e6
      ? `${(bytes / 1e6).toFixed(1)} MB`
      : `${Math.max(1, Math.round(bytes / 1e3))} kB`;

/** "git branch main · TypeScript, Python · 1,204 files, 8.3 MB": what the folder holds, in one line. */
export function describeFacts(facts: FolderFactsView): string {
  const parts = [facts.branch ? `git branch ${facts.branch}` : 'not a git repository'];
  if (facts.languages.length > 0) parts.push(facts.languages.join(', '));
  parts.push(
    `${facts.truncated ? 'at least ' : ''}${facts.files.toLocaleString('en-US')} ${facts.files === 1 ? 'file' : 'files'}, ${size(facts.bytes)}`,
  );
  return parts.join(' · ');
}

/** Electron: the system folder dialog. The web host: a path field that completes folders as you type. */
export function WorkspaceStep({ agent, onDone }: { agent: AgentView; onDone: () => void }) {
  const canPick = useAppStore((state) => state.info?.canPickDirectory ?? false);
  const setWorkspace = useAgentsStore((state) => state.setWorkspace);
  const { inspect } = useSetupStore.getState();
  const [directory, setDirectory] = useState(agent.workspace?.directory ?? '');
  const [facts, setFacts] = useState<FolderFactsView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The folder's facts follow the typing, a moment after it pauses (FolderField completes it).
  useEffect(() => {
    const typed = directory.trim();
    if (typed === '') {
      setFacts(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void inspect(typed).then(
        (found) => current && setFacts(found),
        () => undefined,
      );
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [directory, inspect]);

  async function use(target: string): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await setWorkspace(agent.id, target);
      onDone();
    } catch (reason) {
      setError(messageOf(reason));
    } finally {
      setBusy(false);
    }
  }

  const unchanged = agent.workspace !== null && directory.trim() === agent.workspace.directory;
  return (
    <form
      className="first-run-form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (unchanged) onDone();
        else void use(directory.trim());
      }}
    >
      <p>
        The folder the agent may read and change. Nothing outside it is reachable. Choose a project you would let a
        colleague work in.
      </p>
      <label htmlFor="first-run-folder">Folder</label>
      <FolderField
        id="first-run-folder"
        value={directory}
        onChange={setDirectory}
        purpose="workspace"
        placeholder="/home/you/projects/app"
        describedBy="first-run-folder-facts"
        onError={setError}
      />
      <p id="first-run-folder-facts" className={facts?.problem ? 'form-error' : 'hint'} aria-live="polite">
        {facts
          ? (facts.problem ?? describeFacts(facts))
          : canPick
            ? 'Choose a folder, or type its path.'
            : 'Type a path; folders complete as you type.'}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button
          type="submit"
          className="primary"
          disabled={busy || directory.trim() === '' || (facts?.problem ?? null) !== null}
        >
          {busy ? 'Checking…' : unchanged ? 'Keep this folder' : 'Use this folder'}
        </button>
      </div>
    </form>
  );
}
