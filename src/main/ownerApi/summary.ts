// The Summary tab: the diff since the branch point, commits and test runs; and Open in editor with
// the owner's editor command (Settings), or the system's default opener.
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { openForOwner } from '../owner/openInEditor';
import { requireAgentWorkspace, requirePathContext } from './lookups';
import type { CoreServices } from './services';

/** The owner's editor command (Settings), argv; null: the system's default opener. */
export const EDITOR_KEY = 'editor.command';

export function summaryCalls(core: CoreServices): DomainApi<'summary'> {
  return {
    get(request) {
      const { agent, workspace } = requireAgentWorkspace(core, request.agentId);
      // A task's Summary is against its own base branch.
      return core.summaryFor(agent, workspace, core.tasks.forAgent(agent.id)?.base);
    },
    openInEditor(request) {
      const opened = openForOwner(
        requirePathContext(core, request.agentId),
        request.path ?? '.',
        core.settings.get<string[] | null>(EDITOR_KEY, null),
      );
      if (!opened.ok) throw new CoreRefusal('refused', opened.reason);
      return { opened: true };
    },
  };
}
