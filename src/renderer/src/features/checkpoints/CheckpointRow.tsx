import type { CheckpointView } from '../../../../shared/domain';
import { messageOf } from '../../lib/errors';
import { useAppStore } from '../../stores/useAppStore';
import { useCheckpointsStore } from '../../stores/useCheckpointsStore';

// The transcript's undo (issue 20): each button only asks; the core draws a card with the diff of
// what would change on disk, and nothing is restored until the owner approves that card.

function ask(work: () => Promise<void>): void {
  void work().catch((reason: unknown) => useAppStore.getState().showError(messageOf(reason)));
}

/** After a turn's (or a restore's) last message: what it changed, and its Undo. */
export function CheckpointRow({ checkpoint }: { checkpoint: CheckpointView }) {
  const undo = useCheckpointsStore((state) => state.undo);
  const label = checkpoint.kind === 'turn' ? 'Undo this turn' : 'Undo this restore';
  // A restore's notice, just above its row, already says what it did: the row only offers its undo.
  const summary =
    checkpoint.kind === 'turn' ? checkpoint.summary || 'this turn ran commands that could change files' : null;
  return (
    <div
      className={`checkpoint-row${checkpoint.undone ? ' undone' : ''}`}
      role="group"
      aria-label={`Checkpoint: ${label}`}
    >
      {summary !== null && <span className="checkpoint-summary hint">{summary}</span>}
      {checkpoint.undone ? (
        <span className="hint checkpoint-state">undone</span>
      ) : checkpoint.pruned ? (
        <span
          className="hint checkpoint-state"
          title="The oldest checkpoints go when the history passes its size budget (Settings)"
        >
          checkpoint removed
        </span>
      ) : (
        <button type="button" className="link" onClick={() => ask(() => undo(checkpoint.id))}>
          {label}
        </button>
      )}
    </div>
  );
}

export function RestoreBeforeButton({ conversationId, messageId }: { conversationId: string; messageId: number }) {
  const restoreBefore = useCheckpointsStore((state) => state.restoreBefore);
  return (
    <button
      type="button"
      className="link message-restore"
      onClick={() => ask(() => restoreBefore(conversationId, messageId))}
    >
      Restore to before this message
    </button>
  );
}
