// What run and start share (SPEC §6, §7): the same tier (the policy's classifyCommand), the same
// card preview, the same path from a command string to a spawn. bash shares the result format.
import type { TierDecision } from '../../shared/domain';
import { classifyCommand, isRememberable, type RememberedCommand } from '../policy';
import type { CardPreview, ToolCallContext, ToolResult } from '../tools/types';
import type { PathContext } from '../workspace/types';
import { childEnvForWorkspace, prepareCommand, type OwnerEnv, type Prepared } from './prepare';
import type { BoundedResult } from './spawn';

export const NO_WORKSPACE_FOR_COMMANDS: ToolResult = {
  ok: false,
  status: 403,
  error: 'refused: this agent has no workspace, so there is no directory to run commands in.',
};

export interface CommandToolDeps {
  /** The owner's remembered commands for (agent, workspace directory) (seed 003 §3). */
  rememberedFor?: (agentId: string, directory: string) => readonly RememberedCommand[];
  /** USER, LANG, LC_ALL, TMPDIR, SHELL as Paddock read them at start; nothing else is taken. */
  ownerEnv?: OwnerEnv;
  /** A remembered command let this one through without a card: Settings shows when (issue 19). */
  rememberedUsed?: (id: number) => void;
}

export function pathsOf(ctx: ToolCallContext): PathContext | null {
  return ctx.workspace ? { workspace: ctx.workspace.directory, home: ctx.home, dataDir: ctx.dataDir } : null;
}

export function commandTier(command: string, cwd: string | undefined, ctx: ToolCallContext, deps: CommandToolDeps): TierDecision {
  const paths = pathsOf(ctx);
  if (!paths || !ctx.workspace) {
    return { tier: 'gated', reason: 'this agent has no workspace, so there is no directory to run commands in' };
  }
  const remembered = deps.rememberedFor?.(ctx.agent.id, ctx.workspace.directory) ?? [];
  const decision = classifyCommand(command, { paths, cwd, mode: ctx.agent.mode, remembered });
  if (decision.rememberedId !== undefined) deps.rememberedUsed?.(decision.rememberedId);
  return { tier: decision.tier, reason: decision.reason };
}

export function commandPreview(command: string, cwd: string | undefined, ctx: ToolCallContext, deps: CommandToolDeps): CardPreview {
  const prepared = prepareFor(command, cwd, ctx, deps);
  if (!prepared || !prepared.ok) {
    const details = prepared && !prepared.ok ? [prepared.error] : [];
    return { cwd: cwd ?? '.', rememberable: isRememberable(command), details };
  }
  const { argv, program, cwdShown } = prepared.command;
  return { argv, cwd: cwdShown, rememberable: isRememberable(command), details: [`runs ${program}`] };
}

export function prepareFor(command: string, cwd: string | undefined, ctx: ToolCallContext, deps: CommandToolDeps): Prepared | null {
  const paths = pathsOf(ctx);
  if (!paths || !ctx.workspace) return null;
  const env = childEnvForWorkspace(ctx.workspace.capturedPath, ctx.home, deps.ownerEnv ?? {}, 'dumb');
  return prepareCommand(command, cwd, paths, ctx.workspace.capturedPath, env);
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
  return `$ ${shown}\n(in ${cwdShown}) ${ending} · ${seconds(result.elapsedMs)}\n${output}`;
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
