import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

export function screenshotHandlers(core: CoreApi): Pick<Handlers, 'screenshots.read' | 'screenshots.take'> {
  return {
    'screenshots.take': (request) => core.takeScreenshot(request.agentId, request.name),
    'screenshots.read': (request) => core.readScreenshot(request.agentId, request.file),
  };
}
