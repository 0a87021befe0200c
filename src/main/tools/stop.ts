// stop {name} (seed 003 §4): ends one of the agent's own started processes with its whole process
// group — and only when (pid, start time) still name it; otherwise the row is stale and nothing
// is signalled. Auto: an agent stopping what it started changes nothing of the owner's.
import { z } from 'zod';
import { NO_WORKSPACE_FOR_COMMANDS } from './commandCall';
import { SupervisorError, type Supervisor } from '../processes/supervisor';
import type { ToolDefinition } from './types';

export interface StopToolDeps {
  supervisor: Supervisor;
}

const schema = z.object({
  name: z.string().min(1).max(40).describe('The name given to start'),
});
export type StopArgs = z.infer<typeof schema>;

export function createStopTool(deps: StopToolDeps): ToolDefinition<StopArgs> {
  return {
    name: 'stop',
    scope: 'process',
    description: 'Stop a process you started, by name, with everything it started in turn.',
    schema,
    effects: {
      readOnly: false,
      destructive: true,
      idempotent: true,
      openWorld: false,
      changesFiles: false,
      runsCode: false,
      replaySafe: true,
    },
    views: { quotesFiles: false, icon: 'process-stop' },
    tierFor: () => ({ tier: 'auto', reason: 'an agent stops only processes it started itself' }),
    async run(args, ctx) {
      if (!ctx.workspace) return NO_WORKSPACE_FOR_COMMANDS;
      try {
        const row = await deps.supervisor.stop(ctx.agent.id, args.name);
        if (row.status === 'stale') {
          return {
            ok: true,
            text: `\`${args.name}\` was no longer the process that was started (it had exited and its pid is gone or reused); it is marked stale and nothing was signalled.`,
          };
        }
        const how =
          row.status === 'exited'
            ? `it had already exited with code ${row.exitCode ?? 'none'}`
            : 'its whole process group was ended';
        return {
          ok: true,
          text: `stopped \`${args.name}\` (pid ${row.pid}): ${how}.`,
          data: { name: args.name, status: row.status },
        };
      } catch (error) {
        if (error instanceof SupervisorError) return { ok: false, status: 404, error: error.message };
        throw error;
      }
    },
  };
}
