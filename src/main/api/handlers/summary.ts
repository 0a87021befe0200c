import type { Core } from '../../core';
import { openInEditor } from '../../owner/openInEditor';
import { failingTestsFor, summaryFor } from '../../owner/summaryView';
import { ApiRefusal, type Handlers } from '../router';
import { requireAgent, requireWorkspace } from './context';

export const EDITOR_KEY = 'editor.command';

export function summaryHandlers(core: Core): Pick<Handlers, 'summary.get' | 'summary.openInEditor' | 'tests.failing'> {
  return {
    'summary.get': async (request) => {
      const agent = requireAgent(core, request.agentId);
      const workspace = core.workspaces.get(agent.id);
      if (!workspace) throw new ApiRefusal('refused', `${agent.handle} has no workspace yet`);
      return summaryFor(core.db, agent, workspace, { home: core.options.home, dataDir: core.options.dataDir });
    },
    'summary.openInEditor': (request) => {
      const ctx = requireWorkspace(core, request.agentId);
      const opened = openInEditor(ctx, request.path ?? '.', core.settings.get<string[] | null>(EDITOR_KEY, null));
      if (!opened.ok) throw new ApiRefusal('refused', opened.reason);
      return { opened: true };
    },
    'tests.failing': (request) => failingTestsFor(core.db, request.agentId, core.workspaces.get(requireAgent(core, request.agentId).id)),
  };
}
