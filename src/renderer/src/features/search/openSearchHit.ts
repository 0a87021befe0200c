import type { SearchGroupView, SearchHitView } from '../../../../shared/domain';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';
import { useConversationStore } from '../../stores/useConversationStore';

/** A search hit opens its agent and conversation, archived or not, scrolled to the message and marked. */
export async function openSearchHit(group: SearchGroupView, hit: SearchHitView): Promise<void> {
  useAgentsStore.getState().select(group.agentId);
  useAppStore.getState().setView('agent');
  try {
    await useConversationStore.getState().loadConversations(group.agentId);
    await useConversationStore.getState().openAt(group.agentId, group.conversationId, hit.messageId);
  } catch (reason) {
    useAppStore.getState().showError(messageOf(reason));
  }
}
