// What run and start share (SPEC §6, §7): the same tier (the policy's classifyCommand), the same
// card preview, the same path from a command string to a spawn. bash shares the result format.
import fs from 'node:fs';
import path from 'node:path';
import type { TierDecision, CardPreview, ToolCallContext, ToolResult } from '../../shared/domain';
import { classifyCommand, isRememberable, type RememberedCommand } from '../policy';
import { resolveCommandCwd } from '../policy/paths';
import { plainAsSh } from '../policy/shellForm';
import type { ClassifyContext, CommandDecision } from '../policy/types';
import { commandDanger } from '../policy/danger';
import { containmentFor, executesWorkspaceCode, launcherFailure, networkNeedLine, type Containment, type ContainmentDeps } from '../sandbox/containment';
import { findOnPath } from '../processes/shellPath';
import { needsNetwork, parseDomainList } from '../sandbox/domains';
import type { OwnServices } from '../sandbox/ownServices';
import { lexCommand } from '../policy/lexer';
import { childEnvForWorkspace, type OwnerEnv } from '../processes/env';
import { prepareCommand, type Prepared } from '../processes/prepare';
import type { BoundedResult } from '../processes/spawn';
import type { GroupLedger } from '../processes/ledger';
import { classifyRun } from '../testRuns/detect';
import { describeMoved, type MovedEntry } from '../sandbox/alwaysCardGuard';
import { pathContextOf } from './toolContext';

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
}

/** Run mode, the sandbox active and not "Run list only", for a tool that runs a shell: the contained rule applies. */
function containedRun(ctx: ToolCallContext, deps: CommandToolDeps, form: CommandForm): ClassifyContext['contained'] {
  if (!form.shell || ctx.agent.mode !== 'run' || !ctx.workspace) return undefined;
  const containment = containmentFor(ctx.agent.id, ctx.workspace.directory, deps);
  if (!containment.contained || deps.runListOnlyFor?.(ctx.agent.id)) return undefined;
  return { allowedDomains: containment.allowedDomains, privateTmp: containment.privateTmp, ownPorts: deps.ownServices?.portsOf(ctx.agent.id) };
}

function decide(command: string, cwd: string | undefined, ctx: ToolCallContext, deps: CommandToolDeps, form: CommandForm): CommandDecision | null {
  const paths = pathContextOf(ctx);
  if (!paths || !ctx.workspace) return null;
  const remembered = deps.rememberedFor?.(ctx.agent.id, ctx.workspace.directory) ?? [];
  return classifyCommand(command, { paths, cwd, mode: ctx.agent.mode, remembered, venv: ctx.workspace.venv ?? undefined, contained: containedRun(ctx, deps, form) });
}

/** The card's lines for a command decided by its parts: one part a line, the deciding one marked. */
export function partLines(decision: CommandDecision): string[] {
  const parts = decision.shellParts;
  if (!parts || parts.length < 2) return [];
  return ['The command, part by part (▶ decided the card):', ...parts.map((p) => `${p.decides ? '▶' : '  '} ${p.text}`)];
}

export function commandTier(command: string, cwd: string | undefined, ctx: ToolCallContext, deps: CommandToolDeps, form: CommandForm = {}): TierDecision {
  const decision = decide(command, cwd, ctx, deps, form);
  if (!decision || !ctx.workspace) {
    return { tier: 'gated', reason: 'this agent has no workspace, so there is no directory to run commands in' };
  }
  if (decision.rememberedId !== undefined) deps.rememberedUsed?.(decision.rememberedId);
  if (decision.shellParts) return { tier: decision.tier, reason: decision.reason };
  if (decision.tier === 'auto') {
    // Auto means contained (issue 13 §4): the project's own code runs without a card only in the sandbox.
    const lexed = lexCommand(command);
    const program = lexed.ok ? lexed.argv[0] : '';
    const containment = containmentFor(ctx.agent.id, ctx.workspace.directory, deps);
    if (!containment.contained && executesWorkspaceCode(program)) {
      return {
        tier: 'gated',
        reason: `\`${program}\` runs this project's own code, and ${containment.why}: outside the sandbox that code runs as you, so it needs your approval`,
      };
    }
  }
  return { tier: decision.tier, reason: decision.reason };
}

/**
 * The wrapper for a contained command that reaches the agent's own started processes on
 * 127.0.0.1:<port> (each bridged in; nothing else of the host), or the plain one.
 */
export async function wrapReachingOwnServices(containment: Containment | null, agentId: string, deps: { ownServices?: OwnServices }): Promise<Containment['wrap'] | undefined> {
  if (!containment) return undefined;
  if (!containment.contained || !deps.ownServices) return containment.wrap;
  const sockets = await deps.ownServices.socketsFor(agentId);
  return sockets.length > 0 ? containment.wrapReaching(sockets) : containment.wrap;
}

/**
 * Why a contained command failed before its program started, said in its result: bubblewrap's own
 * error, or a program sh inside could not find (`sh: 1: cargo: not found`) that the host's PATH has
 * but the sandbox does not show. Null when nothing of the sort happened.
 */
export function failedBeforeStart(containment: Containment | null, exitCode: number | null, output: string, pathValue: string, workspace: string): string | null {
  if (!containment?.contained) return null;
  const launcher = launcherFailure(exitCode, output);
  if (launcher) return launcher;
  if (exitCode !== 127) return null;
  const said: string[] = [];
  for (const match of output.matchAll(/^(?:\/bin\/)?sh: \d+: ([^\s:/]+): not found$/gm)) {
    const found = findOnPath(match[1], pathValue, { workspace });
    const why = found ? containment.unseenProgram(found, pathValue) : null;
    if (why && !said.includes(why)) said.push(why.replace(', so it was not run:', ':'));
  }
  return said.length > 0 ? said.join('\n') : null;
}

/** The containment of this call's command (the wrapper and the card's line). */
export function commandContainment(ctx: ToolCallContext, deps: CommandToolDeps): Containment | null {
  return ctx.workspace ? containmentFor(ctx.agent.id, ctx.workspace.directory, deps) : null;
}

export function commandPreview(command: string, cwd: string | undefined, ctx: ToolCallContext, deps: CommandToolDeps, form: CommandForm = {}): CardPreview {
  const prepared = prepareFor(command, cwd, ctx, deps, form);
  const containment = commandContainment(ctx, deps);
  const containmentLine = containment ? [containment.line] : [];
  if (!prepared) return { cwd: cwd ?? '.', rememberable: false, details: containmentLine };
  // It would fail after an approval just the same (no shell for a pipe, no such program): no card.
  if (!prepared.ok) return { refusal: prepared.error };
  const { argv, program, cwdShown, venvOnPath } = prepared.command;
  const contained = containedRun(ctx, deps, form) !== undefined;
  const decision = prepared.command.shell || contained ? decide(command, cwd, ctx, deps, form) : null;
  const offer = decision ? allowDomainsOffer(decision) : {};
  if (prepared.command.shell && decision?.shellParts) {
    // Decided by the contained rule: its parts, the deciding one marked; a destroyer is a danger card.
    const lines = [`runs with /bin/sh in the sandbox`, ...partLines(decision)];
    const lexed = lexCommand(command);
    if (containment && (decision.code === 'needs-network' || (lexed.ok && needsNetwork(lexed.argv)))) containmentLine.push(networkNeedLine(containment));
    return {
      argv,
      cwd: cwdShown,
      rememberable: isRememberable(command) && decision.code !== 'danger',
      details: [...lines, ...containmentLine],
      ...(decision.code === 'danger' ? { danger: decision.reason } : {}),
      ...offer,
    };
  }
  const danger = ctx.workspace ? commandDanger(argv, { workspace: ctx.workspace.directory, cwd: prepared.command.cwd, home: ctx.home }) : null;
  const details = [`runs ${program}`];
  if (venvOnPath && ctx.workspace?.venv) details.push(`PATH begins with the project's virtualenv: ${ctx.workspace.venv}/bin`);
  // A command that fetches (npm install, pip install, …) says whether and where it may reach (issue 13 §3).
  if (containment && needsNetwork(argv)) containmentLine.push(networkNeedLine(containment));
  return {
    argv,
    cwd: cwdShown,
    rememberable: isRememberable(command) && danger === null,
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
  if (decision.tier !== 'gated' || decision.code !== 'needs-network' || !decision.domains || decision.domains.length === 0) return {};
  const parsed = parseDomainList(decision.domains.join(' '));
  if (parsed.refused.length > 0 || parsed.entries.length === 0) return {};
  return { choices: [{ kind: 'allow-domains', label: `Allow ${parsed.entries.join(', ')} for this agent` }], allowDomains: parsed.entries };
}

export function prepareFor(command: string, cwd: string | undefined, ctx: ToolCallContext, deps: CommandToolDeps, form: CommandForm = {}): Prepared | null {
  const paths = pathContextOf(ctx);
  if (!paths || !ctx.workspace) return null;
  const env = childEnvForWorkspace(ctx.workspace.capturedPath, ctx.home, deps.ownerEnv ?? {}, 'dumb');
  if (containedRun(ctx, deps, form) && !plainAsSh(command)) {
    // The contained rule judged the command as sh reads it, so sh reads it, inside the sandbox.
    const where = resolveCommandCwd(paths, cwd);
    if (!where.ok) return { ok: false, status: 403, error: where.reason };
    return {
      ok: true,
      command: { argv: ['/bin/sh', '-c', command], program: '/bin/sh', args: ['-c', command], cwd: where.absolute, cwdShown: where.relative, env, venvOnPath: false, shell: true },
    };
  }
  const venv = ctx.workspace.venv ? { venv: ctx.workspace.venv, firstOnPath: runsProjectCode } : undefined;
  const prepared = prepareCommand(command, cwd, paths, ctx.workspace.capturedPath, env, venv);
  // A reader runs outside the sandbox (it executes nothing of the project's), but with the owner's
  // HOME it reads what lies there: rg reads ~/.gitconfig and git's global ignore (its answers then
  // tell what a deny-listed file holds), jq runs ~/.jq. So it gets an empty, unwritable HOME.
  if (prepared.ok && !executesWorkspaceCode(prepared.command.argv[0]) && !commandContainment(ctx, deps)?.contained) {
    prepared.command.env = { ...prepared.command.env, HOME: emptyHome(ctx.dataDir) };
  }
  return prepared;
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

/** How a finished command reads to the model: what ran, where, how it ended, the output tail. */
export function describeFinished(shown: string, cwdShown: string, result: BoundedResult, timeoutMs: number): string {
  let ending: string;
  if (result.timedOut) ending = `timed out after ${seconds(timeoutMs)}; its whole process group was killed`;
  else if (result.cancelled) ending = 'cancelled; its whole process group was killed';
  else if (result.signal) ending = `killed by ${result.signal}`;
  else ending = `exit code ${result.exitCode}`;
  const output = result.output.length > 0 ? result.output : '(no output)\n';
  return `$ ${oneLine(shown)}\n(in ${oneLine(cwdShown)}) ${ending} · ${seconds(result.elapsedMs)}\n${output}`;
}

/**
 * A command on the header's one line: a bash command's line breaks written as `\n`, so its second
 * line is always Paddock's ending (a heredoc printing "(in .) exit code 0" made the window's chip
 * say exit 0 for a command that exited 3).
 */
function oneLine(text: string): string {
  return text.replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, (brk) => (brk === '\n' ? '\\n' : brk === '\r\n' ? '\\r\\n' : brk === '\r' ? '\\r' : `\\u${brk.charCodeAt(0).toString(16).padStart(4, '0')}`));
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
