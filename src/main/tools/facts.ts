// Reading a tool's declared facts (types.ts ToolFacts): the one place the defaults and the
// defensive answer for an unknown tool live. Callers pass the tool's declaration, never its name.
import type { Mode, ToolIcon, ToolResult } from '../../shared/domain';
import type { PaddockEvent } from '../../shared/ipc';
import type { CallEffects, PreparedCall, ToolFacts } from './types';

/** A tool Paddock has no declaration for (gone, misspelt, another program's): it may do anything. */
export const UNKNOWN_TOOL_FACTS: ToolFacts = {
  effects: {
    readOnly: false,
    destructive: true,
    idempotent: false,
    openWorld: true,
    changesFiles: true,
    runsCode: true,
    replaySafe: false,
  },
  views: { quotesFiles: false, icon: 'other' },
};

/** An MCP server's tool: another program's, so nothing is known of what it does; its row draws the plug. */
export const MCP_TOOL_FACTS: ToolFacts = { ...UNKNOWN_TOOL_FACTS, views: { ...UNKNOWN_TOOL_FACTS.views, icon: 'mcp' } };

const STORED_RESULT_LIMIT = 64 * 1024;
const RECORD_SUMMARY_LIMIT = 500;

function argsRecord(args: unknown): Record<string, unknown> {
  return args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
}

/**
 * What one call with these arguments does: the tool's narrowing, else its declared effects. A call's
 * one preparation (types.ts PreparedCall) that says whether it changes files is that narrowing (the
 * arguments are not read again; readOnly stays the declared one).
 */
export function callEffectsOf(facts: ToolFacts, args: unknown, prepared?: PreparedCall): CallEffects {
  const declared = facts.effects;
  const narrowed =
    prepared?.mayChangeFiles === undefined
      ? facts.callEffects?.(argsRecord(args))
      : { readOnly: false, changesFiles: prepared.mayChangeFiles };
  // Never wider than declared: a narrowing that claims more than the declaration is ignored on that point.
  return {
    readOnly: declared.readOnly || (narrowed?.readOnly ?? false),
    changesFiles: declared.changesFiles && (narrowed?.changesFiles ?? true),
  };
}

/** Whether a tool may be offered and run in this mode: plan mode takes only what declares itself plan-safe and read-only. */
export function offeredInMode(facts: ToolFacts, mode: Mode): boolean {
  if (mode !== 'plan') return true;
  return facts.planSafe === true && facts.effects.readOnly;
}

/** Whether a successful call of this tool ends the turn. */
export function endsTurn(facts: ToolFacts): boolean {
  return facts.endsTurn === true;
}

/** The text the model is sent for a result. */
export function modelResultText(result: ToolResult): string {
  return result.ok ? result.text : `error${result.status ? ` (${result.status})` : ''}: ${result.error}`;
}

/** The text the transcript keeps for a result: errors and other outputs whole (bounded), file contents as their size. */
export function storedResultText(facts: ToolFacts, tool: string, args: unknown, result: ToolResult): string {
  if (!result.ok) return modelResultText(result);
  if (facts.views.quotesFiles) {
    const target = describeTarget(argsRecord(args));
    const lines = result.text.length === 0 ? 0 : result.text.split('\n').length;
    return `${tool}${target}: returned ${lines} lines, ${result.text.length} characters (contents are not stored)`;
  }
  if (result.text.length <= STORED_RESULT_LIMIT) return result.text;
  return `[${result.text.length - STORED_RESULT_LIMIT} earlier characters not stored]\n${result.text.slice(-STORED_RESULT_LIMIT)}`;
}

/** What the tool_calls record keeps of a successful result: file contents by size, anything else its start. */
export function recordedResultSummary(facts: ToolFacts, text: string): string {
  if (facts.views.quotesFiles) return `returned ${text.length} characters (contents are not stored)`;
  return text.length > RECORD_SUMMARY_LIMIT ? `${text.slice(0, RECORD_SUMMARY_LIMIT)}…` : text;
}

/** What a compacted result tells the model to do to have it again. */
export function againSentence(facts: ToolFacts, args: unknown): string {
  return (
    facts.views.again?.(argsRecord(args)) ??
    'its effect stands; call a read-only tool to see the current state if you need it'
  );
}

/** The workspace file a call names that the window may open, if the tool says it names one. */
export function fileOf(facts: ToolFacts, args: unknown): string | null {
  return facts.views.file?.(argsRecord(args)) ?? null;
}

/** What the window's row draws for the tool's calls. */
export function iconOf(facts: ToolFacts): ToolIcon {
  return facts.views.icon;
}

/** The events a successful call sends the window. */
export function eventsAfter(facts: ToolFacts, call: { agentId: string; args: unknown; data: unknown }): PaddockEvent[] {
  return facts.events?.({ agentId: call.agentId, args: argsRecord(call.args), data: call.data }) ?? [];
}

function describeTarget(record: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of ['action', 'path', 'query']) {
    if (typeof record[key] === 'string') parts.push(`${key} ${JSON.stringify(record[key])}`);
  }
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** A `path` argument as the file a call names (read, write, edit). */
export function pathArgument(args: Record<string, unknown>): string | null {
  return typeof args.path === 'string' && args.path !== '' ? args.path : null;
}

/** The window's summary is stale after a call that changed the work (a file, a commit, a new summary). */
export const summaryChanged: NonNullable<ToolFacts['events']> = ({ agentId }) => [{ type: 'summary.changed', agentId }];
