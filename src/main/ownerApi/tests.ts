// The tests that failed in the agent's last recorded run in its workspace.
import type { DomainApi } from '../api/coreApi';
import { requireAgent } from './lookups';
import type { CoreServices } from './services';

export function testsCalls(core: CoreServices): DomainApi<'tests'> {
  return {
    failing: (request) =>
      core.failingTestsFor(request.agentId, core.workspaces.get(requireAgent(core, request.agentId).id)),
  };
}
