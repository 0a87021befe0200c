// The owner's own terminal in the workspace: never a model tool, opened only from the window, with
// the owner's shell and environment.
import { randomUUID } from 'node:crypto';
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { ownerTerminalLaunch } from '../owner/ownerActions';
import { requireAgentWorkspace } from './lookups';
import type { CoreServices } from './services';

export function terminalCalls(core: CoreServices): DomainApi<'terminal'> {
  const { terminals } = core.services;
  const requireTerminal = (terminalId: string): void => {
    if (!terminals.has(terminalId)) throw new CoreRefusal('not-found', 'that terminal is closed');
  };
  return {
    open(request) {
      const { workspace } = requireAgentWorkspace(core, request.agentId, 'has no workspace to open a terminal in');
      const terminalId = randomUUID();
      const ownerEnv = { home: core.options.home, from: core.options.env };
      terminals.open(terminalId, {
        ...ownerTerminalLaunch(workspace, ownerEnv),
        cols: request.cols,
        rows: request.rows,
      });
      return { terminalId };
    },
    write(request) {
      requireTerminal(request.terminalId);
      terminals.write(request.terminalId, request.data);
      return { written: true };
    },
    resize(request) {
      requireTerminal(request.terminalId);
      terminals.resize(request.terminalId, request.cols, request.rows);
      return { resized: true };
    },
    async close(request) {
      await terminals.close(request.terminalId);
      return { closed: true };
    },
  };
}
