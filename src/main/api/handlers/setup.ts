// The guided first run (issue 23 §1): whether it is done, what a typed folder holds, the completion
// of a typed path (the web host has no folder dialog), and Test connection.
import { testConnection } from '../../agent/providers/connectionTest';
import type { CoreApi } from '../coreApi';
import { completeFolder, folderFacts } from '../../workspace/folderFacts';
import type { Handlers } from '../router';
import { appInfo } from './app';
import { requireAgent, type HostCapabilities } from './context';

const SETUP_DONE_KEY = 'setup.done';

/** Done once the owner finishes or skips it; PADDOCK_SKIP_SETUP=1 starts without it (scripted installs, the e2e suite). */
export function setupDone(core: CoreApi): boolean {
  return core.options.env?.PADDOCK_SKIP_SETUP === '1' || core.settings.get<boolean>(SETUP_DONE_KEY, false);
}

type SetupCalls = 'settings.setSetupDone' | 'workspaces.inspect' | 'workspaces.complete' | 'agents.testConnection';

export function setupHandlers(core: CoreApi, host: HostCapabilities): Pick<Handlers, SetupCalls> {
  return {
    'settings.setSetupDone': (request) => {
      core.settings.set(SETUP_DONE_KEY, request.done);
      return appInfo(core, host);
    },
    'workspaces.inspect': (request) => folderFacts(request.directory, core.options.home),
    'workspaces.complete': (request) => ({ folders: completeFolder(request.prefix, core.options.home) }),
    'agents.testConnection': (request) =>
      testConnection(requireAgent(core, request.agentId), core.secrets, core.options.env, request.apiKey ? { apiKey: request.apiKey } : {}),
  };
}
