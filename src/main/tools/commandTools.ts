// What run and start share (SPEC §6, §7): the same tier (the policy's classifyCommand), the same
// card preview, the same path from a command string to a spawn. bash shares the result format.
import fs from 'node:fs';
import path from 'node:path';
import type {
  CardPreview,
  CommandOutcome,
  TierDecision,
  ToolCallContext,
  ToolOutcomeFacts,
  ToolResult,
} from '../../shared/domain';
import { classifyCommand, type RememberedCommand } from '../policy';
import { certainlyReadOnly, readCommand, type CommandReading } from '../policy/commandReading';
import { resolveCommandCwd } from '../policy/paths';
import { plainAsShForm } from '../policy/shellForm';
import type { ClassifyContext, CommandDecision } from '../policy/types';
import type { IgnoreRules } from '../policy/containedFiles';
import { commandDanger } from '../policy/danger';
import {
  containmentFor,
  executesWorkspaceCode,
  launcherFailure,
  networkNeedLine,
  type Containment,
  type ContainmentDeps,
} from '../sandbox/containment';
import { findOnPath } from '../processes/shellPath';
import { needsNetwork, parseDomainList } from '../sandbox/domains';
import type { OwnServices, OwnServicesScan } from '../sandbox/ownServices';
import { childEnvForWorkspace, type OwnerEnv } from '../processes/env';
import {
  prepareCommand,
  programChanged,
  programIdentity,
  type Prepared,
  type PreparedCommand,
} from '../processes/prepare';
import type { BoundedResult } from '../processes/spawn';
import type { GroupLedger } from '../processes/ledger';
import { classifyRun } from '../testRuns/detect';
import { describeMoved, type MovedEntry } from '../sandbox/alwaysCardGuard';
import { pathContextOf } from './toolContext';
import type { PathContext } from '../workspace/types';
import type { PreparedCall } from './types';

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
  readonly cwd: string | undefined;
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
  if (!containment.contained || deps.runListOnlyFor?.(ctx.agent.id)) return undefined;
  return {
    allowedDomains: containment.allowedDomains,
    privateTmp: containment.privateTmp,
    ignoreRules: form.ignoreRules,
    ownPorts: ownServices?.ports,
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
      containment: null,
      ownServices: null,
      contained: undefined,
      decision: null,
      spawn: null,
      mayChangeFiles,
    };
  const containment = containmentFor(ctx.agent.id, ctx.workspace.directory, deps);
  // The agent's own services looked at once: the policy reads their ports, the run bridges them.
  const ownServices = scanOwnServices(containment, ctx.agent.id, deps);
  const contained = containedRun(ctx, containment, ownServices, deps, form);
  const remembered = deps.rememberedFor?.(ctx.agent.id, ctx.workspace.directory) ?? [];
  const decision = classifyCommand(
    command,
    { paths, cwd, mode: ctx.agent.mode, remembered, venv: ctx.workspace.venv ?? undefined, contained },
    reading,
  );
  const spawn = spawnFor(reading, cwd, paths, ctx, ctx.workspace, deps, containment, contained);
  return { reading, cwd, containment, ownServices, contained, decision, spawn, mayChangeFiles };
}

/** The card's lines for a command decided by its parts: one part a line, the deciding one marked. */
export function partLines(decision: CommandDecision): string[] {
  const parts = decision.shellParts;
  if (!parts || parts.length < 2) return [];
  return [
    'The command, part by part (▶ decided the card):',
    ...parts.map((p) => `${p.decides ? '▶' : '  '} ${p.text}`),
  ];
}

export function commandTier(prepared: PreparedCommandCall, ctx: ToolCallContext, deps: CommandToolDeps): TierDecision {
  const { decision, containment } = prepared;
  if (!decision || !containment) {
    return { tier: 'gated', reason: 'this agent has no workspace, so there is no directory to run commands in' };
  }
  if (decision.rememberedId !== undefined) deps.rememberedUsed?.(decision.rememberedId);
  if (decision.shellParts) return { tier: decision.tier, reason: decision.reason };
  if (decision.tier === 'auto') {
    // Auto means contained (issue 13 §4): the project's own code runs without a card only in the sandbox.
    const lexed = prepared.reading.lexed;
    const program = lexed.ok ? lexed.argv[0] : '';
    if (!containment.contained && executesWorkspaceCode(program!)) {
      return {
        tier: 'gated',
        reason: `\`${program}\` runs this project's own code, and ${containment.why}: outside the sandbox that code runs as you, so it needs your approval`,
      };
    }
  }
  return { tier: decision.tier, reason: decision.reason };
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

/**
 * Why a contained command failed before its program started, said in its result: bubblewrap's own
 * error, or a program sh inside could not find (`sh: 1: cargo: not found`) that the host's PATH has
 * but the sandbox does not show. Null when nothing of the sort happened.
 */
export function failedBeforeStart(
  containment: Containment | null,
  exitCode: number | null,
  output: string,
  pathValue: string,
  workspace: string,
): string | null {
  if (!containment?.contained) return null;
  const launcher = launcherFailure(exitCode, output);
  if (launcher) return launcher;
  if (exitCode !== 127) return null;
  const said: string[] = [];
  for (const match of output.matchAll(/^(?:\/bin\/)?sh: \d+: ([^\s:/]+): not found$/gm)) {
    const found = findOnPath(match[1]!, pathValue, { workspace });
    const why = found ? containment.unseenProgram(found, pathValue) : null;
    if (why && !said.includes(why)) said.push(why.replace(', so it was not run:', ':'));
  }
  return said.length > 0 ? said.join('\n') : null;
}

export function commandPreview(prepared: PreparedCommandCall, ctx: ToolCallContext): CardPreview {
  const { containment, decision, spawn, reading } = prepared;
  const containmentLine = containment ? [containment.line] : [];
  if (!spawn) return { cwd: prepared.cwd ?? '.', rememberable: false, details: containmentLine };
  // It would fail after an approval just the same (no shell for a pipe, no such program): no card.
  if (!spawn.ok) return { refusal: spawn.error };
  const { argv, program, cwdShown, venvOnPath } = spawn.command;
  const rememberable = reading.lexed.ok;
  // The contained rule's decision offers "Allow <domain>" (a shell form, or a plain command it decided).
  const offer =
    decision && (spawn.command.shell || prepared.contained !== undefined) ? allowDomainsOffer(decision) : {};
  if (spawn.command.shell && decision?.shellParts) {
    // Decided by the contained rule: its parts, the deciding one marked; a destroyer is a danger card.
    const lines = [`runs with /bin/sh in the sandbox`, ...partLines(decision)];
    if (containment && (decision.code === 'needs-network' || (reading.lexed.ok && needsNetwork(reading.lexed.argv))))
      containmentLine.push(networkNeedLine(containment));
    return {
      argv,
      cwd: cwdShown,
      rememberable: rememberable && decision.code !== 'danger',
      details: [...lines, ...containmentLine],
      ...(decision.code === 'danger' ? { danger: decision.reason } : {}),
      ...offer,
    };
  }
  const danger = ctx.workspace
    ? commandDanger(argv, { workspace: ctx.workspace.directory, cwd: spawn.command.cwd, home: ctx.home })
    : null;
  const details = [`runs ${program}`];
  if (venvOnPath && ctx.workspace?.venv)
    details.push(`PATH begins with the project's virtualenv: ${ctx.workspace.venv}/bin`);
  // A command that fetches (npm install, pip install, …) says whether and where it may reach (issue 13 §3).
  if (containment && needsNetwork(argv)) containmentLine.push(networkNeedLine(containment));
  return {
    argv,
    cwd: cwdShown,
    rememberable: rememberable && danger === null,
    details: [...details, ...containmentLine],
    ...(danger ? { danger } : {}),
    ...(danger ? {} : offer),
  };
}

/**
 * A needs-network card whose rule names the domains (an install, `git fetch` of a named host, a
 * URL): "Allow <domains> for this agent" beside Approve, which adds them to the agent's allowed
 * domains (Settings → Developer → Sandbox) and runs the command. Only entries that list accepts.
 */
function allowDomainsOffer(decision: CommandDecision): Pick<CardPreview, 'choices' | 'allowDomains'> {
  if (
    decision.tier !== 'gated' ||
    decision.code !== 'needs-network' ||
    !decision.domains ||
    decision.domains.length === 0
  )
    return {};
  const parsed = parseDomainList(decision.domains.join(' '));
  if (parsed.refused.length > 0 || parsed.entries.length === 0) return {};
  return {
    choices: [{ kind: 'allow-domains', label: `Allow ${parsed.entries.join(', ')} for this agent` }],
    allowDomains: parsed.entries,
  };
}

/** What is spawned for a prepared command: the argv itself, or /bin/sh reading it when the contained rule judged a shell form. */
function spawnFor(
  reading: CommandReading,
  cwd: string | undefined,
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
    const where = resolveCommandCwd(paths, cwd);
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
  const prepared = prepareCommand(command, cwd, paths, workspace.capturedPath, env, venv, reading.lexed);
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

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms / 1000)} s`;
}

/** How a finished command ended, in the sentence the model's text and the row's details both say. */
function endingOf(result: BoundedResult, timeoutMs: number): string {
  if (result.timedOut) return `timed out after ${seconds(timeoutMs)}; its whole process group was killed`;
  if (result.cancelled) return 'cancelled; its whole process group was killed';
  if (result.signal) return `killed by ${result.signal}`;
  return `exit code ${result.exitCode}`;
}

/** How a finished command reads to the model: what ran, where, how it ended, the output tail. */
export function describeFinished(shown: string, cwdShown: string, result: BoundedResult, timeoutMs: number): string {
  return finishedCommand({ shown, cwdShown, result, timeoutMs }).text;
}

/**
 * A finished command, read once: its outcome (what the call's record and the window's row show)
 * and the model's text rendered from it — the header, a test run's counts, the output, and the
 * sentence about always-card entries it created (moved out, SPEC §4).
 */
export function finishedCommand(input: {
  shown: string;
  cwdShown: string;
  result: BoundedResult;
  timeoutMs: number;
  tests?: { failed: number; passed: number; skipped: number } | null;
  moved?: readonly MovedEntry[];
  contained?: boolean;
}): { text: string; outcome: ToolOutcomeFacts } {
  const { result } = input;
  const ending = endingOf(result, input.timeoutMs);
  const shown = oneLine(input.shown);
  const header = [`$ ${shown}`, `(in ${oneLine(input.cwdShown)}) ${ending} · ${seconds(result.elapsedMs)}`];
  if (input.tests)
    header.push(`tests: ${input.tests.failed} failed, ${input.tests.passed} passed, ${input.tests.skipped} skipped`);
  const head = `${header.join('\n')}\n`;
  const output = result.output.length > 0 ? result.output : '(no output)\n';
  const text = withAlwaysCardRefusal(`${head}${output}`, input.moved ?? []);
  const command: CommandOutcome = {
    shown,
    cwd: input.cwdShown,
    exitCode: result.exitCode,
    signal: result.signal,
    timedOut: result.timedOut,
    cancelled: result.cancelled,
    elapsedMs: result.elapsedMs,
    ending,
    failingTests: input.tests ? input.tests.failed : null,
    outputStart: head.length,
    printedNothing: result.output.length === 0 && (input.moved ?? []).length === 0,
  };
  return { text, outcome: { command, ...(input.contained === undefined ? {} : { contained: input.contained }) } };
}

/**
 * A command on the header's one line: a bash command's line breaks written as `\n`, so its second
 * line is always Paddock's ending (a heredoc printing "(in .) exit code 0" made the window's chip
 * say exit 0 for a command that exited 3).
 */
function oneLine(text: string): string {
  return text.replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, (brk) =>
    brk === '\n'
      ? '\\n'
      : brk === '\r\n'
        ? '\\r\\n'
        : brk === '\r'
          ? '\\r'
          : `\\u${brk.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The structured part of a finished command's result (the window's row shows it). */
export function finishedData(result: BoundedResult) {
  return {
    exitCode: result.exitCode,
    signal: result.signal,
    timedOut: result.timedOut,
    cancelled: result.cancelled,
    elapsedMs: result.elapsedMs,
    droppedBytes: result.droppedBytes,
  };
}

/** Timeout: the model's request, clamped to the configured maximum; the default otherwise. */
export function timeoutMsFor(requestedSeconds: number | undefined, defaultSeconds: number, maxSeconds: number): number {
  const wanted = requestedSeconds ?? defaultSeconds;
  return Math.max(1, Math.min(wanted, maxSeconds)) * 1000;
}

/** A finished command's text, then the sentence about always-card entries it created (moved out, SPEC §4). */
export function withAlwaysCardRefusal(text: string, moved: readonly MovedEntry[]): string {
  const refused = describeMoved(moved);
  if (!refused) return text;
  return `${text}${text.endsWith('\n') ? '' : '\n'}${refused}\n`;
}

/** The structured part: what was moved out and where (the owner's window; the model gets the sentence). */
export function movedData(moved: readonly MovedEntry[]): { alwaysCardMoved?: MovedEntry[] } {
  return moved.length > 0 ? { alwaysCardMoved: [...moved] } : {};
}
