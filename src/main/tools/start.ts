// start {name, command, port?} (seed 003 §4, SPEC §6): a long-lived process (a dev server, a
// watcher) owned by the agent. Same tier as run and spawned the same way down to the program; the
// supervisor enforces four per agent, a name one agent's at a time, and identity by (pid, start time).
import fs from 'node:fs';
import { z } from 'zod';
import { formatArgv } from '../policy';
import {
  NO_WORKSPACE_FOR_COMMANDS,
  prepareCommandCall,
  spawnAtRun,
  type CommandToolDeps,
  type PreparedCommandCall,
} from './commandCall';
import { commandPreview, commandTier } from './commandCard';
import { SpawnError } from '../processes/command';
import { PROCESS_NAME, SupervisorError, type Supervisor } from '../processes/supervisor';
import type { ProcessRow } from '../store/processes';
import { describeMoved } from '../sandbox/alwaysCardGuard';
import type { LiveStop } from '../sandbox/alwaysCardLive';
import type { LongLivedGuard } from '../sandbox/containment';
import { listeningPorts } from '../preview/ports';
import { DEFAULT_READY_WAIT_MS, readinessSentence, waitUntilReady } from './startReadiness';
import type { ToolDefinition } from './types';
import type { ToolCallContext } from '../../shared/domain';

export interface StartToolDeps extends CommandToolDeps {
  supervisor: Supervisor;
  /** The longest start waits for the process to be ready (default 10 s); it returns as soon as it is. */
  settleMs?: number;
  /** The ports a pid listens on (default: the platform's scan, as the preview resolves them). */
  listeningPorts?(pid: number): Promise<Set<number>>;
}

const DESCRIPTION = [
  'Start a long-running process in the workspace (a dev server, a test watcher) under a name.',
  'Returns when it is ready: listening on its port (or any port, if none is given), or printing a ready line; after at most 10 s it returns and says it is not ready yet.',
  'Same rules as run: no shell, the program from the workspace PATH, the same short environment.',
  'At most 4 per agent; a name is unique across Paddock while its process runs.',
  'Give the port it listens on if you know it. Read its output with output {name}; end it with stop {name}.',
].join(' ');

const schema = z.object({
  name: z.string().regex(PROCESS_NAME).describe('A short name: letters, digits, - and _ (e.g. "web")'),
  command: z.string().min(1).describe('The command, e.g. "npm run dev"'),
  port: z.number().int().min(1).max(65_535).optional().describe('The port the process will listen on, if known'),
});
export type StartArgs = z.infer<typeof schema>;

/** A line in the process's log, where `output` reads it: through the log's writer while it runs, at its end after. */
function sayInLog(supervisor: Supervisor, row: ProcessRow, sentence: string): void {
  if (supervisor.note(row.agentId, row.name, sentence)) return;
  try {
    fs.appendFileSync(row.logPath, `\n[paddock] ${sentence}\n`);
  } catch {
    // The log is gone (the process was forgotten): what was moved is still under the data directory.
  }
}

/**
 * It is stopped at once, and its log says why: an always-card entry or a `.git` appeared in its
 * workspace while it ran (it may not be the one that made it, inotify does not say: every long-lived
 * process running there is stopped, since any of them could make the next one the moment the last
 * was moved); or an entry its sandbox held read-only was replaced on disk, which ended that hold.
 */
function stopFor(supervisor: Supervisor, row: ProcessRow, why: LiveStop): void {
  const named = why.paths.map((rel) => `\`${rel}\``).join(', ');
  // The window says it too, shorter, until the owner dismisses it (ProcessList).
  const shown =
    why.kind === 'appeared'
      ? `${named} appeared in its folder while it ran: moved out, and every process there stopped.`
      : `${named} was saved or removed while it ran, which ended its read-only hold in the sandbox: stopped, a save kept.`;
  // Killed at once and before anything else (the log's write included): asked with SIGTERM, or
  // left running a moment longer, it could write where its hold ended.
  void supervisor.stop(row.agentId, row.name, shown, true).catch(() => undefined);
  const sentence =
    why.kind === 'appeared'
      ? `\`${row.name}\` was stopped: ${named} appeared in the workspace while it ran, and a process running there could make the next one the moment the last was moved (every process running in this folder is stopped, whichever made it). Start it again once nothing makes these.`
      : `\`${row.name}\` was stopped: ${named} was replaced or removed while it ran (saved through a rename, by an editor or an approved write, or deleted or renamed away), which ended its read-only hold inside the sandbox, so the process could have written there. A new file saved there is kept. Start it again.`;
  sayInLog(supervisor, row, sentence);
}

/**
 * While the process runs, each always-card entry that appears is moved out at once and said in its
 * log (the guard then stops the process); when it ends (exits or is stopped) the watch stops after a
 * last sweep.
 */
function guardWhileRunning(supervisor: Supervisor, row: ProcessRow, guard: LongLivedGuard): void {
  guard.onMoved((moved) => {
    const refused = describeMoved(moved);
    if (refused !== null) sayInLog(supervisor, row, refused);
  });
  const unsubscribe = supervisor.onEvent((event) => {
    if (
      event.pid !== row.pid ||
      event.agentId !== row.agentId ||
      (event.type !== 'exited' && event.type !== 'stopped' && event.type !== 'stale')
    )
      return;
    unsubscribe();
    guard.finish();
  });
}

export function createStartTool(deps: StartToolDeps): ToolDefinition<StartArgs, PreparedCommandCall> {
  const prepare = (args: StartArgs, ctx: ToolCallContext): PreparedCommandCall => ({
    ...prepareCommandCall(args.command, undefined, ctx, deps),
    mayChangeFiles: true,
  });
  return {
    name: 'start',
    scope: 'process',
    description: DESCRIPTION,
    schema,
    effects: {
      readOnly: false,
      destructive: true,
      idempotent: false,
      openWorld: true,
      changesFiles: true,
      runsCode: true,
      replaySafe: false,
    },
    views: { quotesFiles: false, icon: 'process-start' },
    prepareCall: prepare,
    tierFor: (args, ctx, prepared = prepare(args, ctx)) => commandTier(prepared, ctx, deps),
    preview: async (args, ctx, prepared = prepare(args, ctx)) => commandPreview(prepared, ctx),
    async run(args, ctx, prepared = prepare(args, ctx)) {
      if (!ctx.workspace) return NO_WORKSPACE_FOR_COMMANDS;
      const spawn = spawnAtRun(prepared);
      if (!spawn.ok) return spawn.result;
      const command = spawn.command;
      const containment = prepared.containment;
      // Contained code that runs for hours must not plant what another program runs as the owner
      // later (SPEC §4): what appears while it runs is moved out at once, and it is stopped (alwaysCardLive.ts).
      let row: ProcessRow | undefined;
      const guard =
        containment?.longLived((why) => {
          if (row) stopFor(deps.supervisor, row, why);
        }) ?? null;
      try {
        row = deps.supervisor.start(ctx.agent.id, {
          name: args.name,
          program: command.program,
          args: command.args,
          cwd: command.cwd,
          env: command.env,
          port: args.port ?? null,
          wrap: guard?.wrap ?? containment?.wrap,
        });
      } catch (error) {
        guard?.finish();
        if (error instanceof SupervisorError || error instanceof SpawnError) {
          return { ok: false, status: error instanceof SupervisorError ? 409 : 500, error: error.message };
        }
        throw error;
      }
      if (guard) guardWhileRunning(deps.supervisor, row, guard);
      const shown = formatArgv(command.argv);
      const readiness = await waitUntilReady(
        row,
        {
          exitedWithin: (r, ms) => deps.supervisor.exitedWithin(r, ms),
          outputText: () => deps.supervisor.output(ctx.agent.id, args.name, 0).text,
          listeningPorts: deps.listeningPorts ?? listeningPorts,
        },
        { port: row.port, waitMs: deps.settleMs ?? DEFAULT_READY_WAIT_MS, signal: ctx.signal },
      );
      const early = deps.supervisor.output(ctx.agent.id, args.name, 0);
      if (readiness.kind === 'exited' || !early.running) {
        return {
          ok: true,
          text: `\`${args.name}\` (${shown}) exited at once with code ${early.exitCode ?? 'none'}.\n${early.text || '(no output)'}`,
          data: { name: args.name, pid: row.pid, running: false, exitCode: early.exitCode },
        };
      }
      const port = row.port ? ` on port ${row.port}` : '';
      const listening = readiness.kind === 'listening' ? readiness.port : row.port;
      return {
        ok: true,
        text: `started \`${args.name}\` (${shown}) in the workspace${port}, pid ${row.pid}. ${readinessSentence(args.name, readiness, early.next)} Read its output with output {name: "${args.name}", since: ${early.next}}; stop it with stop {name: "${args.name}"}.\n${early.text}`,
        data: {
          name: args.name,
          pid: row.pid,
          running: true,
          port: listening,
          ready: readiness.kind !== 'not_ready',
          next: early.next,
        },
      };
    },
  };
}
