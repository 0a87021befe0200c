// Conversations: listing, opening, their pages of messages, the owner's message that opens a turn,
// Stop, and their tokens and cost.
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { nameByFirstRequest } from '../agent/conversationTitle';
import { requireAgent } from './lookups';
import type { CoreServices } from './services';

export function conversationsCalls(core: CoreServices): DomainApi<'conversations'> {
  const requireConversation = (conversationId: string) => {
    const conversation = core.conversations.get(conversationId);
    if (!conversation) throw new CoreRefusal('not-found', 'there is no such conversation');
    return conversation;
  };
  return {
    list: (request) => core.conversations.listForAgent(requireAgent(core, request.agentId).id),
    create: (request) => core.conversations.create(requireAgent(core, request.agentId).id, request.title ?? 'New conversation'),
    messages(request) {
      requireConversation(request.conversationId);
      const page = core.conversations.page(request.conversationId, { before: request.before, limit: request.limit });
      return { ...page, calls: core.toolCalls.listForConversation(request.conversationId) };
    },
    /**
     * The owner's message opens a turn: the live owner request every developer tool's floor checks.
     * With `when`, a message while a turn works waits for its next step ("now") or its end ("queue");
     * without it, such a message is refused, as it always was.
     */
    send(request) {
      const conversation = requireConversation(request.conversationId);
      if (nameByFirstRequest(core.conversations, conversation.id, request.text)) {
        core.events.emit({ type: 'conversations.changed', agentId: conversation.agentId });
      }
      const turn = { agentId: conversation.agentId, conversationId: conversation.id, text: request.text };
      if (request.when === undefined) return { turnId: core.runner.startTurn(turn), held: null };
      return core.runner.interject({ ...turn, when: request.when });
    },
    cancel(request) {
      const turnId = core.runner.activeTurn(request.conversationId);
      return { cancelled: turnId !== null && core.runner.cancel(turnId) };
    },
    /** Tokens and cost of one conversation. */
    usage: (request) => core.usageFor(requireConversation(request.conversationId).id),
  };
}
