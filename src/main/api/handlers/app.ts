import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';
import { appInfo, type HostCapabilities } from './context';

type AppCalls = 'app.info' | 'settings.setSwitches' | 'settings.setTailscale' | 'settings.setAgentSandbox' | 'settings.setSetupDone';

export function appHandlers(core: CoreApi, host: HostCapabilities): Pick<Handlers, AppCalls> {
  return {
    'app.info': () => appInfo(core, host),
    'settings.setSwitches': (request) => {
      core.saveSwitches(request);
      return appInfo(core, host);
    },
    'settings.setTailscale': (request) => {
      core.setTailscale(request.enabled);
      return appInfo(core, host);
    },
    'settings.setAgentSandbox': (request) => {
      core.setAgentSandbox(request);
      return appInfo(core, host);
    },
    'settings.setSetupDone': (request) => {
      core.setSetupDone(request.done);
      return appInfo(core, host);
    },
  };
}
