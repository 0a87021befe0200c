// The guided first run (issue 23 §1): what a typed folder holds, the completion of a typed path
// (the web host has no folder dialog), and Test connection. Whether it is done is in app.info.
import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

export function setupHandlers(core: CoreApi): Pick<Handlers, 'workspaces.inspect' | 'workspaces.complete' | 'agents.testConnection'> {
  return {
    'workspaces.inspect': (request) => core.inspectFolder(request.directory),
    'workspaces.complete': (request) => core.completeFolder(request.prefix),
    'agents.testConnection': (request) => core.testConnection(request.agentId, request.apiKey),
  };
}
