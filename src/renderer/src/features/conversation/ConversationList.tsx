import { messageOf } from '../../lib/errors';
import { useAppStore } from '../../stores/useAppStore';
import { useConversationStore } from '../../stores/useConversationStore';
import { useAttentionStore } from '../../stores/useAttentionStore';
import { NeedsOwnerBadge } from '../agents/NeedsOwnerBadge';

const NONE: never[] = [];

/** The agent's conversations, newest first, in the sidebar under the agent. */
export function ConversationList({ agentId, needs }: { agentId: string; needs: ReadonlyMap<string, number> }) {
  const conversations = useConversationStore((state) => state.byAgent[agentId] ?? NONE);
  const selected = useConversationStore((state) => state.selected[agentId] ?? null);
  const select = useConversationStore((state) => state.select);
  const create = useConversationStore((state) => state.create);
  const showError = useAppStore((state) => state.showError);
  const setView = useAppStore((state) => state.setView);
  const seen = useAttentionStore((state) => state.seen);

  return (
    <div className="conversation-list">
      <ul aria-label="Conversations">
        {conversations.map((conversation) => (
          <li key={conversation.id}>
            <button
              type="button"
              className={`conversation-item ${conversation.id === selected ? 'selected' : ''}`}
              aria-current={conversation.id === selected ? 'true' : undefined}
              onClick={() => {
                select(agentId, conversation.id);
                seen(conversation.id);
                setView('agent');
              }}
            >
              {conversation.title}
              <NeedsOwnerBadge count={needs.get(conversation.id) ?? 0} what={conversation.title} />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="link new-conversation"
        onClick={() => {
          setView('agent');
          void create(agentId).catch((reason: unknown) => showError(messageOf(reason)));
        }}
      >
        New conversation
      </button>
    </div>
  );
}
