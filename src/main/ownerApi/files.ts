// The workspace's files as the owner sees them: the tree (which the asking tab then follows live),
// one file, and which files are identical to the last commit again.
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { sameAsHead } from '../git/sameAsHead';
import { workspaceFile, workspaceTree } from '../owner/ownerFiles';
import { requireAgentWorkspace, requirePathContext } from './lookups';
import type { CoreServices } from './services';

export function filesCalls(core: CoreServices): DomainApi<'files'> {
  return {
    tree(request) {
      const context = requirePathContext(core, request.agentId);
      core.watchers.ensure(request.agentId, context.workspace);
      const tree = workspaceTree(context, request.path ?? '.', request.depth ?? 4);
      if (!tree.ok) throw new CoreRefusal('refused', tree.error);
      return tree.value;
    },
    read(request) {
      const file = workspaceFile(requirePathContext(core, request.agentId), request.path);
      if (!file.ok) throw new CoreRefusal('refused', file.error);
      return file.value;
    },
    async sameAsHead(request) {
      const { workspace } = requireAgentWorkspace(core, request.agentId);
      if (!workspace.gitBinary) return { paths: [] };
      try {
        return {
          paths: await sameAsHead(
            { gitBinary: workspace.gitBinary, workspace: workspace.directory, dataDir: core.options.dataDir },
            request.paths,
          ),
        };
      } catch {
        // A repository the hardened runner refuses is one whose files it cannot vouch for: no dot is dropped.
        return { paths: [] };
      }
    },
  };
}
