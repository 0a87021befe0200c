import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

type ConversationCalls =
  | 'conversations.list'
  | 'conversations.create'
  | 'conversations.messages'
  | 'conversations.send'
  | 'conversations.cancel'
  | 'conversations.retry'
  | 'conversations.usage';

export function conversationHandlers(core: CoreApi): Pick<Handlers, ConversationCalls> {
  return {
    'conversations.usage': (request) => core.usage(request.conversationId),
    'conversations.list': (request) => core.listConversations(request.agentId),
    'conversations.create': (request) => core.createConversation(request.agentId, request.title),
    'conversations.messages': (request) => core.messages(request),
    'conversations.send': (request) => core.sendMessage(request.conversationId, request.text, request.mode),
    'conversations.retry': (request) => core.retryTurn(request.conversationId),
    'conversations.cancel': (request) => core.cancelTurn(request.conversationId),
  };
}
