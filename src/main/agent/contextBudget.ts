// The context budget (issue 16): results of earlier steps stay whole while the conversation fits the
// model's context window minus room for the answer. Past the budget, the oldest results are compacted
// first, then the oldest messages are elided behind one marker; the results of the latest step are
// never touched unless they alone exceed it. Compaction is sticky and goes down to a low-water mark,
// so the prefix the provider has cached changes rarely. Tokens are a measured estimate: characters
// divided by the ratio the provider's own count of the previous request gave for this conversation.
import type { ConversationHistory, ElisionState } from './history';
import { IMAGE_CHARS } from './history';
import type { ModelMessage } from './providers/types';

/** Before any request of a conversation was measured: code and JSON run near 3 characters a token. */
export const DEFAULT_CHARS_PER_TOKEN = 3;
/** Compaction goes down to this share of the budget, so it happens once in many steps. */
export const LOW_WATER = 0.7;
/** A result this short costs less than its placeholder: never compacted. */
const SHORT_RESULT = 240;

export interface Budget {
  /** Tokens the request may use: the window minus the answer and a margin. */
  tokens: number;
  contextWindow: number;
  /** Characters outside the messages (system prompt, tool schemas). */
  fixedChars: number;
  model: string;
}

export function budgetTokens(contextWindow: number, maxOutputTokens: number): number {
  const margin = Math.max(1_024, Math.round(contextWindow * 0.02));
  return Math.max(1_024, contextWindow - maxOutputTokens - margin);
}

export function charsPerToken(history: ConversationHistory): number {
  return history.charsPerToken ?? DEFAULT_CHARS_PER_TOKEN;
}

/** The request's estimated size in tokens (images at a fixed allowance each). */
export function estimateTokens(
  history: ConversationHistory,
  fixedChars: number,
  elided: ElisionState = history.elision,
): number {
  const chars = fixedChars + history.totalChars - elided.chars + elided.markerChars;
  return (
    Math.ceil(chars / charsPerToken(history)) + Math.ceil((history.totalImages * IMAGE_CHARS) / DEFAULT_CHARS_PER_TOKEN)
  );
}

export interface FitOutcome {
  compacted: number;
  elided: number;
  truncated: number;
  estimate: number;
}

/** What a compacted result of this tool and these arguments tells the model (the tool's own view). */
export type AgainFor = (tool: string, args: unknown) => string;

/** Makes the request fit the budget; returns what it did (zero counts: nothing changed). */
export function fitToBudget(history: ConversationHistory, budget: Budget, againFor: AgainFor): FitOutcome {
  const outcome: FitOutcome = {
    compacted: 0,
    elided: 0,
    truncated: 0,
    estimate: estimateTokens(history, budget.fixedChars),
  };
  if (outcome.estimate <= budget.tokens) return outcome;
  const target = Math.floor(budget.tokens * LOW_WATER);
  const latest = history.latestStepStart();
  const measure = (): number => (outcome.estimate = estimateTokens(history, budget.fixedChars));

  // 1. Oldest results first, outside the latest step.
  for (let index = history.elidedBefore; index < latest && measure() > target; index++) {
    const entry = history.entries[index];
    if (
      entry!.message.role !== 'tool' ||
      entry!.compacted ||
      (entry!.message.text.length <= SHORT_RESULT && entry!.images === 0)
    )
      continue;
    history.compact(
      index,
      compactedPlaceholder(
        entry!.message.tool,
        entry!.args,
        entry!.message.text.length,
        budget,
        againFor(entry!.message.tool, entry!.args),
      ),
    );
    outcome.compacted++;
  }
  // 2. Then whole messages, oldest first, cut before an assistant message so calls and results stay paired.
  if (measure() > target) {
    let cut = history.elidedBefore;
    let chars = history.elision.chars;
    for (let index = history.elidedBefore; index < latest; index++) {
      chars += history.entries[index]!.chars;
      const next = index + 1;
      if (next <= latest && history.entries[next]?.message.role === 'assistant') {
        cut = next;
        const marker = elisionMarker(history, next, budget);
        const trial: ElisionState = { chars, markerChars: marker.length + 16, marker };
        if (estimateTokens(history, budget.fixedChars, trial) <= target) break;
      }
    }
    if (cut > history.elidedBefore) {
      const marker = elisionMarker(history, cut, budget);
      let elidedChars = 0;
      for (let index = 0; index < cut; index++) elidedChars += history.entries[index]!.chars;
      outcome.elided = cut - history.elidedBefore;
      history.elidedBefore = cut;
      history.elision = { chars: elidedChars, markerChars: marker.length + 16, marker };
      measure();
    }
  }
  // 3. The latest step alone is over the budget: its largest results are cut, head kept, and said so.
  if (measure() > budget.tokens) {
    const results = history.entries
      .map((entry, index) => ({ entry, index }))
      .filter(({ entry, index }) => index >= latest && entry.message.role === 'tool' && !entry.compacted)
      .sort((a, b) => b.entry.chars - a.entry.chars);
    for (const { entry, index } of results) {
      if (measure() <= budget.tokens || entry.message.role !== 'tool') break;
      const overChars = (outcome.estimate - budget.tokens) * charsPerToken(history) + 512;
      const keep = Math.max(0, entry.message.text.length - Math.ceil(overChars));
      const text = entry.message.text;
      history.compact(
        index,
        `${text.slice(0, keep)}\n[cut here to fit the context budget of ${budget.model}: ${text.length - keep} more characters of this ${entry.message.tool} result were not sent; ask for a narrower range if you need them]`,
      );
      outcome.truncated++;
    }
    measure();
  }
  return outcome;
}

/** What the model is sent: the marker, if anything is elided, then every entry after it. */
export function requestMessages(history: ConversationHistory): ModelMessage[] {
  const out: ModelMessage[] = [];
  if (history.elidedBefore > 0 && history.elision.marker) out.push({ role: 'user', text: history.elision.marker });
  for (let index = history.elidedBefore; index < history.entries.length; index++)
    out.push(history.entries[index]!.message);
  return out;
}

export function compactedPlaceholder(
  tool: string,
  args: unknown,
  length: number,
  budget: Pick<Budget, 'model' | 'contextWindow'>,
  again: string,
): string {
  return `[compacted to fit the context budget (${budget.model}, ${budget.contextWindow} tokens): an earlier ${tool} result${describeArgs(args)} of ${length} characters is not sent again; ${again}]`;
}

function describeArgs(args: unknown): string {
  if (!args || typeof args !== 'object') return '';
  const record = args as Record<string, unknown>;
  const parts = ['path', 'name', 'query', 'command', 'action']
    .filter((key) => typeof record[key] === 'string')
    .map((key) => `${key} ${JSON.stringify(String(record[key]).slice(0, 120))}`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function elisionMarker(history: ConversationHistory, cut: number, budget: Budget): string {
  let calls = 0;
  const tools = new Set<string>();
  let lastOwner: string | null = null;
  for (let index = 0; index < cut; index++) {
    const message = history.entries[index]!.message;
    if (message.role === 'assistant') {
      calls += message.toolCalls.length;
      for (const call of message.toolCalls) tools.add(call.name);
    } else if (message.role === 'user') lastOwner = message.text;
  }
  // The owner's request that the kept part still works on must not be lost with the elided part.
  let ownerAfter = false;
  for (let index = cut; index < history.entries.length; index++)
    if (history.entries[index]!.message.role === 'user') ownerAfter = true;
  const request =
    lastOwner !== null && !ownerAfter
      ? ` The owner's request that this turn is working on was: "${lastOwner.slice(0, 2_000)}".`
      : '';
  return `[elided to fit the context budget (${budget.model}, ${budget.contextWindow} tokens): the ${cut} oldest messages of this conversation, with ${calls} tool calls (${[...tools].join(', ') || 'none'}), are not sent. Their effects stand.${request} Read files again, or call output with a cursor, if you need what they returned.]`;
}
