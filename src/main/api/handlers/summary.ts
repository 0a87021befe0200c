import fs from 'node:fs';
import path from 'node:path';
import type { CoreApi } from '../coreApi';
import { openInEditor } from '../../owner/openInEditor';
import { resolveInsideWorkspace } from '../../workspace/resolve';
import type { PathContext } from '../../workspace/types';
import { ApiRefusal, type Handlers } from '../router';
import { requireAgent, requireWorkspace } from './context';

export const EDITOR_KEY = 'editor.command';

// Kinds the system opener (open, xdg-open, explorer) launches instead of showing: an app bundle, a
// terminal script, a desktop entry, an installer. The agent writes the workspace, so "Open in editor"
// on one of these would run the agent's code as the owner, outside every rule. Shell scripts etc.
// are caught by their executable bit.
const LAUNCHED_BY_OPENER = new Set([
  '.app', '.command', '.tool', '.terminal', '.workflow', '.action', '.scpt', '.scptd', '.applescript',
  '.pkg', '.mpkg', '.dmg', '.prefpane', '.saver', '.webloc', '.inetloc', '.fileloc', '.url', '.desktop', '.jar',
  '.appimage', '.flatpakref', '.deb', '.rpm', '.run', '.exe', '.msi', '.bat', '.cmd', '.com', '.ps1', '.lnk', '.scr', '.reg',
  // Windows Script Host runs these on a double click; elsewhere a .js is source to be read.
  ...(process.platform === 'win32' ? ['.js', '.jse', '.vbs', '.vbe', '.wsf', '.hta'] : []),
]);

/** Whether the system opener would launch (not show) what `requested` names: then the owner is told, nothing opens. */
function launchedByOpener(ctx: PathContext, requested: string): string | null {
  const decision = resolveInsideWorkspace(ctx, { path: requested, for: 'read' });
  if (!decision.ok) return null; // openInEditor refuses it with the rule's own sentence
  let stat: fs.Stats;
  try {
    stat = fs.statSync(decision.path);
  } catch {
    return null;
  }
  const extension = path.extname(decision.path).toLowerCase();
  if (LAUNCHED_BY_OPENER.has(extension)) return `${extension} files are launched by the system opener, not shown`;
  if (stat.isFile() && (stat.mode & 0o111) !== 0) return 'it is executable, and the system opener may run it';
  return null;
}

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
      const editor = core.settings.get<string[] | null>(EDITOR_KEY, null);
      if (!editor || editor.length === 0) {
        const launched = launchedByOpener(ctx, requested);
        if (launched) throw new ApiRefusal('refused', `refused: ${requested} is not opened with the system opener: ${launched}; view it in the Files tab`);
      }
      const opened = openInEditor(ctx, requested, editor);
      if (!opened.ok) throw new ApiRefusal('refused', opened.reason);
      return { opened: true };
    },
    'tests.failing': (request) => core.failingTestsFor(request.agentId, core.workspaces.get(requireAgent(core, request.agentId).id)),
  };
}
