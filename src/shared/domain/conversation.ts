import type { BudgetMeasure } from './budgets';
// Conversations as the window sees them (SPEC §8). The agent loop emits AgentEvent while a turn works.

export interface ConversationView {
  id: string;
  agentId: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  /** Set while the conversation is archived: hidden from the list, shown under "Archived", restorable. */
  archivedAt: string | null;
}

export interface StoredToolCallView {
  id: string;
  name: string;
  args: unknown;
}

/** Extended thinking as the model returned it; sent back unchanged (signature) across tool steps. */
export type ThinkingBlockView =
  { type: 'thinking'; thinking: string; signature: string } | { type: 'redacted_thinking'; data: string };

export type MessageBodyView =
  /** images: the pictures the owner sent with the message, as PNG files in Paddock's files (the window reads them back). */
  | { role: 'owner'; text: string; images?: string[] }
  | { role: 'assistant'; text: string; toolCalls: StoredToolCallView[]; thinking?: ThinkingBlockView[] }
  | { role: 'tool'; callId: string; tool: string; text: string; isError: boolean }
  /** forModel: what the model is told (a restore says what was reverted); other notices are the owner's only. budget: a limit stopped the turn here (the window offers "Continue anyway"). */
  | { role: 'notice'; text: string; forModel?: string; budget?: boolean };

/** undone: a restore took this message back (issue 20); it is kept and shown, never sent to the model. */
export type MessageView = MessageBodyView & { id: number; conversationId: string; createdAt: string; undone?: boolean };

/** budget: a spending limit was reached (issue 32), and the turn stopped before its next request. */
export type TurnEndReason = 'completed' | 'cancelled' | 'max_tokens' | 'turn_limit' | 'error' | 'refused' | 'budget';

interface TurnEventBase {
  turnId: string;
  agentId: string;
  conversationId: string;
}

/** Tokens of one model request, a turn or a conversation, and their cost in US dollars (null: no price known). */
export interface UsageTotals {
  requests: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  cost: number | null;
}

export interface TurnUsageView extends UsageTotals {
  turnId: string;
  /** The last assistant message the turn wrote (the window shows the turn's usage after it); null before one. */
  lastMessageId: number | null;
}

export interface ConversationUsageView {
  total: UsageTotals;
  turns: TurnUsageView[];
}

export type AgentEvent =
  /** afterMessageId: the conversation's newest message before the turn; every one stored after it is the turn's own (0: none). */
  | (TurnEventBase & { type: 'turn_started'; afterMessageId?: number })
  | (TurnEventBase & { type: 'text'; text: string })
  /** The model asked for a call in this step: the transcript's segment. The call's own lifecycle (tier, card, running, outcome) is `toolCall.changed`, from the dispatcher alone. */
  | (TurnEventBase & { type: 'tool_call_started'; callId: string; tool: string; args: unknown; step?: number })
  | (TurnEventBase & { type: 'notice'; text: string; budget?: boolean })
  /** The spending limits that are set, after a request was counted or before one was refused. */
  | (TurnEventBase & { type: 'budget'; measures: BudgetMeasure[] })
  | (TurnEventBase & { type: 'error'; message: string; retryable: boolean })
  /** A model request failed in a way a retry can help; the loop waits, then sends it again. The text streamed by the failed attempt is discarded. */
  | (TurnEventBase & { type: 'retry'; attempt: number; of: number; delayMs: number; reason: string; message: string })
  /** One model request's usage, with the running totals of its turn and conversation. */
  | (TurnEventBase & {
      type: 'usage';
      model: string;
      request: UsageTotals;
      turn: UsageTotals;
      conversation: UsageTotals;
      lastMessageId: number | null;
    })
  /** A thinking block, complete (shown collapsed). */
  | (TurnEventBase & { type: 'thinking'; text: string; redacted: boolean })
  | (TurnEventBase & { type: 'turn_ended'; reason: TurnEndReason })
  /** The owner sent a message while this turn works: it waits for the next step ("now") or the turn's end ("queue"). */
  | (TurnEventBase & { type: 'owner_waiting'; waitingId: string; text: string; when: 'now' | 'queue' })
  /** A waiting message went in front of the model: stored as the owner's message `messageId`, here in the turn. */
  | (TurnEventBase & { type: 'owner_joined'; waitingId: string; text: string; messageId: number })
  /** The turn was stopped or failed with messages still waiting: nothing was sent, and they go back to the composer. */
  | (TurnEventBase & { type: 'owner_returned'; texts: string[] });

/** A run of a search snippet: `match` marks the words the query found. */
export interface SnippetPartView {
  text: string;
  match: boolean;
}

export interface SearchHitView {
  messageId: number;
  role: MessageBodyView['role'];
  createdAt: string;
  snippet: SnippetPartView[];
}

/** One conversation's hits, newest first. */
export interface SearchGroupView {
  conversationId: string;
  agentId: string;
  agentHandle: string;
  title: string;
  archived: boolean;
  hits: SearchHitView[];
}

export interface SearchResultsView {
  groups: SearchGroupView[];
  /** More messages matched than were returned. */
  more: boolean;
}
