// run {command, cwd?, timeoutSeconds?} (SPEC §6, seed 003 §4): one command in the workspace. In run
// mode while contained, shell forms the grammar reduces to simple commands run with /bin/sh -c in
// the sandbox; otherwise no shell: the policy's lexer splits it (the argv classified is the argv spawned), the program
// is an absolute file on the workspace's captured PATH, the environment is Paddock's own short
// list, output is a 200 KB tail over both streams, and a timeout or a cancel kills the group.
import { commandMayWrite } from './commandEffects';
import { countOutput } from './outputCount';
import { z } from 'zod';
import {
  NO_WORKSPACE_FOR_COMMANDS,
  prepareCommandCall,
  spawnAtRun,
  timeoutMsFor,
  wrapReachingOwnServices,
  type CommandToolDeps,
  type PreparedCommandCall,
} from './commandCall';
import { commandPreview, commandTier } from './commandCard';
import { failedBeforeStart, finishedCommand, finishedData, movedData } from './commandFinished';
import { formatArgv } from '../policy';
import { IgnoreRules } from '../policy/ignoreRules';
import { DEFAULT_MAX_OUTPUT_BYTES, runBounded } from '../processes/spawn';
import { SpawnError } from '../processes/command';
import { watchTestRun } from '../testRuns/watch';
import { readRun } from '../testRuns/read';
import type { ToolDefinition } from './types';
import type { ToolCallContext } from '../../shared/domain';

/** A test runner's counts, when it reported them: the model's text says them, the row shows the failing count beside the exit status. */
export function testCounts(
  argv: readonly string[],
  output: string,
): { failed: number; passed: number; skipped: number } | null {
  const reading = readRun(argv, output);
  return reading.testRun && reading.counts
    ? { failed: reading.counts.failed, passed: reading.counts.passed, skipped: reading.counts.skipped }
    : null;
}

export const RUN_DEFAULT_TIMEOUT_SECONDS = 120;
export const RUN_MAX_TIMEOUT_SECONDS = 1_800;

export interface CommandFinished {
  agentId: string;
  directory: string;
  argv: string[];
  exitCode: number | null;
  output: string;
}

export interface RunToolDeps extends CommandToolDeps {
  defaultTimeoutSeconds?: number;
  maxTimeoutSeconds?: number;
  maxOutputBytes?: number;
  killGraceMs?: number;
  /** Called after every finished run (the test-run recording of SPEC §12); the bytes of output it logged, if any. */
  onCommandFinished?: (finished: CommandFinished) => number | null | void;
}

const DESCRIPTION = [
  'Run one command in the workspace and wait for it (tests, builds, linters, read-only tools).',
  'When commands run in the sandbox (run mode, the usual case), the command is read as sh reads it and runs with /bin/sh -c inside the sandbox: pipelines (`| head`, `| grep`), `&&`, `||` and `;` lists, a leading `cd DIR &&` (inside the workspace), `NAME=value` prefixes with literal values, `2>&1`, and redirects to /dev/null or to files inside the workspace; quoted text is text.',
  "Also read: `bash -c 'SCRIPT'` (the script by the same rules), a commit message as `-m \"$(cat <<'EOF' … EOF)\"`, `$VAR`, `$?` and `$(COMMAND)` in echo and printf (the command judged by the same rules), `for f in WORDS; do …; done` over literal words or globs, `if … then … else … fi`, `find … -exec CMD {} +` and `find|rg -l|git ls-files … | xargs CMD` for a reader or checker CMD, and `source .venv/bin/activate`.",
  'Not accepted there (each asks the owner): other `$VAR`, `${…}` and `$(…)`, backticks, `<(…)`, heredocs fed to an interpreter, `while`, functions, `eval`, other `source`, `exec`, `~`, and a trailing `&` (use start).',
  'Without a sandbox (or with the agent set to "Run list only") there is no shell: the command is split into words (quotes group), so only a plain command runs.',
  "The program is looked up on the workspace's PATH; the environment holds only PATH HOME USER LANG LC_ALL TERM TMPDIR SHELL and CI=1.",
  "Output of both streams is returned, the last 200 KB when longer (for a test runner, its failing tests' blocks are kept ahead of that tail), with the exit code and the elapsed time.",
  'Use start for servers and watchers that keep running; in the sandbox a command reaches them on 127.0.0.1:<port>, and no other port of this machine.',
].join(' ');

export function createRunTool(deps: RunToolDeps = {}) {
  const defaultSeconds = deps.defaultTimeoutSeconds ?? RUN_DEFAULT_TIMEOUT_SECONDS;
  const maxSeconds = deps.maxTimeoutSeconds ?? RUN_MAX_TIMEOUT_SECONDS;
  const schema = z.object({
    command: z.string().min(1).describe('The command, e.g. "npm test" or "pytest -q tests/unit"'),
    cwd: z.string().optional().describe('Directory relative to the workspace to run in (default: the workspace)'),
    timeoutSeconds: z
      .number()
      .int()
      .min(1)
      .max(maxSeconds)
      .optional()
      .describe(`Kill the command after this many seconds (default ${defaultSeconds}, at most ${maxSeconds})`),
  });
  type RunArgs = z.infer<typeof schema>;
  // The .gitignore rules the contained rule reads, compiled once per file version for this tool's calls.
  const ignoreRules = new IgnoreRules();
  const prepare = (args: RunArgs, ctx: ToolCallContext): PreparedCommandCall =>
    prepareCommandCall(args.command, args.cwd, ctx, deps, { shell: true, ignoreRules });

  const tool: ToolDefinition<RunArgs, PreparedCommandCall> = {
    name: 'run',
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
    // A command on the run list's read-only rows changes no file: no checkpoint first (the prepared call says it once).
    callEffects: (args) => ({
      readOnly: false,
      changesFiles: typeof args.command !== 'string' || commandMayWrite(args.command),
    }),
    views: { quotesFiles: false, icon: 'command' },
    prepareCall: prepare,
    tierFor: (args, ctx, prepared = prepare(args, ctx)) => commandTier(prepared, ctx, deps),
    preview: async (args, ctx, prepared = prepare(args, ctx)) => commandPreview(prepared, ctx),
    async run(args, ctx, prepared = prepare(args, ctx)) {
      if (!ctx.workspace) return NO_WORKSPACE_FOR_COMMANDS;
      const spawn = spawnAtRun(prepared);
      if (!spawn.ok) return spawn.result;
      const command = spawn.command;
      const timeoutMs = timeoutMsFor(args.timeoutSeconds, defaultSeconds, maxSeconds);
      // A test run keeps its failing tests' blocks even when its output outgrows the tail.
      const watch = watchTestRun(command.argv);
      const maxOutputBytes = deps.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
      const containment = prepared.containment;
      // A program the sandbox does not show would fail inside with a bare "No such file": said before it starts.
      const unseen = command.shell
        ? null
        : (containment?.unseenProgram(command.program, command.env.PATH ?? '') ?? null);
      if (unseen) return { ok: false, status: 422, error: unseen };
      // Contained code must not plant what another program runs as the owner later (SPEC §4).
      const alwaysCard = containment?.watchAlwaysCard() ?? null;
      const counted = countOutput(ctx.onOutput);
      let result;
      // The agent's own started processes stay reachable on its loopback, and nothing else of the host.
      const reach = await wrapReachingOwnServices(containment, prepared.ownServices);
      try {
        result = await runBounded({
          program: command.program,
          args: command.args,
          cwd: command.cwd,
          env: command.env,
          timeoutMs,
          maxOutputBytes,
          killGraceMs: deps.killGraceMs,
          signal: ctx.signal,
          onOutput: counted.onOutput,
          onRawOutput: (chunk) => {
            counted.onRawOutput(chunk);
            watch?.onRawOutput(chunk);
          },
          wrap: reach.wrap,
          purpose: 'run',
          ledger: deps.ledger,
          agentId: ctx.agent.id,
        });
      } catch (error) {
        alwaysCard?.finish();
        if (error instanceof SpawnError) return { ok: false, status: 500, error: error.message };
        throw error;
      } finally {
        reach.finish();
      }
      const moved = alwaysCard?.finish() ?? [];
      let logBytes: number | null = null;
      try {
        logBytes =
          deps.onCommandFinished?.({
            agentId: ctx.agent.id,
            directory: ctx.workspace.directory,
            argv: command.argv,
            exitCode: result.exitCode,
            output: result.output,
          }) ?? null;
      } catch {
        // Recording a test run is a side note; the command's result still reaches the model.
      }
      const shown = watch ? { ...result, output: watch.resultOutput(result, maxOutputBytes) } : result;
      const failed = failedBeforeStart(
        containment,
        result.exitCode,
        result.output,
        command.env.PATH ?? '',
        ctx.workspace.directory,
      );
      const finished = finishedCommand({
        shown: command.shell ? args.command : formatArgv(command.argv),
        cwdShown: command.cwdShown,
        result: failed
          ? {
              ...shown,
              output: `${shown.output}${shown.output.endsWith('\n') || shown.output === '' ? '' : '\n'}${failed}\n`,
            }
          : shown,
        timeoutMs,
        tests: testCounts(command.argv, result.output),
        moved,
        contained: containment?.contained ?? false,
      });
      return {
        ok: true,
        text: finished.text,
        outcome: finished.outcome,
        data: {
          argv: command.argv,
          program: command.program,
          cwd: command.cwdShown,
          ...finishedData(result),
          ...movedData(moved),
          output: counted.account(shown.output, logBytes),
        },
      };
    },
  };
  return tool;
}
