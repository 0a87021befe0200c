// A turn as the window follows it while it works: what it has streamed so far, the owner's
// messages waiting on it, its retries, usage and limits. The events fold into it here, purely; the
// conversation store keeps one per conversation and drops it for the stored messages once the turn ends.
import type { AgentEvent, BudgetMeasure, UsageTotals } from '../../../shared/domain';

/** What a turn has streamed so far, in order: text runs and the tool calls between them. */
export type LiveSegment =
  | { kind: 'text'; text: string }
  | { kind: 'call'; callId: string; tool: string; args: unknown }
  | { kind: 'thinking'; text: string; redacted: boolean }
  /** The owner's message sent while the turn worked, where it went in front of the model (stored as `messageId`). */
  | { kind: 'owner'; text: string; messageId: number };

/** A message the owner sent while the turn works, not yet in front of the model. */
export interface WaitingMessage {
  waitingId: string;
  text: string;
  /** now: at the turn's next step; queue: when the turn ends. */
  when: 'now' | 'queue';
}

/** A model request waiting to be sent again: "retrying in 8 s: overloaded (2 of 5)". */
export interface LiveRetry {
  reason: string;
  attempt: number;
  of: number;
  /** Date.now() when the request goes again. */
  at: number;
}

export interface LiveUsage {
  turnId: string;
  turn: UsageTotals;
  conversation: UsageTotals;
}

export interface LiveTurn {
  turnId: string | null;
  /**
   * The conversation's newest stored message before this turn (its turn_started says it): the
   * messages stored after it are this turn's own, shown from its streamed copy until the turn settles.
   */
  afterMessageId?: number;
  ownerText: string | null;
  /** The pictures sent with the owner's message that opened the turn, as data: URLs (shown until it is stored). */
  ownerImages?: string[];
  segments: LiveSegment[];
  working: boolean;
  notices: string[];
  error: { message: string; retryable: boolean } | null;
  retry?: LiveRetry | null;
  /** A spending limit stopped this turn (the row offers "Continue anyway"). */
  budgetStop?: boolean;
  /** The spending limits as the loop last measured them in this conversation (kept after the turn ends). */
  budget?: BudgetMeasure[] | null;
  /** The latest usage the loop reported in this conversation (kept after the turn ends). */
  usage?: LiveUsage | null;
  /** The owner's last message, so Retry re-sends exactly it. */
  lastSent: string | null;
  /** When the turn began (ms since the epoch, this window's clock), the model request it is on, and the calls it started. */
  startedAt: number | null;
  step: number;
  toolCount: number;
  /** Messages the owner sent during the turn that wait for its next step or its end. */
  waiting?: WaitingMessage[];
}

/** No turn working: what a finished turn leaves (the text to retry, the last usage). */
export const idle = (lastSent: string | null = null, usage: LiveUsage | null = null): LiveTurn => ({
  turnId: null,
  ownerText: null,
  segments: [],
  working: false,
  notices: [],
  error: null,
  retry: null,
  usage,
  lastSent,
  startedAt: null,
  step: 0,
  toolCount: 0,
  waiting: [],
});

/** The text a failed attempt streamed: everything after the last call or thinking block. */
function withoutTrailingText(segments: LiveSegment[]): LiveSegment[] {
  let end = segments.length;
  while (end > 0 && segments[end - 1]!.kind === 'text') end--;
  return segments.slice(0, end);
}

/** One event folded into the turn it belongs to. */
export function applyLiveEvent(turn: LiveTurn, event: AgentEvent): LiveTurn {
  // Another turn than the one shown (the queued messages opened it as this one ended): it starts afresh.
  if (
    turn.turnId !== null &&
    event.turnId !== turn.turnId &&
    (event.type === 'turn_started' || event.type === 'owner_joined')
  ) {
    turn = {
      ...idle(turn.lastSent, turn.usage ?? null),
      turnId: event.turnId,
      working: true,
      startedAt: Date.now(),
      step: 1,
    };
  }
  switch (event.type) {
    case 'owner_waiting':
      return {
        ...turn,
        waiting: [...(turn.waiting ?? []), { waitingId: event.waitingId, text: event.text, when: event.when }],
      };
    case 'owner_joined':
      return {
        ...turn,
        turnId: event.turnId,
        working: true,
        lastSent: event.text,
        waiting: (turn.waiting ?? []).filter((item) => item.waitingId !== event.waitingId),
        segments: [...turn.segments, { kind: 'owner', text: event.text, messageId: event.messageId }],
      };
    case 'owner_returned':
      return { ...turn, waiting: [] };
    case 'turn_started':
      return {
        ...turn,
        turnId: event.turnId,
        ...(event.afterMessageId !== undefined ? { afterMessageId: event.afterMessageId } : {}),
        working: true,
        error: null,
        retry: null,
        startedAt: turn.startedAt ?? Date.now(),
        step: Math.max(turn.step, 1),
      };
    case 'retry':
      return {
        ...turn,
        working: true,
        segments: withoutTrailingText(turn.segments),
        retry: { reason: event.reason, attempt: event.attempt, of: event.of, at: Date.now() + event.delayMs },
      };
    case 'usage':
      return { ...turn, usage: { turnId: event.turnId, turn: event.turn, conversation: event.conversation } };
    case 'budget':
      return { ...turn, budget: event.measures };
    case 'thinking':
      return {
        ...turn,
        retry: null,
        segments: [...turn.segments, { kind: 'thinking', text: event.text, redacted: event.redacted }],
      };
    case 'text': {
      const last = turn.segments[turn.segments.length - 1];
      const segments =
        last?.kind === 'text'
          ? [...turn.segments.slice(0, -1), { kind: 'text' as const, text: last.text + event.text }]
          : [...turn.segments, { kind: 'text' as const, text: event.text }];
      return { ...turn, turnId: event.turnId, working: true, retry: null, segments };
    }
    case 'tool_call_started':
      return {
        ...turn,
        working: true,
        retry: null,
        step: event.step ?? turn.step,
        toolCount: turn.toolCount + 1,
        segments: [...turn.segments, { kind: 'call', callId: event.callId, tool: event.tool, args: event.args }],
      };
    case 'notice':
      return { ...turn, notices: [...turn.notices, event.text], budgetStop: turn.budgetStop || event.budget === true };
    case 'error':
      return { ...turn, retry: null, error: { message: event.message, retryable: event.retryable } };
    case 'turn_ended':
      return { ...turn, working: false, retry: null };
  }
}
