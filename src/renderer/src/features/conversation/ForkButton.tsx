import { GitBranch } from 'lucide-react';
import { messageOf } from '../../lib/errors';
import { useAppStore } from '../../stores/useAppStore';
import { useConversationStore } from '../../stores/useConversationStore';
import { focusComposer } from '../palette/commands';

/**
 * "Fork from here": a new conversation with everything before this message, the message itself in
 * its composer to send again or change. The files stay as they are; the restore beside it takes them back.
 */
export function ForkButton({ conversationId, messageId }: { conversationId: string; messageId: number }) {
  const fork = useConversationStore((state) => state.fork);
  return (
    <button
      type="button"
      className="link message-fork"
      title="A new conversation with the history before this message; the files are not changed"
      onClick={() =>
        void fork(conversationId, messageId)
          .then(focusComposer)
          .catch((reason: unknown) => useAppStore.getState().showError(messageOf(reason)))
      }
    >
      <GitBranch size={11} aria-hidden="true" /> Fork from here
    </button>
  );
}
