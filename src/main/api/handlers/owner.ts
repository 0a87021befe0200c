import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

export function ownerHandlers(core: CoreApi): Pick<Handlers, 'owner.pull' | 'owner.runTests'> {
  return {
    'owner.pull': (request) => core.pull(request.agentId),
    'owner.runTests': (request) => core.runOwnerTests(request.agentId, request.command),
  };
}
