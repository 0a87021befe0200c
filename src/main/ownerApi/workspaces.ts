// An agent's workspace: setting it, the host's folder dialog, and the first run's look at a typed
// folder and completion of a typed path (the web host has no folder dialog).
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { completeFolder, folderFacts } from '../workspace/folderFacts';
import { agentsChanged, agentView } from './agentView';
import { requireAgent } from './lookups';
import type { CoreServices } from './services';

export function workspacesCalls(core: CoreServices): DomainApi<'workspaces'> {
  return {
    async set(request) {
      const agent = requireAgent(core, request.agentId);
      const assigned = await core.assignment.assign(agent.id, request.directory);
      if (!assigned.ok) throw new CoreRefusal('refused', assigned.reason);
      agentsChanged(core);
      return agentView(core, agent);
    },
    async pickDirectory(request, host) {
      if (!host.pickDirectory)
        throw new CoreRefusal('unsupported', 'this window has no folder dialog: type the directory’s path');
      return { directory: await host.pickDirectory(request.purpose ?? 'workspace') };
    },
    inspect: (request) =>
      folderFacts(request.directory, core.options.home, (resolved) => core.assignment.refusalOf(resolved)),
    complete: (request) => ({ folders: completeFolder(request.prefix, core.options.home) }),
  };
}
