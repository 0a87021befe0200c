// The dispatcher's contract with its callers (the agent loop today; an MCP server later: SPEC §14).
import type { ToolEffects, ToolFacts } from '../tools/types';
import type { AnyToolName, Card, Mode, ToolResult } from '../../shared/domain';
import type { CardOutcome } from '../approvals/pendingCards';

/**
 * How a gated call asks its owner. The window's pending cards by default; a caller that is not the
 * built-in loop (an MCP client, SPEC §14) brings its own, which may still fall back to the window.
 */
export type CardAsker = (
  draft: Omit<Card, 'id' | 'createdAt'>,
  signal: AbortSignal,
) => { card: Card; outcome: Promise<CardOutcome> };

/** What the floor checks on every call of a session-tier tool (seed 003 §3). */
export interface CallOrigin {
  agentId: string;
  conversationId: string;
  /** The live owner request (turn) this call belongs to; null for a scheduled run. */
  ownerRequestId: string | null;
  /** 0 for the agent the owner talks to; >0 for a delegate. */
  delegationDepth: number;
}

export interface ToolCallRequest extends CallOrigin {
  /** Stable id (the provider's tool_use id is fine); the transcript row's key. */
  callId: string;
  tool: string;
  args: unknown;
  /** Who answers this call's card; the window when absent. */
  askOwner?: CardAsker;
  /**
   * The checkpoint turn this call's changes belong to, when it is not the owner request itself (an
   * MCP session is one owner request and each of its calls a turn of its own).
   */
  checkpointTurnId?: string;
  /**
   * The workspace and mode a caller was opened with (an MCP session, SPEC §14): the call is refused
   * unless the agent's record, read once for the whole call, still says exactly these.
   */
  boundTo?: { directory: string; mode: Mode };
}

/** A tool as offered to the model: name, description and JSON schema of its input. */
export interface OfferedTool {
  name: AnyToolName;
  description: string;
  inputSchema: Record<string, unknown>;
  /** The tool's own declaration of what it does (tools/types.ts). */
  effects: ToolEffects;
}

export interface Dispatcher {
  /** The tools the vocabulary allows this agent (installed ∧ granted ∧ has workspace where needed). */
  offeredTools(agentId: string): OfferedTool[];
  /** What a tool says about itself (effects, result views): the defensive answer for one it does not know. */
  factsOf(agentId: string, tool: string): ToolFacts;
  /** installed → granted → floor → tierFor → card (waits for the owner) → run → recorded. */
  dispatch(request: ToolCallRequest, signal: AbortSignal): Promise<ToolResult>;
}
