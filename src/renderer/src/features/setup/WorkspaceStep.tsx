import { useEffect, useState, type FormEvent } from 'react';
import type { AgentView, FolderFactsView } from '../../../../shared/ipc';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';
import { useSetupStore } from '../../stores/useSetupStore';

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
  const { inspect, complete } = useSetupStore.getState();
  const pickDirectory = useAgentsStore((state) => state.pickDirectory);
  const [directory, setDirectory] = useState(agent.workspace?.directory ?? '');
  const [completions, setCompletions] = useState<string[]>([]);
  const [facts, setFacts] = useState<FolderFactsView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Completion and the folder's facts follow the typing, a moment after it pauses.
  useEffect(() => {
    const typed = directory.trim();
    if (typed === '') {
      setFacts(null);
      setCompletions([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void complete(typed).then(
        (folders) => current && setCompletions(folders),
        () => undefined,
      );
      void inspect(typed).then(
        (found) => current && setFacts(found),
        () => undefined,
      );
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [directory, complete, inspect]);

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

  async function choose(): Promise<void> {
    const picked = await pickDirectory().catch((reason: unknown) => {
      setError(messageOf(reason));
      return null;
    });
    if (picked) setDirectory(picked);
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
      <div className="row">
        <input
          id="first-run-folder"
          list="first-run-folder-completions"
          value={directory}
          placeholder="/home/you/projects/app"
          spellCheck={false}
          autoComplete="off"
          aria-describedby="first-run-folder-facts"
          onChange={(event) => setDirectory(event.target.value)}
        />
        <datalist id="first-run-folder-completions">
          {completions.map((folder) => (
            <option key={folder} value={folder} />
          ))}
        </datalist>
        {canPick && (
          <button type="button" onClick={() => void choose()}>
            Choose folder…
          </button>
        )}
      </div>
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
