// A command call (run, start) prepared once: the command read once, this agent's containment and
// the policy's decision computed once, and what is spawned (cwd, program resolved once, environment);
// at run time only the program's identity is checked again. bash shares the containment helpers.
import fs from 'node:fs';
import path from 'node:path';
import type { ToolCallContext, ToolResult } from '../../shared/domain';
import { classifyCommand, type RememberedCommand } from '../policy';
import { certainlyReadOnly, readCommand, type CommandReading } from '../policy/commandReading';
import { resolveCommandCwd, type CwdResolution } from '../policy/paths';
import { plainAsShForm } from '../policy/shellPlain';
import type { ClassifyContext, CommandDecision } from '../policy/types';
import type { IgnoreRules } from '../policy/ignoreRules';
import {
  containmentFor,
  executesWorkspaceCode,
  runsByEffect,
  type Containment,
  type ContainmentDeps,
} from '../sandbox/containment';
import type { OwnServices, OwnServicesScan } from '../sandbox/ownServices';
import { childEnvForWorkspace, type OwnerEnv } from '../processes/env';
import {
  prepareCommand,
  programChanged,
  programIdentity,
  type Prepared,
  type PreparedCommand,
} from '../processes/prepare';
import type { GroupLedger } from '../processes/ledger';
import { classifyRun } from '../testRuns/detect';
import { pathContextOf } from './toolContext';
import type { PathContext } from '../workspace/types';
import type { PreparedCall } from './types';
import { secretInHistory } from '../git/historySecrets';

/** Test runners and project scripts run the project's code anyway: they get the virtualenv first on PATH. */
const runsProjectCode = (argv: readonly string[]): boolean => {
  const kind = classifyRun(argv);
  return kind !== null && kind.kind !== 'check';
};

export const NO_WORKSPACE_FOR_COMMANDS: ToolResult = {
  ok: false,
  status: 403,
  error: 'refused: this agent has no workspace, so there is no directory to run commands in.',
};

export interface CommandToolDeps extends ContainmentDeps {
  /** Records every group a command starts (issue 14 §3). */
  ledger?: GroupLedger;
  /** The owner's remembered commands for (agent, workspace directory) (seed 003 §3). */
  rememberedFor?: (agentId: string, directory: string) => readonly RememberedCommand[];
  /** USER, LANG, LC_ALL, TMPDIR, SHELL as Paddock read them at start; nothing else is taken. */
  ownerEnv?: OwnerEnv;
  /** A remembered command let this one through without a card: Settings shows when (issue 19). */
  rememberedUsed?: (id: number) => void;
  /** The agent's "Run list only" setting: seed 003 §5 even with the sandbox. */
  runListOnlyFor?: (agentId: string) => boolean;
  /** The agent's own started processes' ports, reachable from its contained commands (sandbox/ownServices.ts). */
  ownServices?: OwnServices;
}

/** run passes `shell`: in run mode with the sandbox it reads shell forms and runs them with /bin/sh -c (start and bash do not). */
export interface CommandForm {
  shell?: boolean;
  /** The tool's compiled .gitignore rules, kept across its calls (the contained rule reads them). */
  ignoreRules?: IgnoreRules;
}

/**
 * A command call prepared once (run, start): the command read once (words, and the grammar's parse
 * when the contained rule asks), this agent's containment computed once, the tier's decision, and
 * what is spawned (cwd, program resolved once, environment). The tier, the card, the checkpoint
 * and the run all read this one value; the run checks again only the program's identity.
 */
export interface PreparedCommandCall extends PreparedCall {
  readonly reading: CommandReading;
  /** The cwd as the call asked for it. */
  readonly cwd: string | undefined;
  /** That cwd resolved inside the workspace, once: the spawn (and so the card and the run) reads it. Null: no workspace. */
  readonly where: CwdResolution | null;
  /** Null: no workspace. */
  readonly containment: Containment | null;
  /** The agent's own services as this call found them, once (null: not contained, or none provided). */
  readonly ownServices: OwnServicesScan | null;
  /** Run mode, the sandbox active and not "Run list only", for a tool that runs a shell: the contained rule's facts. */
  readonly contained: ClassifyContext['contained'];
  /** The policy's decision (null: no workspace). */
  readonly decision: CommandDecision | null;
  /** What is spawned (null: no workspace). */
  readonly spawn: Prepared | null;
  readonly mayChangeFiles: boolean;
}

/** Run mode, the sandbox active and not "Run list only", for a tool that runs a shell: the contained rule applies. */
function containedRun(
  ctx: ToolCallContext,
  containment: Containment | null,
  ownServices: OwnServicesScan | null,
  deps: CommandToolDeps,
  form: CommandForm,
): ClassifyContext['contained'] {
  if (!form.shell || ctx.agent.mode !== 'run' || !containment) return undefined;
  if (!runsByEffect(containment.contained, deps.runListOnlyFor?.(ctx.agent.id) ?? false)) return undefined;
  return {
    allowedDomains: containment.allowedDomains,
    privateTmp: containment.privateTmp,
    ignoreRules: form.ignoreRules,
    ownPorts: ownServices?.ports,
    historySecret: () => {
      const paths = pathContextOf(ctx);
      return paths === null ? null : secretInHistory(paths.workspace);
    },
  };
}

export function prepareCommandCall(
  command: string,
  cwd: string | undefined,
  ctx: ToolCallContext,
  deps: CommandToolDeps,
  form: CommandForm = {},
): PreparedCommandCall {
  const reading = readCommand(command);
  const paths = pathContextOf(ctx);
  // Certainly read-only only as a plain command of a read-only run-list row (a shell form may write
  // whatever it reads): otherwise the checkpoint records the workspace first.
  const mayChangeFiles = !certainlyReadOnly(reading.lexed);
  if (!paths || !ctx.workspace)
    return {
      reading,
      cwd,
      where: null,
      containment: null,
      ownServices: null,
      contained: undefined,
      decision: null,
      spawn: null,
      mayChangeFiles,
    };
  // The command's directory, resolved once: what is spawned and what the card says both read it.
  const where = resolveCommandCwd(paths, cwd);
  const containment = containmentFor(ctx.agent.id, ctx.workspace.directory, deps);
  // The agent's own services looked at once: the policy reads their ports, the run bridges them.
  const ownServices = scanOwnServices(containment, ctx.agent.id, deps);
  const contained = containedRun(ctx, containment, ownServices, deps, form);
  const remembered = deps.rememberedFor?.(ctx.agent.id, ctx.workspace.directory) ?? [];
  const decision = classifyCommand(
    command,
    { paths, cwd, where, mode: ctx.agent.mode, remembered, venv: ctx.workspace.venv ?? undefined, contained },
    reading,
  );
  const spawn = spawnFor(reading, where, paths, ctx, ctx.workspace, deps, containment, contained);
  return { reading, cwd, where, containment, ownServices, contained, decision, spawn, mayChangeFiles };
}

/**
 * The agent's own services as this call sees them, scanned once in its preparation (the policy reads
 * their ports, the run bridges them): null when the command is not contained or nothing provides them.
 */
export function scanOwnServices(
  containment: Containment | null,
  agentId: string,
  deps: { ownServices?: OwnServices },
): OwnServicesScan | null {
  return containment?.contained && deps.ownServices ? deps.ownServices.scan(agentId) : null;
}

/**
 * The wrapper for a contained command that reaches the agent's own started processes on its
 * loopback (each port the preparation found bridged in, and those opened while it runs; nothing
 * else of the host), or the plain one; `finish()` once the command has ended. Never fails: a reach
 * that cannot be made leaves the command with the plain wrapper, its own services unreachable.
 */
export async function wrapReachingOwnServices(
  containment: Containment | null,
  ownServices: OwnServicesScan | null,
): Promise<{ wrap: Containment['wrap'] | undefined; finish(): void }> {
  const none = { wrap: containment?.wrap, finish: () => undefined };
  if (!containment?.contained || !ownServices) return none;
  const reach = await ownServices.reach().catch(() => null);
  return reach ? { wrap: containment.wrapReaching(reach.mount), finish: () => reach.finish() } : none;
}

/** What is spawned for a prepared command: the argv itself, or /bin/sh reading it when the contained rule judged a shell form. */
function spawnFor(
  reading: CommandReading,
  where: CwdResolution,
  paths: PathContext,
  ctx: ToolCallContext,
  workspace: NonNullable<ToolCallContext['workspace']>,
  deps: CommandToolDeps,
  containment: Containment,
  contained: ClassifyContext['contained'],
): Prepared {
  const { command } = reading;
  const env = childEnvForWorkspace(workspace.capturedPath, ctx.home, deps.ownerEnv ?? {}, 'dumb');
  if (contained && !plainAsShForm(command, reading.form(), reading.lexed)) {
    // The contained rule judged the command as sh reads it, so sh reads it, inside the sandbox.
    if (!where.ok) return { ok: false, status: 403, error: where.reason };
    return {
      ok: true,
      command: {
        argv: ['/bin/sh', '-c', command],
        program: '/bin/sh',
        args: ['-c', command],
        cwd: where.absolute,
        cwdShown: where.relative,
        env,
        venvOnPath: false,
        shell: true,
        identity: programIdentity('/bin/sh') ?? undefined,
      },
    };
  }
  const venv = workspace.venv ? { venv: workspace.venv, firstOnPath: runsProjectCode } : undefined;
  const prepared = prepareCommand(command, where, paths, workspace.capturedPath, env, venv, reading.lexed);
  // A reader runs outside the sandbox (it executes nothing of the project's), but with the owner's
  // HOME it reads what lies there: rg reads ~/.gitconfig and git's global ignore (its answers then
  // tell what a deny-listed file holds), jq runs ~/.jq. So it gets an empty, unwritable HOME.
  if (prepared.ok && !executesWorkspaceCode(prepared.command.argv[0]!) && !containment.contained) {
    prepared.command.env = { ...prepared.command.env, HOME: emptyHome(ctx.dataDir) };
  }
  return prepared;
}

/**
 * The spawn of a prepared call at run time, or the refusal: no workspace, a command that cannot
 * run, or a program no longer the file the decision (and the card) named.
 */
export function spawnAtRun(
  prepared: PreparedCommandCall,
): { ok: true; command: PreparedCommand } | { ok: false; result: ToolResult } {
  const { spawn } = prepared;
  if (!spawn) return { ok: false, result: NO_WORKSPACE_FOR_COMMANDS };
  if (!spawn.ok) return { ok: false, result: { ok: false, status: spawn.status, error: spawn.error } };
  const changed = programChanged(spawn.command);
  if (changed) return { ok: false, result: { ok: false, status: 409, error: changed } };
  return { ok: true, command: spawn.command };
}

/** `<data>/empty-home`: an empty directory no one writes to (0500), the HOME of readers run uncontained. */
function emptyHome(dataDir: string): string {
  const dir = path.join(dataDir, 'empty-home');
  fs.mkdirSync(dir, { recursive: true, mode: 0o500 });
  return dir;
}

/** Timeout: the model's request, clamped to the configured maximum; the default otherwise. */
export function timeoutMsFor(requestedSeconds: number | undefined, defaultSeconds: number, maxSeconds: number): number {
  const wanted = requestedSeconds ?? defaultSeconds;
  return Math.max(1, Math.min(wanted, maxSeconds)) * 1000;
}
