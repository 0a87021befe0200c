import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

export function summaryHandlers(core: CoreApi): Pick<Handlers, 'summary.get' | 'summary.openInEditor' | 'tests.failing'> {
  return {
    'summary.get': (request) => core.summary(request.agentId),
    'summary.openInEditor': (request) => {
      core.openInEditor(request.agentId, request.path);
      return { opened: true };
    },
    'tests.failing': (request) => core.failingTests(request.agentId),
  };
}
