import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

type LibraryCalls = 'conversations.search' | 'conversations.rename' | 'conversations.archive' | 'conversations.delete' | 'conversations.fork';

export function libraryHandlers(core: CoreApi): Pick<Handlers, LibraryCalls> {
  return {
    'conversations.search': (request) => core.searchConversations(request.text, request.limit),
    'conversations.rename': (request) => core.renameConversation(request.conversationId, request.title),
    'conversations.archive': (request) => core.archiveConversation(request.conversationId, request.archived),
    'conversations.delete': (request) => core.deleteConversation(request.conversationId),
    'conversations.fork': (request) => core.forkConversation(request.conversationId, request.messageId),
  };
}
