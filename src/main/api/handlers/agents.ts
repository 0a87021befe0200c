import type { CoreApi } from '../coreApi';
import { ApiRefusal, type Handlers } from '../router';
import type { HostCapabilities } from './context';

type AgentCalls =
  | 'agents.list'
  | 'agents.create'
  | 'agents.update'
  | 'agents.models'
  | 'agents.remove'
  | 'agents.vocabulary'
  | 'agents.setApiKey'
  | 'agents.clearApiKey'
  | 'workspaces.set'
  | 'workspaces.pickDirectory';

export function agentHandlers(core: CoreApi, host: HostCapabilities): Pick<Handlers, AgentCalls> {
  return {
    'agents.list': () => core.listAgents(),
    'agents.create': (request) => core.createAgent(request),
    'agents.models': (request) => core.listModels(request.agentId),
    'agents.update': (request) => core.updateAgent(request),
    'agents.remove': async (request) => {
      await core.removeAgent(request.agentId);
      return { removed: true };
    },
    'agents.vocabulary': (request) => core.vocabulary(request.agentId),
    'agents.setApiKey': (request) => core.setApiKey(request.agentId, request.apiKey),
    'agents.clearApiKey': (request) => core.clearApiKey(request.agentId),
    'workspaces.set': (request) => core.setWorkspace(request.agentId, request.directory),
    'workspaces.pickDirectory': async () => {
      if (!host.pickDirectory) throw new ApiRefusal('unsupported', 'this window has no folder dialog: type the directory’s path');
      return { directory: await host.pickDirectory() };
    },
  };
}
