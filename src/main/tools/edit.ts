// edit {path, old, new, all?} (SPEC §5, §6, seed 000): exact-string replacement, refused when `old`
// is absent or ambiguous (unless `all`). A card when the mode is `ask`, when the agent's acceptance
// policy is `propose`, and for the always-a-card files; otherwise applied directly.
import { z } from 'zod';
import { TOOL_SCOPE, type CardPreview, type ToolResult } from '../../shared/domain';
import { pathArgument, summaryChanged } from './facts';
import type { ToolDefinition } from './types';
import type { PathContext } from '../workspace/types';
import { alwaysCardReason, applyChange, changedSinceApproval, diffOf, hunksFor, planFrom, readBefore, type PlannedChange } from './fileChange';
import { NO_WORKSPACE, pathContextOf } from './toolContext';

const editSchema = z.object({
  path: z.string().describe('File path relative to the workspace'),
  old: z.string().min(1).describe('Exact text to replace; must occur once unless all is true'),
  new: z.string().describe('Replacement text'),
  all: z.boolean().optional().describe('Replace every occurrence'),
});
export type EditArgs = z.infer<typeof editSchema>;

function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

/** The change an edit would make, or why it cannot be made. */
export function planEdit(pctx: PathContext, args: EditArgs): { ok: true; change: PlannedChange } | { ok: false; status: number; error: string } {
  const before = readBefore(pctx, args.path);
  if (!before.ok) return before;
  if (before.before === null) return { ok: false, status: 404, error: `${before.rel} does not exist; use write to create it.` };
  const text = before.before.toString('utf8');
  const count = countOccurrences(text, args.old);
  if (count === 0) return { ok: false, status: 400, error: `refused: the old text was not found in ${before.rel}; nothing was changed.` };
  if (count > 1 && !args.all) {
    return { ok: false, status: 400, error: `refused: the old text occurs ${count} times in ${before.rel}; include more context to make it unique, or set all to replace every one.` };
  }
  const after = args.all ? text.split(args.old).join(args.new) : (() => {
    const at = text.indexOf(args.old);
    return text.slice(0, at) + args.new + text.slice(at + args.old.length);
  })();
  return { ok: true, change: planFrom(before, after) };
}

export const editTool: ToolDefinition<EditArgs> = {
  name: 'edit',
  scope: TOOL_SCOPE.edit,
  description: 'Replace an exact piece of text in a workspace file. The old text must occur exactly once unless all is true.',
  schema: editSchema,
  effects: { readOnly: false, destructive: true, idempotent: false, openWorld: false, changesFiles: true, runsCode: false, replaySafe: false },
  views: { quotesFiles: false, file: pathArgument },
  events: summaryChanged,
  tierFor(args, ctx) {
    const pctx = pathContextOf(ctx);
    if (pctx !== null) {
      const card = alwaysCardReason(pctx, args.path);
      if (card) return { tier: 'gated', reason: card };
      // An edit that cannot apply is refused by run at once: no card to answer for nothing.
      if (!planEdit(pctx, args).ok) return { tier: 'auto', reason: 'the edit cannot apply; it is refused without a card' };
    }
    if (ctx.agent.mode === 'ask') return { tier: 'gated', reason: 'in ask mode every edit is a card' };
    if (ctx.agent.acceptancePolicy === 'propose') return { tier: 'gated', reason: "this agent's edits are proposals (acceptance policy: propose)" };
    return { tier: 'auto', reason: `in ${ctx.agent.mode} mode with acceptance policy apply, edits need no card` };
  },
  async preview(args, ctx): Promise<CardPreview> {
    const pctx = pathContextOf(ctx);
    if (pctx === null) return { details: ['this agent has no workspace'] };
    const planned = planEdit(pctx, args);
    // The run would fail the same way: refused now, never a card whose Approve then fails.
    if (!planned.ok) return { path: args.path, refusal: planned.error };
    return { path: planned.change.path, diff: diffOf(planned.change), baseHash: planned.change.baseHash, hunks: hunksFor(planned.change) };
  },
  async run(args, ctx): Promise<ToolResult> {
    const pctx = pathContextOf(ctx);
    if (pctx === null) return NO_WORKSPACE;
    const stale = changedSinceApproval(pctx, args.path, ctx.approval);
    if (stale) return stale;
    const planned = planEdit(pctx, args);
    if (!planned.ok) return planned;
    return applyChange(pctx, args.path, planned.change, ctx.approval);
  },
};
