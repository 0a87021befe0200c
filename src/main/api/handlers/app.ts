import type { AppInfo } from '../../../shared/ipc';
import { SWITCHES_KEY, type Core } from '../../core';
import type { Handlers } from '../router';
import type { HostCapabilities } from './context';

export function appInfo(core: Core, host: HostCapabilities): AppInfo {
  const saved = { ...core.switches, ...core.savedSwitches() };
  return {
    version: host.version,
    host: host.host,
    dataDir: core.options.dataDir,
    switches: core.switches,
    savedSwitches: saved,
    switchesFromEnvironment: core.switchesFromEnvironment,
    restartRequired: (Object.keys(saved) as (keyof typeof saved)[]).some((key) => saved[key] !== core.switches[key]),
    keyStorage: core.secrets.describe(),
    tailscale: { enabled: core.tailscaleEnabled(), statement: core.tailscaleStatement() },
    canPickDirectory: host.pickDirectory !== undefined,
  };
}

export function appHandlers(core: Core, host: HostCapabilities): Pick<Handlers, 'app.info' | 'settings.setSwitches' | 'settings.setTailscale'> {
  return {
    'app.info': () => appInfo(core, host),
    'settings.setSwitches': (request) => {
      // Saved now, in force at the next start: the switches are read once (seed 000).
      core.settings.set(SWITCHES_KEY, { ...core.savedSwitches(), ...request });
      return appInfo(core, host);
    },
    'settings.setTailscale': (request) => {
      core.setTailscaleEnabled(request.enabled);
      return appInfo(core, host);
    },
  };
}
