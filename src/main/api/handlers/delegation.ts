import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

// Delegates (seed 003 §10.5): an agent's helpers and a delegation's folded conversation.
export function delegationHandlers(core: CoreApi): Pick<Handlers, 'delegation.helpers' | 'delegation.setHelpers' | 'delegation.get'> {
  return {
    'delegation.helpers': (request) => core.helpers(request.agentId),
    'delegation.setHelpers': (request) => core.setHelpers(request.agentId, request.helpers),
    'delegation.get': (request) => core.delegation(request.callId),
  };
}
