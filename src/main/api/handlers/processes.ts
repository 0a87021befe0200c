import type { ProcessView } from '../../../shared/ipc';
import type { CoreApi } from '../coreApi';
import { ApiRefusal, type Handlers } from '../router';
import { requireAgent } from './context';

type ProcessCalls = 'processes.list' | 'processes.stop' | 'processes.stopAll' | 'processes.output';

export function processHandlers(core: CoreApi): Pick<Handlers, ProcessCalls> {
  return {
    'processes.list': (): ProcessView[] =>
      core.supervisor.list().map((row) => ({
        name: row.name,
        agentId: row.agentId,
        pid: row.pid,
        argv: row.argv,
        cwd: row.cwd,
        port: row.port,
        status: row.status,
        exitCode: row.exitCode,
        startedAt: row.startedAt,
      })),
    'processes.stop': async (request) => {
      requireAgent(core, request.agentId);
      try {
        const row = await core.supervisor.stop(request.agentId, request.name);
        return { stopped: row.status !== 'running' };
      } catch (error) {
        throw new ApiRefusal('refused', (error as Error).message);
      }
    },
    'processes.stopAll': async () => {
      const running = core.supervisor.list().filter((row) => row.status === 'running').length;
      await core.supervisor.stopAll();
      return { stopped: running };
    },
    'processes.output': (request) => {
      try {
        const chunk = core.supervisor.output(request.agentId, request.name, request.since);
        return { text: chunk.text, next: chunk.next, running: chunk.running };
      } catch (error) {
        throw new ApiRefusal('refused', (error as Error).message);
      }
    },
  };
}
