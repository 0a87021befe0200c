import type { CoreApi } from '../coreApi';
import { ApiRefusal, type Handlers } from '../router';

export function cardHandlers(core: CoreApi): Pick<Handlers, 'cards.list' | 'cards.answer' | 'toolCalls.list'> {
  return {
    'cards.list': () => core.cards.list(),
    'cards.answer': (request) => {
      // The core decides which answers count: not pending, another hash or an unoffered remember is refused.
      const answered = core.cards.answer(request);
      if (!answered.ok) throw new ApiRefusal('refused', answered.message);
      return { answered: true };
    },
    'toolCalls.list': (request) => core.toolCalls.listForConversation(request.conversationId),
  };
}
