import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

type ProcessCalls = 'processes.list' | 'processes.stop' | 'processes.stopAll' | 'processes.output';

export function processHandlers(core: CoreApi): Pick<Handlers, ProcessCalls> {
  return {
    'processes.list': () => core.listProcesses(),
    'processes.stop': (request) => core.stopProcess(request.agentId, request.name),
    'processes.stopAll': () => core.stopAllProcesses(),
    'processes.output': (request) => core.processOutput(request.agentId, request.name, request.since),
  };
}
