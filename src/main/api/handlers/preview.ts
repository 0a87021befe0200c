import type { Core } from '../../core';
import { ApiRefusal, type Handlers } from '../router';
import { requireAgent } from './context';

// The way into a preview (SPEC §9): the window asks for a single-use ticket URL; the model never sees one.
export function previewHandlers(core: Core): Pick<Handlers, 'preview.link' | 'preview.check'> {
  const requireOwnProcess = (agentId: string, name: string): void => {
    const agent = requireAgent(core, agentId);
    const running = core.supervisor.findRunning(name);
    if (!running || running.agentId !== agent.id) throw new ApiRefusal('not-found', `${agent.handle} has no running process named ${name}`);
  };
  return {
    'preview.link': (request) => {
      requireOwnProcess(request.agentId, request.name);
      return { url: core.services.preview.issueTicket(request.name) };
    },
    'preview.check': (request) => {
      requireOwnProcess(request.agentId, request.name);
      return core.services.preview.check(request.name);
    },
  };
}
