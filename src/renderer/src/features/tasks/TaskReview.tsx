import { useState } from 'react';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useTasksStore } from '../../stores/useTasksStore';

/**
 * Above a task agent's Summary (issue 34): the branch and its base, the command the owner runs to
 * merge it (Paddock never merges nor pushes), Archive (branch kept) and Delete (asks first).
 */
export function TaskReview({ agentId }: { agentId: string }) {
  const task = useTasksStore((state) => state.tasks.find((one) => one.agentId === agentId));
  const archive = useTasksStore((state) => state.archive);
  const remove = useTasksStore((state) => state.remove);
  const [note, setNote] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (!task) return null;
  const act = async (work: () => Promise<void>, done: string): Promise<void> => {
    try {
      await work();
      await useAgentsStore.getState().load();
      setNote(done);
    } catch (reason) {
      setNote(messageOf(reason));
    }
  };
  return (
    <section className="task-review" aria-label={`Task ${task.name}`}>
      <h3>
        Task {task.name}: {task.branch} from {task.base}
      </h3>
      <p className="hint">Worktree {task.worktree}</p>
      <div className="hint">To merge it, run (Paddock never merges nor pushes):</div>
      <pre className="tool-args" tabIndex={0} aria-label="Merge command">
        {task.mergeCommand}
      </pre>
      {task.setup && (
        <details className="task-setup" open={!task.setup.ran || task.setup.exitCode !== 0}>
          <summary>
            {task.setup.source === 'settings' ? 'The setup script from Settings' : '.paddock/setup'}{' '}
            {task.setup.ran ? `ran in the sandbox (exit ${task.setup.exitCode ?? 'unknown'})` : 'did not run'}
          </summary>
          <pre className="tool-args" aria-label="Setup output" tabIndex={0}>
            {task.setup.output || '(no output)'}
          </pre>
        </details>
      )}
      <div className="row">
        <button
          type="button"
          onClick={() => void act(() => archive(task.id), `Archived: ${task.branch} is kept, the worktree is removed.`)}
        >
          Archive
        </button>
        {!confirming && (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Delete…
          </button>
        )}
        {confirming && (
          <>
            <span className="warning">
              Delete the worktree (uncommitted changes too), the branch {task.branch} and this task&apos;s agent?
            </span>
            <button
              type="button"
              className="danger"
              onClick={() => void act(() => remove(task.id), `Deleted the task ${task.name}.`)}
            >
              Delete task
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        )}
      </div>
      {note && (
        <p className="hint" role="status">
          {note}
        </p>
      )}
    </section>
  );
}
