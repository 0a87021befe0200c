import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

export function fileHandlers(core: CoreApi): Pick<Handlers, 'files.tree' | 'files.read' | 'files.sameAsHead'> {
  return {
    'files.tree': (request) => core.fileTree(request.agentId, request.path, request.depth),
    'files.read': (request) => core.readFile(request.agentId, request.path),
    'files.sameAsHead': (request) => core.sameAsHead(request.agentId, request.paths),
  };
}
