import type { AppInfo } from '../../../shared/ipc';
import type { CoreApi } from '../coreApi';
import { restartRequired } from '../../dispatch/switches';
import { parseDomainList } from '../../sandbox/domains';
import { ApiRefusal, type Handlers } from '../router';
import type { HostCapabilities } from './context';
import { setupDone } from './setup';

export function appInfo(core: CoreApi, host: HostCapabilities): AppInfo {
  const saved = { ...core.switches, ...core.savedSwitches() };
  return {
    version: host.version,
    host: host.host,
    dataDir: core.options.dataDir,
    switches: core.switches,
    savedSwitches: saved,
    switchesFromEnvironment: core.switchesFromEnvironment,
    restartRequired: restartRequired(core.switches, saved),
    keyStorage: core.secrets.describe(),
    tailscale: { enabled: core.tailscaleEnabled(), statement: core.tailscaleStatement() },
    canPickDirectory: host.pickDirectory !== undefined,
    setupDone: setupDone(core),
    sandbox: {
      contained: core.sandbox.contained,
      line: core.sandbox.describe(),
      warning: core.sandbox.contained ? null : NO_SANDBOX_WARNING,
      agents: Object.fromEntries(core.agents.list().map((agent) => [agent.id, core.sandboxChoicesFor(agent.id)])),
      agentLines: Object.fromEntries(core.agents.list().map((agent) => [agent.id, core.sandbox.describe(core.sandboxChoicesFor(agent.id).allowedDomains)])),
    },
  };
}

export const NO_SANDBOX_WARNING =
  "Nothing an agent runs is contained: its processes run as you, can read your files and credentials, and can read Paddock's own environment (/proc/<pid>/environ), API keys included when they were given as environment variables. Commands that run the project's code and every bash call are cards.";

export function appHandlers(core: CoreApi, host: HostCapabilities): Pick<Handlers, 'app.info' | 'settings.setSwitches' | 'settings.setTailscale' | 'settings.setAgentSandbox'> {
  return {
    'app.info': () => appInfo(core, host),
    'settings.setSwitches': (request) => {
      // Saved now, in force at the next start: the switches are read once (seed 000).
      core.saveSwitches(request);
      return appInfo(core, host);
    },
    'settings.setTailscale': (request) => {
      core.setTailscaleEnabled(request.enabled);
      return appInfo(core, host);
    },
    'settings.setAgentSandbox': (request) => {
      if (!core.agents.get(request.agentId)) throw new ApiRefusal('not-found', 'there is no such agent');
      const { agentId, ...choices } = request;
      if (choices.allowedDomains) {
        const parsed = parseDomainList(choices.allowedDomains.join(' '));
        if (parsed.refused.length > 0) throw new ApiRefusal('bad-request', `refused: ${parsed.refused.join('; ')}`);
      }
      core.setSandboxChoices(agentId, choices);
      return appInfo(core, host);
    },
  };
}
