// Conversations as the window sees them (SPEC §8). The agent loop emits AgentEvent while a turn works.

export interface ConversationView {
  id: string;
  agentId: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

export interface StoredToolCallView {
  id: string;
  name: string;
  args: unknown;
}

export type MessageBodyView =
  | { role: 'owner'; text: string }
  | { role: 'assistant'; text: string; toolCalls: StoredToolCallView[] }
  | { role: 'tool'; callId: string; tool: string; text: string; isError: boolean }
  /** forModel: what the model is told (a restore says what was reverted); other notices are the owner's only. */
  | { role: 'notice'; text: string; forModel?: string };

/** undone: a restore took this message back (issue 20); it is kept and shown, never sent to the model. */
export type MessageView = MessageBodyView & { id: number; conversationId: string; createdAt: string; undone?: boolean };

export type TurnEndReason = 'completed' | 'cancelled' | 'max_tokens' | 'turn_limit' | 'error' | 'refused';

interface TurnEventBase {
  turnId: string;
  agentId: string;
  conversationId: string;
}

export type AgentEvent =
  | (TurnEventBase & { type: 'turn_started' })
  | (TurnEventBase & { type: 'text'; text: string })
  | (TurnEventBase & { type: 'tool_call_started'; callId: string; tool: string; args: unknown })
  | (TurnEventBase & { type: 'tool_call_finished'; callId: string; tool: string; ok: boolean; summary: string })
  | (TurnEventBase & { type: 'notice'; text: string })
  | (TurnEventBase & { type: 'error'; message: string; retryable: boolean })
  | (TurnEventBase & { type: 'turn_ended'; reason: TurnEndReason });
