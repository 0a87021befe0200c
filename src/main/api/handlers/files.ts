import type { CoreApi } from '../coreApi';
import { workspaceFile, workspaceTree } from '../../owner/ownerFiles';
import { ApiRefusal, type Handlers } from '../router';
import { requireWorkspace } from './context';

export function fileHandlers(core: CoreApi): Pick<Handlers, 'files.tree' | 'files.read'> {
  return {
    'files.tree': (request) => {
      const workspace = requireWorkspace(core, request.agentId);
      // The tab that asked for the tree now follows it live.
      core.watchers.ensure(request.agentId, workspace.workspace);
      const tree = workspaceTree(workspace, request.path ?? '.', request.depth ?? 4);
      if (!tree.ok) throw new ApiRefusal('refused', tree.error);
      return tree.value;
    },
    'files.read': (request) => {
      const file = workspaceFile(requireWorkspace(core, request.agentId), request.path);
      if (!file.ok) throw new ApiRefusal('refused', file.error);
      return file.value;
    },
  };
}
