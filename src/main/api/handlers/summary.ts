import type { CoreApi } from '../coreApi';
import { openForOwner } from '../../owner/openInEditor';
import { ApiRefusal, type Handlers } from '../router';
import { requireAgent, requireWorkspace } from './context';

export const EDITOR_KEY = 'editor.command';

export function summaryHandlers(core: CoreApi): Pick<Handlers, 'summary.get' | 'summary.openInEditor' | 'tests.failing'> {
  return {
    'summary.get': async (request) => {
      const agent = requireAgent(core, request.agentId);
      const workspace = core.workspaces.get(agent.id);
      if (!workspace) throw new ApiRefusal('refused', `${agent.handle} has no workspace yet`);
      return core.summaryFor(agent, workspace);
    },
    'summary.openInEditor': (request) => {
      const ctx = requireWorkspace(core, request.agentId);
      const requested = request.path ?? '.';
      const opened = openForOwner(ctx, requested, core.settings.get<string[] | null>(EDITOR_KEY, null));
      if (!opened.ok) throw new ApiRefusal('refused', opened.reason);
      return { opened: true };
    },
    'tests.failing': (request) => core.failingTestsFor(request.agentId, core.workspaces.get(requireAgent(core, request.agentId).id)),
  };
}
