import { randomUUID } from 'node:crypto';
import type { CoreApi } from '../coreApi';
import { ownerTerminalLaunch } from '../../owner/ownerActions';
import { ApiRefusal, type Handlers } from '../router';
import { requireAgent } from './context';

// The owner's own terminal in the workspace (issue 6): never a model tool, opened only from the window.
export function terminalHandlers(core: CoreApi): Pick<Handlers, 'terminal.open' | 'terminal.write' | 'terminal.resize' | 'terminal.close'> {
  const { terminals } = core.services;
  const requireTerminal = (terminalId: string): void => {
    if (!terminals.has(terminalId)) throw new ApiRefusal('not-found', 'that terminal is closed');
  };
  return {
    'terminal.open': (request) => {
      const agent = requireAgent(core, request.agentId);
      const workspace = core.workspaces.get(agent.id);
      if (!workspace) throw new ApiRefusal('refused', `${agent.handle} has no workspace to open a terminal in`);
      const terminalId = randomUUID();
      terminals.open(terminalId, { ...ownerTerminalLaunch(workspace, { home: core.options.home, from: core.options.env }), cols: request.cols, rows: request.rows });
      return { terminalId };
    },
    'terminal.write': (request) => {
      requireTerminal(request.terminalId);
      terminals.write(request.terminalId, request.data);
      return { written: true };
    },
    'terminal.resize': (request) => {
      requireTerminal(request.terminalId);
      terminals.resize(request.terminalId, request.cols, request.rows);
      return { resized: true };
    },
    'terminal.close': async (request) => {
      await terminals.close(request.terminalId);
      return { closed: true };
    },
  };
}
