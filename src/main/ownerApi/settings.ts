// Settings: the switches, Tailscale, an agent's sandbox choices and the first run. Each answers with
// app.info as it is now.
import type { DomainApi } from '../api/coreApi';
import { CoreRefusal } from '../api/coreApi';
import { DomainListRefusal } from '../sandbox/domains';
import { appInfo, SETUP_DONE_KEY } from './app';
import { requireAgent } from './lookups';
import type { CoreServices } from './services';

export function settingsCalls(core: CoreServices): DomainApi<'settings'> {
  return {
    /** Saved now, in force at the next start: the switches are read once (seed 000). */
    setSwitches(patch, host) {
      core.saveSwitches(patch);
      return appInfo(core, host);
    },
    setTailscale(request, host) {
      core.setTailscaleEnabled(request.enabled);
      return appInfo(core, host);
    },
    setAgentSandbox(request, host) {
      const { agentId, ...choices } = request;
      requireAgent(core, agentId);
      try {
        core.sandboxChoices.setChoices(agentId, choices);
      } catch (error) {
        if (error instanceof DomainListRefusal) throw new CoreRefusal('bad-request', error.message);
        throw error;
      }
      return appInfo(core, host);
    },
    setSetupDone(request, host) {
      core.settings.set(SETUP_DONE_KEY, request.done);
      return appInfo(core, host);
    },
  };
}
