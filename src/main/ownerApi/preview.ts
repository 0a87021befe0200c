// The way into a preview (SPEC §9): the agent's own running process, or nothing. The window asks for
// a single-use ticket URL (the model never sees one); Electron shows it in its own view.
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { runsProcessNamed } from '../preview/ownership';
import { requireAgent } from './lookups';
import type { CoreServices } from './services';

export function previewCalls(core: CoreServices): DomainApi<'preview'> {
  const { preview } = core.services;
  const requireOwnProcess = (agentId: string, name: string): void => {
    const agent = requireAgent(core, agentId);
    if (!runsProcessNamed(core.supervisor, agent.id, name))
      throw new CoreRefusal('not-found', `${agent.handle} has no running process named ${name}`);
  };
  const tickets = (agentId: string, name: string) => {
    requireOwnProcess(agentId, name);
    return () => preview.issueTicket(agentId, name);
  };
  return {
    link: async (request) => ({ url: await tickets(request.agentId, request.name)() }),
    async check(request) {
      requireOwnProcess(request.agentId, request.name);
      return preview.check(request.name);
    },
    showInView(request, host) {
      if (!host.previewView) throw new CoreRefusal('unsupported', 'this window shows previews in a frame');
      host.previewView.show(
        `${request.agentId}/${request.name}`,
        tickets(request.agentId, request.name),
        request.bounds,
      );
      return { shown: true };
    },
    hideView(_request, host) {
      host.previewView?.hide();
      return { hidden: host.previewView !== undefined };
    },
  };
}
