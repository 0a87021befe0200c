import type { CoreApi } from '../coreApi';
import { runsProcessNamed } from '../../preview/ownership';
import { ApiRefusal, type Handlers } from '../router';
import { requireAgent, type HostCapabilities } from './context';

// The way into a preview (SPEC §9): the window asks for a single-use ticket URL; the model never sees one.
export function previewHandlers(core: CoreApi, host: HostCapabilities): Pick<Handlers, 'preview.link' | 'preview.check' | 'preview.showInView' | 'preview.hideView'> {
  const requireOwnProcess = (agentId: string, name: string): void => {
    const agent = requireAgent(core, agentId);
    if (!runsProcessNamed(core.supervisor, agent.id, name)) throw new ApiRefusal('not-found', `${agent.handle} has no running process named ${name}`);
  };
  return {
    'preview.link': async (request) => {
      requireOwnProcess(request.agentId, request.name);
      return { url: await core.services.preview.issueTicket(request.agentId, request.name) };
    },
    'preview.showInView': (request) => {
      if (!host.previewView) throw new ApiRefusal('unsupported', 'this window shows previews in a frame');
      requireOwnProcess(request.agentId, request.name);
      host.previewView.show(`${request.agentId}/${request.name}`, () => core.services.preview.issueTicket(request.agentId, request.name), request.bounds);
      return { shown: true };
    },
    'preview.hideView': () => {
      host.previewView?.hide();
      return { hidden: host.previewView !== undefined };
    },
    'preview.check': (request) => {
      requireOwnProcess(request.agentId, request.name);
      return core.services.preview.check(request.name);
    },
  };
}
