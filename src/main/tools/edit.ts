// edit {path, old, new, all?} (SPEC §5, §6, seed 000): exact-string replacement, refused when `old`
// is absent or ambiguous (unless `all`). A card when the mode is `ask`, when the agent's acceptance
// policy is `propose`, and for the always-a-card files; otherwise applied directly.
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

/** The change an edit makes to what the file holds, or why it cannot be made. */
function planEdit(args: EditArgs): Planner {
  return (before) => {
    if (before.before === null)
      return { ok: false, status: 404, error: `${before.rel} does not exist; use write to create it.` };
    const text = before.before.toString('utf8');
    const count = countOccurrences(text, args.old);
    if (count === 0)
      return {
        ok: false,
        status: 400,
        error: `refused: the old text was not found in ${before.rel}; nothing was changed.`,
      };
    if (count > 1 && !args.all) {
      return {
        ok: false,
        status: 400,
        error: `refused: the old text occurs ${count} times in ${before.rel}; include more context to make it unique, or set all to replace every one.`,
      };
    }
    const after = args.all
      ? text.split(args.old).join(args.new)
      : (() => {
          const at = text.indexOf(args.old);
          return text.slice(0, at) + args.new + text.slice(at + args.old.length);
        })();
    return { ok: true, change: planFrom(before, after) };
  };
}

/** The edit's one preparation: its path resolved once, what is there read, the change planned. */
function prepareEdit(args: EditArgs, ctx: ToolCallContext): PreparedChange {
  return prepareChange(pathContextOf(ctx), args.path, planEdit(args));
}

export const editTool: ToolDefinition<EditArgs, PreparedChange> = {
  name: 'edit',
  scope: TOOL_SCOPE.edit,
  description:
    'Replace an exact piece of text in a workspace file. The old text must occur exactly once unless all is true.',
  schema: editSchema,
  effects: {
    readOnly: false,
    destructive: true,
    idempotent: false,
    openWorld: false,
    changesFiles: true,
    runsCode: false,
    replaySafe: false,
  },
  views: { quotesFiles: false, icon: 'file-edit', file: pathArgument },
  events: summaryChanged,
  prepareCall: prepareEdit,
  tierFor(args, ctx, prepared = prepareEdit(args, ctx)) {
    if (prepared.pctx !== null) {
      if (prepared.alwaysCard) return { tier: 'gated', reason: prepared.alwaysCard };
      // An edit that cannot apply is refused by run at once: no card to answer for nothing.
      if (!prepared.planned.ok) return { tier: 'auto', reason: 'the edit cannot apply; it is refused without a card' };
    }
    if (ctx.agent.mode === 'ask') return { tier: 'gated', reason: 'in ask mode every edit is a card' };
    if (ctx.agent.acceptancePolicy === 'propose')
      return { tier: 'gated', reason: "this agent's edits are proposals (acceptance policy: propose)" };
    return { tier: 'auto', reason: `in ${ctx.agent.mode} mode with acceptance policy apply, edits need no card` };
  },
  async preview(args, ctx, prepared = prepareEdit(args, ctx)): Promise<CardPreview> {
    if (prepared.pctx === null) return { details: ['this agent has no workspace'] };
    // The run would fail the same way: refused now, never a card whose Approve then fails.
    if (!prepared.planned.ok) return { path: args.path, refusal: prepared.planned.error };
    const change = prepared.planned.change;
    return { path: change.path, diff: diffOf(change), baseHash: change.baseHash, hunks: hunksFor(change) };
  },
  async run(args, ctx, prepared = prepareEdit(args, ctx)): Promise<ToolResult> {
    if (prepared.pctx === null) return NO_WORKSPACE;
    return applyPrepared(prepared, planEdit(args), ctx.approval);
  },
};
