import type { CoreApi } from '../coreApi';
import { ApiRefusal, type Handlers } from '../router';
import { requireAgent } from './context';
import { nameByFirstRequest } from '../../agent/conversationTitle';

type ConversationCalls =
  | 'conversations.list'
  | 'conversations.create'
  | 'conversations.messages'
  | 'conversations.send'
  | 'conversations.cancel'
  | 'conversations.retry'
  | 'conversations.usage';

export function conversationHandlers(core: CoreApi): Pick<Handlers, ConversationCalls> {
  const requireConversation = (conversationId: string) => {
    const conversation = core.conversations.get(conversationId);
    if (!conversation) throw new ApiRefusal('not-found', 'there is no such conversation');
    return conversation;
  };
  return {
    'conversations.usage': (request) => core.usageFor(requireConversation(request.conversationId).id),
    'conversations.list': (request) => core.conversations.listForAgent(requireAgent(core, request.agentId).id),
    'conversations.create': (request) => core.conversations.create(requireAgent(core, request.agentId).id, request.title ?? 'New conversation'),
    'conversations.messages': (request) => {
      requireConversation(request.conversationId);
      const page = core.conversations.page(request.conversationId, { before: request.before, limit: request.limit });
      return { ...page, calls: core.toolCalls.listForConversation(request.conversationId) };
    },
    'conversations.send': (request) => {
      const conversation = requireConversation(request.conversationId);
      if (nameByFirstRequest(core.conversations, conversation.id, request.text)) {
        core.events.emit({ type: 'conversations.changed', agentId: conversation.agentId });
      }
      // The owner's message opens a turn: the live owner request every developer tool's floor checks.
      return { turnId: core.runner.startTurn({ agentId: conversation.agentId, conversationId: conversation.id, text: request.text }) };
    },
    'conversations.retry': (request) => {
      const conversation = requireConversation(request.conversationId);
      return { turnId: core.runner.retryTurn({ agentId: conversation.agentId, conversationId: conversation.id }) };
    },
    'conversations.cancel': (request) => {
      const turnId = core.runner.activeTurn(request.conversationId);
      return { cancelled: turnId !== null && core.runner.cancel(turnId) };
    },
  };
}
