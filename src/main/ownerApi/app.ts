// app.info: the instance as Settings shows it (switches, Tailscale, the sandbox, the first run),
// with what only the host knows (its name, its version, whether it has a folder dialog).
import type { AppInfo } from '../../shared/ipc';
import type { DomainApi, HostCapabilities } from '../api/coreApi';
import { restartRequired } from '../dispatch/switches';
import { runsByEffect } from '../sandbox/containment';
import { runningAsRootLine } from '../sandbox/engine';
import type { CoreServices } from './services';

export const SETUP_DONE_KEY = 'setup.done';

export const NO_SANDBOX_WARNING =
  "Nothing an agent runs is contained: its processes run as you, can read your files and credentials, and can read Paddock's own environment (/proc/<pid>/environ), API keys included when they were given as environment variables. Commands that run the project's code and every bash call are cards.";

/** Done once the owner finishes or skips it; PADDOCK_SKIP_SETUP=1 starts without it (scripted installs, the e2e suite). */
export const setupDone = (core: CoreServices): boolean =>
  core.options.env?.PADDOCK_SKIP_SETUP === '1' || core.settings.get<boolean>(SETUP_DONE_KEY, false);

export function appInfo(core: CoreServices, host: HostCapabilities): AppInfo {
  const saved = { ...core.switches, ...core.savedSwitches() };
  const agents = core.agents.list();
  return {
    dataDir: core.options.dataDir,
    switches: core.switches,
    savedSwitches: saved,
    switchesFromEnvironment: core.switchesFromEnvironment,
    restartRequired: restartRequired(core.switches, saved),
    keyStorage: core.secrets.describe(),
    tailscale: { enabled: core.tailscaleEnabled(), statement: core.tailscaleStatement() },
    setupDone: setupDone(core),
    sandbox: {
      contained: core.sandbox.contained,
      line: core.sandbox.describe(),
      warning:
        [core.sandbox.contained ? null : NO_SANDBOX_WARNING, runningAsRootLine()]
          .filter((said) => said !== null)
          .join(' ') || null,
      agents: Object.fromEntries(agents.map((agent) => [agent.id, core.sandboxChoices.choicesFor(agent.id)])),
      runsByEffect: Object.fromEntries(
        agents.map((agent) => [
          agent.id,
          runsByEffect(core.sandbox.contained, core.sandboxChoices.choicesFor(agent.id).runListOnly),
        ]),
      ),
      agentLines: Object.fromEntries(
        agents.map((agent) => [
          agent.id,
          core.sandbox.describe(core.sandboxChoices.choicesFor(agent.id).allowedDomains),
        ]),
      ),
    },
    version: host.version,
    host: host.host,
    canPickDirectory: host.pickDirectory !== undefined,
  };
}

export function appCalls(core: CoreServices): DomainApi<'app'> {
  return {
    info: (_request, host) => appInfo(core, host),
  };
}
