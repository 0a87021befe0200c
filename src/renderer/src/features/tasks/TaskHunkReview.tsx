import { useEffect, useState } from 'react';
import type { TaskDiffFileView } from '../../../../shared/domain';
import { messageOf } from '../../lib/errors';
import { useSummaryStore } from '../../stores/useSummaryStore';
import { useTasksStore } from '../../stores/useTasksStore';
import { HunkList } from '../cards/HunkList';

const STATUS_WORDS: Record<TaskDiffFileView['status'], string> = {
  A: 'added',
  M: 'modified',
  D: 'deleted',
  R: 'renamed',
  C: 'copied',
  T: 'type changed',
  U: 'new, not added',
};

type Rejections = Record<string, ReadonlySet<string>>;

/**
 * A task's whole diff against its base in its Summary, hunk by hunk with the cards' review (issue
 * 34): the owner rejects hunks, and Revert takes them out of the worktree (the core writes the base's
 * lines back, refusing a file that changed since it was shown). Commits stay; the revert is a change
 * on top of them, left uncommitted for the agent or the owner.
 */
export function TaskHunkReview({ agentId }: { agentId: string }) {
  const task = useTasksStore((state) => state.tasks.find((one) => one.agentId === agentId));
  const diff = useTasksStore((state) => (task ? state.diffs[task.id] : undefined));
  const loadDiff = useTasksStore((state) => state.loadDiff);
  const revertHunks = useTasksStore((state) => state.revertHunks);
  // The Summary reloads when the agent changes files: the diff follows it.
  const summary = useSummaryStore((state) => state.summaries[agentId]);
  // The rejections, with the diff they name hunks of.
  const [review, setReview] = useState<{ shown: string; rejected: Rejections }>({ shown: '', rejected: {} });
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const taskId = task?.state === 'active' ? task.id : null;

  useEffect(() => {
    if (!taskId) return;
    void loadDiff(taskId).catch((reason: unknown) => setNote(messageOf(reason)));
  }, [taskId, summary, loadDiff]);

  // A rejection names a hunk of what was shown: a new diff (other fingerprints) starts the review again.
  const shown = diff?.files.map((file) => file.fingerprint).join(',') ?? '';
  const rejected = review.shown === shown ? review.rejected : {};
  const setRejected = (next: Rejections): void => setReview({ shown, rejected: next });

  if (!task || !taskId || !diff) return null;
  const count = Object.values(rejected).reduce((sum, ids) => sum + ids.size, 0);

  function toggle(file: TaskDiffFileView, hunkId: string, accept: boolean): void {
    const next = new Set(rejected[file.fingerprint] ?? []);
    if (accept) next.delete(hunkId);
    else next.add(hunkId);
    setRejected({ ...rejected, [file.fingerprint]: next });
  }

  async function revert(): Promise<void> {
    if (!diff || !taskId) return;
    const files = diff.files
      .filter((file) => (rejected[file.fingerprint]?.size ?? 0) > 0)
      .map((file) => ({ path: file.path, fingerprint: file.fingerprint, hunkIds: [...rejected[file.fingerprint]!] }));
    setBusy(true);
    setNote(null);
    try {
      const reverted = await revertHunks(taskId, files);
      setNote(
        `Reverted ${reverted} ${reverted === 1 ? 'hunk' : 'hunks'} in the worktree: those lines are the base's again (not committed).`,
      );
      void useSummaryStore.getState().load(agentId);
    } catch (reason) {
      setNote(messageOf(reason));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="task-hunks" aria-label="Review against the base">
      <h2 className="summary-heading">
        The whole diff against {diff.base ? `${diff.base.ref} (${diff.base.commit.slice(0, 7)})` : task.base}, hunk by
        hunk
      </h2>
      <p className="hint">
        Reject the hunks you do not want, then Revert: the worktree gets the base&apos;s lines back there. The
        task&apos;s commits stay; the revert is a change on top of them, not committed.
      </p>
      <div className="row task-hunks-actions">
        <button
          type="button"
          className="danger"
          disabled={busy || count === 0 || task.status === 'working'}
          title={task.status === 'working' ? 'The agent is working: wait for its turn to end' : undefined}
          onClick={() => void revert()}
        >
          {busy ? 'Reverting…' : `Revert ${count} rejected ${count === 1 ? 'hunk' : 'hunks'}`}
        </button>
        {count > 0 && (
          <button type="button" disabled={busy} onClick={() => setRejected({})}>
            Keep them all
          </button>
        )}
      </div>
      {note && (
        <p className="hint" role="status">
          {note}
        </p>
      )}
      {diff.files.length === 0 && <p className="hint">Nothing differs from the base.</p>}
      {diff.files.map((file) => (
        <section key={file.path} className="task-hunk-file" aria-label={`Hunks of ${file.path}`}>
          <div className="task-hunk-file-header">
            <code>{file.oldPath && file.oldPath !== file.path ? `${file.oldPath} → ${file.path}` : file.path}</code>{' '}
            <span className="hint">{STATUS_WORDS[file.status]}</span> <span className="added">+{file.additions}</span>{' '}
            <span className="removed">−{file.deletions}</span>
          </div>
          {file.hunks ? (
            <HunkList
              hunks={file.hunks}
              rejected={rejected[file.fingerprint] ?? new Set()}
              onToggle={(hunkId, accept) => toggle(file, hunkId, accept)}
              rejectedNote="rejected: Revert takes it out of the worktree"
            />
          ) : (
            <p className="hint">{file.why}</p>
          )}
        </section>
      ))}
      {diff.more > 0 && (
        <p className="hint">
          … and {diff.more} more new {diff.more === 1 ? 'file' : 'files'}, not listed.
        </p>
      )}
    </section>
  );
}
