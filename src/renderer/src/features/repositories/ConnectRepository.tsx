import { useState, type FormEvent } from 'react';
import type { AgentView } from '../../../../shared/ipc';
import { droppedSentence } from '../../lib/cappedText';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useRepositoriesStore } from '../../stores/useRepositoriesStore';

/** Instead of naming a folder: clone a Git URL or create an empty repository, which the core places under its data dir. */
export function ConnectRepository({ agent }: { agent: AgentView }) {
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const progress = useRepositoriesStore((state) => state.progress[agent.id]);
  const clear = useRepositoriesStore((state) => state.clear);
  const load = useAgentsStore((state) => state.load);

  async function connect(action: () => Promise<AgentView>): Promise<void> {
    setBusy(true);
    setMessage(null);
    clear(agent.id);
    try {
      const updated = await action();
      await load();
      setMessage(`Workspace set to ${updated.workspace?.directory ?? 'the new repository'}.`);
      setUrl('');
    } catch (reason) {
      setMessage(messageOf(reason));
    } finally {
      setBusy(false);
    }
  }

  function clone(event: FormEvent): void {
    event.preventDefault();
    void connect(() => useRepositoriesStore.getState().clone(agent.id, url.trim()));
  }

  return (
    <form className="connect-repository" onSubmit={clone} aria-label={`Connect a repository for ${agent.name}`}>
      <h4>Connect a repository</h4>
      <div className="row">
        <input
          aria-label={`Clone URL for ${agent.name}`}
          value={url}
          placeholder="https://github.com/you/app.git"
          spellCheck={false}
          onChange={(event) => setUrl(event.target.value)}
        />
        <button type="submit" disabled={busy || url.trim() === ''}>
          {busy ? 'Working…' : 'Clone'}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void connect(() => useRepositoriesStore.getState().create(agent.id))}
        >
          Create an empty repository
        </button>
      </div>
      {progress && progress.text !== '' && (
        <pre className="tool-output clone-progress" aria-label="Clone progress" tabIndex={0}>
          {droppedSentence(progress.dropped)}
          {progress.text}
        </pre>
      )}
      {message && (
        <p className="hint" role="status">
          {message}
        </p>
      )}
    </form>
  );
}
