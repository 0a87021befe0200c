import type { CoreApi } from '../coreApi';
import { ApiRefusal, type Handlers } from '../router';
import type { HostCapabilities } from './context';

// The way into a preview (SPEC §9): the window asks for a single-use ticket URL; the model never sees one.
export function previewHandlers(core: CoreApi, host: HostCapabilities): Pick<Handlers, 'preview.link' | 'preview.check' | 'preview.showInView' | 'preview.hideView'> {
  return {
    'preview.link': async (request) => ({ url: await core.previewTickets(request.agentId, request.name)() }),
    'preview.showInView': (request) => {
      if (!host.previewView) throw new ApiRefusal('unsupported', 'this window shows previews in a frame');
      host.previewView.show(`${request.agentId}/${request.name}`, core.previewTickets(request.agentId, request.name), request.bounds);
      return { shown: true };
    },
    'preview.hideView': () => {
      host.previewView?.hide();
      return { hidden: host.previewView !== undefined };
    },
    'preview.check': (request) => core.checkPreview(request.agentId, request.name),
  };
}
