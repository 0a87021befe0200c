// output {name, since?} (seed 003 §4): what one of the agent's started processes printed, read
// back from its log with an offset cursor. Auto in every mode: it only reads.
import { z } from 'zod';
import { NO_WORKSPACE_FOR_COMMANDS } from './commandCall';
import { SupervisorError, type Supervisor } from '../processes/supervisor';
import type { ToolDefinition } from './types';

export interface OutputToolDeps {
  supervisor: Supervisor;
}

const schema = z.object({
  name: z.string().min(1).max(40).describe('The name given to start'),
  since: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Byte offset to continue from (the `next` of the previous answer); omit for the latest output'),
});
export type OutputArgs = z.infer<typeof schema>;

export function createOutputTool(deps: OutputToolDeps): ToolDefinition<OutputArgs> {
  return {
    name: 'output',
    scope: 'process',
    description:
      'Read the output of a process you started, by name. Without since, the latest output; with since, from that byte offset on. Each answer says the offset to continue from and whether the process still runs.',
    schema,
    effects: {
      readOnly: true,
      destructive: false,
      idempotent: false,
      openWorld: false,
      changesFiles: false,
      runsCode: false,
      replaySafe: true,
    },
    // Reading only: plan mode offers it.
    planSafe: true,
    views: {
      quotesFiles: false,
      icon: 'process-output',
      again: () => 'call output with an earlier `since` cursor (0 for the start of the log) if you need it',
    },
    tierFor: () => ({ tier: 'auto', reason: 'reading a started process’s output is auto in every mode' }),
    async run(args, ctx) {
      if (!ctx.workspace) return NO_WORKSPACE_FOR_COMMANDS;
      try {
        const chunk = deps.supervisor.output(ctx.agent.id, args.name, args.since);
        const state = chunk.running
          ? 'running'
          : chunk.status === 'exited'
            ? `exited with code ${chunk.exitCode ?? 'none'}`
            : chunk.status;
        return {
          ok: true,
          text: `\`${args.name}\` (${state}); next: ${chunk.next}\n${chunk.text || '(no new output)'}`,
          data: {
            name: args.name,
            next: chunk.next,
            running: chunk.running,
            exitCode: chunk.exitCode,
            status: chunk.status,
          },
        };
      } catch (error) {
        if (error instanceof SupervisorError) return { ok: false, status: 404, error: error.message };
        throw error;
      }
    },
  };
}
