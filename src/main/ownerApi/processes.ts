// The agents' long-lived processes: the list, Stop, Stop all and their output.
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { requireAgent } from './lookups';
import type { CoreServices } from './services';

const refused = (error: unknown): never => {
  throw new CoreRefusal('refused', (error as Error).message);
};

export function processesCalls(core: CoreServices): DomainApi<'processes'> {
  return {
    // The running ones, then those Paddock stopped itself, with why, until dismissed.
    list: () =>
      [...core.supervisor.list(), ...core.supervisor.stoppedByPaddock()].map((row) => ({
        name: row.name,
        agentId: row.agentId,
        pid: row.pid,
        argv: row.argv,
        cwd: row.cwd,
        port: row.port,
        status: row.status,
        exitCode: row.exitCode,
        startedAt: row.startedAt,
        stopReason: row.stopReason,
      })),
    dismiss(request) {
      requireAgent(core, request.agentId);
      return { dismissed: core.supervisor.dismissStopReason(request.agentId, request.name) };
    },
    async stop(request) {
      requireAgent(core, request.agentId);
      try {
        const row = await core.supervisor.stop(request.agentId, request.name);
        return { stopped: row.status !== 'running' };
      } catch (error) {
        return refused(error);
      }
    },
    async stopAll() {
      const running = core.supervisor.list().filter((row) => row.status === 'running').length;
      await core.supervisor.stopAll();
      return { stopped: running };
    },
    output(request) {
      try {
        const chunk = core.supervisor.output(request.agentId, request.name, request.since);
        return { text: chunk.text, next: chunk.next, running: chunk.running };
      } catch (error) {
        return refused(error);
      }
    },
  };
}
