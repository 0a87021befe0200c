import { useEffect, useState } from 'react';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useTasksStore } from '../../stores/useTasksStore';

/**
 * Settings → Developer → Setup scripts for tasks (issue 34): per repository an agent works in, the
 * shell text each new task runs in its worktree, in the task agent's sandbox. It replaces the
 * project's `.paddock/setup` for that repository; empty, the file runs (when there is one).
 */
export function TaskSetupScripts() {
  const agents = useAgentsStore((state) => state.agents);
  const tasks = useTasksStore((state) => state.tasks);
  const scripts = useTasksStore((state) => state.setupScripts);
  const loadScripts = useTasksStore((state) => state.loadSetupScripts);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void loadScripts().catch((reason: unknown) => setError(messageOf(reason)));
  }, [loadScripts]);

  // The repositories tasks start from: the workspaces of agents that are not a task's.
  const taskAgents = new Set(tasks.map((task) => task.agentId));
  const repositories = [
    ...new Set(
      agents.flatMap((agent) => (agent.workspace && !taskAgents.has(agent.id) ? [agent.workspace.directory] : [])),
    ),
  ].sort();

  return (
    <div className="settings-setup-scripts">
      <p className="hint">
        Runs in each new task&apos;s worktree, inside the task agent&apos;s sandbox, and its output is shown on the
        task. It replaces the project&apos;s <code>.paddock/setup</code> for that repository (add a line{' '}
        <code>sh .paddock/setup</code> to run both); empty, the file runs when the project has one.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {repositories.length === 0 && <p className="hint">No agent has a workspace yet.</p>}
      {repositories.map((repository) => (
        <SetupScriptEntry
          key={repository}
          repository={repository}
          saved={scripts.find((entry) => entry.repository === repository)?.script ?? ''}
        />
      ))}
    </div>
  );
}

function SetupScriptEntry({ repository, saved }: { repository: string; saved: string }) {
  const setScript = useTasksStore((state) => state.setSetupScript);
  const [text, setText] = useState(saved);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => setText(saved), [saved]);
  const id = `setup-script-${repository.replace(/[^A-Za-z0-9]+/g, '-')}`;

  async function save(): Promise<void> {
    setNote(null);
    try {
      await setScript(repository, text);
      setNote(text.trim() ? 'Saved: new tasks of this repository run it.' : 'Cleared: new tasks run .paddock/setup.');
    } catch (reason) {
      setNote(messageOf(reason));
    }
  }

  return (
    <div className="settings-setup-script" role="group" aria-label={`Setup script of ${repository}`}>
      <label htmlFor={id}>
        <code>{repository}</code>
      </label>
      <textarea
        id={id}
        rows={Math.min(8, Math.max(2, text.split('\n').length + 1))}
        value={text}
        spellCheck={false}
        placeholder="npm ci"
        onChange={(event) => setText(event.target.value)}
      />
      <div className="row">
        <button type="button" disabled={text === saved} onClick={() => void save()}>
          Save setup script
        </button>
        {note && (
          <span className="hint" role="status">
            {note}
          </span>
        )}
      </div>
    </div>
  );
}
