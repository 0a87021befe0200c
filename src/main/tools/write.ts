// write {path, content} (SPEC §5, §6, seed 000): creates parents, replaces atomically, returns the
// unified diff and the sha256 of what it replaced. A card in `ask` mode and for the always-a-card
// files; otherwise direct — never governed by the edit acceptance policy (seed 000).
import { z } from 'zod';
import { TOOL_SCOPE, type CardPreview, type ToolResult } from '../../shared/domain';
import { pathArgument, summaryChanged } from './facts';
import type { ToolDefinition } from './types';
import { alwaysCardReason, applyChange, diffOf, hunksFor, planFrom, readBefore } from './fileChange';
import { NO_WORKSPACE, pathContextOf } from './toolContext';

const writeSchema = z.object({
  path: z.string().describe('File path relative to the workspace; parent directories are created'),
  content: z.string().describe('The whole new content of the file'),
});
export type WriteArgs = z.infer<typeof writeSchema>;

export const writeTool: ToolDefinition<WriteArgs> = {
  name: 'write',
  scope: TOOL_SCOPE.write,
  description: 'Create or replace a file in the workspace with the given content. Parent directories are created.',
  schema: writeSchema,
  effects: { readOnly: false, destructive: true, idempotent: true, openWorld: false, changesFiles: true, runsCode: false, replaySafe: false },
  views: { quotesFiles: false, file: pathArgument },
  events: summaryChanged,
  tierFor(args, ctx) {
    const pctx = pathContextOf(ctx);
    // No workspace or a refused path: run refuses at once, so there is nothing to ask the owner.
    if (pctx !== null) {
      const card = alwaysCardReason(pctx, args.path);
      if (card) return { tier: 'gated', reason: card };
    }
    if (ctx.agent.mode === 'ask') return { tier: 'gated', reason: 'in ask mode every write is a card' };
    return { tier: 'auto', reason: `in ${ctx.agent.mode} mode writes inside the workspace need no card` };
  },
  async preview(args, ctx): Promise<CardPreview> {
    const pctx = pathContextOf(ctx);
    if (pctx === null) return { details: ['this agent has no workspace'] };
    const before = readBefore(pctx, args.path);
    // The run would fail the same way: refused now, never a card whose Approve then fails (AC-4).
    if (!before.ok) return { path: args.path, refusal: before.error };
    const change = planFrom(before, args.content);
    return { path: change.path, diff: diffOf(change), baseHash: change.baseHash, hunks: hunksFor(change) };
  },
  async run(args, ctx): Promise<ToolResult> {
    const pctx = pathContextOf(ctx);
    if (pctx === null) return NO_WORKSPACE;
    const before = readBefore(pctx, args.path);
    if (!before.ok) return before;
    return applyChange(pctx, args.path, planFrom(before, args.content), ctx.approval);
  },
};
