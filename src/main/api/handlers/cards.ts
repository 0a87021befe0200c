import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

export function cardHandlers(core: CoreApi): Pick<Handlers, 'cards.list' | 'cards.answer' | 'toolCalls.list'> {
  return {
    'cards.list': () => core.listCards(),
    'cards.answer': (request) => {
      core.answerCard(request);
      return { answered: true };
    },
    'toolCalls.list': (request) => core.toolCalls(request.conversationId),
  };
}
