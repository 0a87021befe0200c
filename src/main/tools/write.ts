// write {path, content} (SPEC §5, §6, seed 000): creates parents, replaces atomically, returns the
// unified diff and the sha256 of what it replaced. A card in `ask` mode and for the always-a-card
// files; otherwise direct — never governed by the edit acceptance policy (seed 000).
import { z } from 'zod';
import { TOOL_SCOPE, type CardPreview, type ToolCallContext, type ToolResult } from '../../shared/domain';
import { pathArgument, summaryChanged } from './facts';
import type { ToolDefinition } from './types';
import {
  applyPrepared,
  diffOf,
  hunksFor,
  planFrom,
  prepareChange,
  type Planner,
  type PreparedChange,
} from './fileChange';
import { NO_WORKSPACE, pathContextOf } from './toolContext';

const writeSchema = z.object({
  path: z.string().describe('File path relative to the workspace; parent directories are created'),
  content: z.string().describe('The whole new content of the file'),
});
export type WriteArgs = z.infer<typeof writeSchema>;

/** The write's one preparation: its path resolved once, what is there read, the change planned. */
function prepareWrite(args: WriteArgs, ctx: ToolCallContext): PreparedChange {
  return prepareChange(pathContextOf(ctx), args.path, planWrite(args));
}

function planWrite(args: WriteArgs): Planner {
  return (before) => ({ ok: true, change: planFrom(before, args.content) });
}

export const writeTool: ToolDefinition<WriteArgs, PreparedChange> = {
  name: 'write',
  scope: TOOL_SCOPE.write,
  description: 'Create or replace a file in the workspace with the given content. Parent directories are created.',
  schema: writeSchema,
  effects: {
    readOnly: false,
    destructive: true,
    idempotent: true,
    openWorld: false,
    changesFiles: true,
    runsCode: false,
    replaySafe: false,
  },
  views: { quotesFiles: false, icon: 'file-write', file: pathArgument },
  events: summaryChanged,
  prepareCall: prepareWrite,
  tierFor(args, ctx, prepared = prepareWrite(args, ctx)) {
    // No workspace or a refused path: run refuses at once, so there is nothing to ask the owner.
    if (prepared.pctx !== null && prepared.alwaysCard) return { tier: 'gated', reason: prepared.alwaysCard };
    if (ctx.agent.mode === 'ask') return { tier: 'gated', reason: 'in ask mode every write is a card' };
    return { tier: 'auto', reason: `in ${ctx.agent.mode} mode writes inside the workspace need no card` };
  },
  async preview(args, ctx, prepared = prepareWrite(args, ctx)): Promise<CardPreview> {
    if (prepared.pctx === null) return { details: ['this agent has no workspace'] };
    // The run would fail the same way: refused now, never a card whose Approve then fails (AC-4).
    if (!prepared.planned.ok) return { path: args.path, refusal: prepared.planned.error };
    const change = prepared.planned.change;
    return { path: change.path, diff: diffOf(change), baseHash: change.baseHash, hunks: hunksFor(change) };
  },
  async run(args, ctx, prepared = prepareWrite(args, ctx)): Promise<ToolResult> {
    if (prepared.pctx === null) return NO_WORKSPACE;
    return applyPrepared(prepared, planWrite(args), ctx.approval);
  },
};
