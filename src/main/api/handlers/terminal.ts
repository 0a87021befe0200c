import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

// The owner's own terminal in the workspace (issue 6): never a model tool, opened only from the window.
export function terminalHandlers(core: CoreApi): Pick<Handlers, 'terminal.open' | 'terminal.write' | 'terminal.resize' | 'terminal.close'> {
  return {
    'terminal.open': (request) => core.openTerminal(request.agentId, request.cols, request.rows),
    'terminal.write': (request) => {
      core.writeTerminal(request.terminalId, request.data);
      return { written: true };
    },
    'terminal.resize': (request) => {
      core.resizeTerminal(request.terminalId, request.cols, request.rows);
      return { resized: true };
    },
    'terminal.close': async (request) => {
      await core.closeTerminal(request.terminalId);
      return { closed: true };
    },
  };
}
