import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

// "Commands you allowed" (seed 003 §8): every "remember" the owner said on a card, with Forget.
export function rememberedHandlers(core: CoreApi): Pick<Handlers, 'remembered.list' | 'remembered.forget'> {
  return {
    'remembered.list': () => core.listRemembered(),
    'remembered.forget': (request) => core.forgetRemembered(request.id),
  };
}
