import { useState, type KeyboardEvent } from 'react';
import type { ConversationView } from '../../../../shared/domain';
import { messageOf } from '../../lib/errors';
import { useConversationStore } from '../../stores/useConversationStore';

/**
 * Deleting asks first, in the window: what goes (its messages, its tool calls, its search entries)
 * and what stays (the files, other conversations, their checkpoints). Cancel is the default.
 * A refusal (a turn working in it) is shown here, in the core's words.
 */
export function ConfirmDelete({ conversation, onClose }: { conversation: ConversationView; onClose(): void }) {
  const remove = useConversationStore((state) => state.remove);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  }

  async function confirm(): Promise<void> {
    setBusy(true);
    try {
      await remove(conversation.id);
      onClose();
    } catch (reason) {
      setRefusal(messageOf(reason));
      setBusy(false);
    }
  }

  return (
    <div className="palette-backdrop" onMouseDown={onClose}>
      <div
        className="palette confirm-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-delete-title"
        aria-describedby="confirm-delete-text"
        onMouseDown={(event) => event.stopPropagation()}
        onKeyDown={onKeyDown}
      >
        <h2 id="confirm-delete-title">Delete “{conversation.title}”?</h2>
        <p id="confirm-delete-text">
          Its messages, its tool calls and their search entries are removed for good. The files in the workspace, other
          conversations and their checkpoints stay as they are.
        </p>
        {refusal && (
          <p className="confirm-refusal" role="alert">
            {refusal}
          </p>
        )}
        <div className="row confirm-actions">
          <button type="button" autoFocus onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="danger" disabled={busy} onClick={() => void confirm()}>
            Delete conversation
          </button>
        </div>
      </div>
    </div>
  );
}
