import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

// Connected repositories (seed 000): cloned or created by the core, then the agent's workspace.
export function repositoryHandlers(core: CoreApi): Pick<Handlers, 'repositories.clone' | 'repositories.create'> {
  return {
    'repositories.clone': (request) => core.cloneRepository(request.agentId, request.url),
    'repositories.create': (request) => core.createRepository(request.agentId),
  };
}
