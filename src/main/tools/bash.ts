// bash {command, timeoutSeconds?} (seed 000 shell scope, SPEC §5, §6, §14): the owner's shell with -c,
// in the workspace, inside the same OS sandbox as run and start (issue 13 §5): never inspected or
// filtered, but it reaches only what the sandbox lets it reach. A card in ask and edit; in run mode
// it runs without one only while it is contained. "Uncontained shell" is the owner's explicit
// per-agent opt-in: then bash runs as the owner and every call is a card saying so.
// It runs on pipes, not on node-pty: on Linux a pty loses the last output written just before the
// shell exits (seen here about one run in five), and the model's bounded result must be complete.
// The live view still streams through ctx.onOutput; the owner's own terminal is the pty (pty.ts).
import { countOutput } from './outputCount';
import { z } from 'zod';
import { assertNever, type ToolCallContext } from '../../shared/domain';
import { NO_WORKSPACE_FOR_COMMANDS, scanOwnServices, timeoutMsFor, wrapReachingOwnServices } from './commandCall';
import { finishedCommand, finishedData, movedData } from './commandFinished';
import type { OwnServices, OwnServicesScan } from '../sandbox/ownServices';
import { childEnvForWorkspace, ownerShell, type OwnerEnv } from '../processes/env';
import { runBounded } from '../processes/spawn';
import { containmentFor, runsByEffect, type Containment, type ContainmentDeps } from '../sandbox/containment';
import type { GroupLedger } from '../processes/ledger';
import type { PreparedCall, ToolDefinition } from './types';

/** A bash call prepared once: its containment (the wrapper, the card's line, the tier's reason). */
interface PreparedBash extends PreparedCall {
  readonly containment: Containment | null;
  /** The agent's own services found once, bridged in when the shell starts (null: not contained). */
  readonly ownServices: OwnServicesScan | null;
}

export const BASH_DEFAULT_TIMEOUT_SECONDS = 120;
export const BASH_MAX_TIMEOUT_SECONDS = 1_800;

export interface BashToolDeps extends ContainmentDeps {
  ledger?: GroupLedger;
  /** The agent's own started processes' ports, reachable from its contained shell (sandbox/ownServices.ts). */
  ownServices?: OwnServices;
  /** The owner's login shell (absolute); /bin/sh when unknown. */
  shell?: string;
  ownerEnv?: OwnerEnv;
  defaultTimeoutSeconds?: number;
  maxTimeoutSeconds?: number;
  maxOutputBytes?: number;
  killGraceMs?: number;
}

export const BASH_NOT_CONTAINED =
  'bash is not contained: it runs as the owner’s user and reaches everything that user reaches (files outside the workspace, credentials, the network).';

export const BASH_CONTAINED =
  'bash runs in the OS sandbox: it can write only the workspace (not its .git) and its private /tmp, read the system and toolchain directories but not the home directory, credentials or Paddock’s data, see no other process, and has no network except HTTP(S) through Paddock’s proxy to the domains the owner allowed for this agent, never this machine’s own ports except those its own started processes (`start`) listen on, at 127.0.0.1:<port>.';

const DESCRIPTION = [
  "Run a command line through the owner's shell (pipes, redirections, variables all work), in the workspace directory.",
  BASH_CONTAINED,
  'Where the sandbox is not available, or the owner turned on "uncontained shell" for this agent, every bash call is a card.',
  'Output is returned, the last 200 KB when longer, with the exit code; the command is killed at the timeout.',
  'Prefer run for single commands.',
].join(' ');

export function createBashTool(deps: BashToolDeps = {}) {
  const defaultSeconds = deps.defaultTimeoutSeconds ?? BASH_DEFAULT_TIMEOUT_SECONDS;
  const maxSeconds = deps.maxTimeoutSeconds ?? BASH_MAX_TIMEOUT_SECONDS;
  const shell = ownerShell(deps.shell);
  const schema = z.object({
    command: z.string().min(1).describe('The command line, run with the shell’s -c'),
    timeoutSeconds: z
      .number()
      .int()
      .min(1)
      .max(maxSeconds)
      .optional()
      .describe(`Kill it after this many seconds (default ${defaultSeconds}, at most ${maxSeconds})`),
  });
  type BashArgs = z.infer<typeof schema>;
  // One containment per call: the tier, the card and the run read the same one (null: no workspace).
  const prepare = (_args: BashArgs, ctx: ToolCallContext): PreparedBash => {
    const containment = ctx.workspace ? containmentFor(ctx.agent.id, ctx.workspace.directory, deps, true) : null;
    return { containment, ownServices: scanOwnServices(containment, ctx.agent.id, deps), mayChangeFiles: true };
  };

  const tool: ToolDefinition<BashArgs, PreparedBash> = {
    name: 'bash',
    scope: 'shell',
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
    views: { quotesFiles: false, icon: 'shell' },
    prepareCall: prepare,
    tierFor(args, ctx, prepared = prepare(args, ctx)) {
      const { containment } = prepared;
      if (!ctx.workspace || !containment)
        return { tier: 'gated', reason: 'this agent has no workspace, so bash has no directory to run in' };
      const mode = ctx.agent.mode;
      switch (mode) {
        case 'ask':
        case 'edit':
        case 'plan':
          return {
            tier: 'gated',
            reason: `bash runs any command line; in ${mode} mode every bash call needs your approval`,
          };
        case 'run':
          if (!containment.contained) {
            return {
              tier: 'gated',
              reason: `bash is not contained (${containment.why}): it would run as you, so every call needs your approval`,
            };
          }
          // "Run list only" keeps run mode to seed 003 §5, which has no shell (sandbox/containment.ts runsByEffect).
          if (!runsByEffect(true, deps.choicesFor?.(ctx.agent.id).runListOnly ?? false))
            return {
              tier: 'gated',
              reason:
                'this agent is kept to the run list ("Run list only" in Settings → Developer → Sandbox), which has no shell: every bash call needs your approval',
            };
          return { tier: 'auto', reason: 'in run mode bash runs without a card, inside the sandbox' };
        default:
          return assertNever(mode);
      }
    },
    preview: async (args, ctx, prepared = prepare(args, ctx)) => {
      const { containment } = prepared;
      return {
        argv: [shell, '-c', args.command],
        cwd: '.',
        rememberable: false,
        details: [
          containment?.contained
            ? `${containment.line}. ${BASH_CONTAINED}`
            : `${containment?.line ?? 'NOT contained'}. ${BASH_NOT_CONTAINED}`,
        ],
      };
    },
    async run(args, ctx, prepared = prepare(args, ctx)) {
      const { containment } = prepared;
      if (!ctx.workspace || !containment) return NO_WORKSPACE_FOR_COMMANDS;
      const timeoutMs = timeoutMsFor(args.timeoutSeconds, defaultSeconds, maxSeconds);
      const env = childEnvForWorkspace(
        ctx.workspace.capturedPath,
        ctx.home,
        { ...deps.ownerEnv, SHELL: shell },
        'dumb',
      );
      // Contained code must not plant what another program runs as the owner later (SPEC §4).
      const alwaysCard = containment.watchAlwaysCard();
      const counted = countOutput(ctx.onOutput);
      let result;
      // Like run: the agent's own started processes stay reachable on its loopback.
      const reach = await wrapReachingOwnServices(containment, prepared.ownServices);
      try {
        result = await runBounded({
          program: shell,
          args: ['-c', args.command],
          cwd: ctx.workspace.directory,
          env,
          timeoutMs,
          maxOutputBytes: deps.maxOutputBytes,
          killGraceMs: deps.killGraceMs,
          signal: ctx.signal,
          onOutput: counted.onOutput,
          onRawOutput: counted.onRawOutput,
          wrap: reach.wrap,
          purpose: 'bash',
          ledger: deps.ledger,
          agentId: ctx.agent.id,
        });
      } catch (error) {
        alwaysCard?.finish();
        return { ok: false, status: 500, error: `could not start ${shell}: ${(error as Error).message}` };
      } finally {
        reach.finish();
      }
      const moved = alwaysCard?.finish() ?? [];
      const finished = finishedCommand({
        shown: args.command,
        cwdShown: '.',
        result,
        timeoutMs,
        moved,
        contained: containment.contained,
      });
      return {
        ok: true,
        text: finished.text,
        outcome: finished.outcome,
        data: { ...finishedData(result), ...movedData(moved), output: counted.account(result.output, null) },
      };
    },
  };
  return tool;
}
