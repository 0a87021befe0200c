// Cards: the questions waiting on the owner, and the owner's answer. The core decides which answers
// count: one not pending, for another hash, or with a remember it did not offer is refused.
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import type { CoreServices } from './services';

export function cardsCalls(core: CoreServices): DomainApi<'cards'> {
  return {
    list: () => core.cards.list(),
    answer(request) {
      const answered = core.cards.answer(request);
      if (!answered.ok) throw new CoreRefusal('refused', answered.message);
      return { answered: true };
    },
  };
}
