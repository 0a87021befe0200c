// A delegate's conversation as the window shows it, folded under the delegate call (seed 003 §10.5):
// the question it was handed, what it said, the calls it asked for (each refused), and its cost.
import type { UsageTotals } from './conversation';

export type DelegateMessageView =
  | { role: 'question'; text: string }
  | { role: 'assistant'; text: string }
  /** A call the delegate asked for: never run (a delegate gets no tool), refused by the registry floor. */
  | { role: 'refused'; callId: string; tool: string; args: unknown; text: string };

export interface DelegationView {
  /** The delegate call of the agent that asked (its tool_calls id). */
  callId: string;
  conversationId: string;
  agentId: string;
  helper: { id: string; handle: string; name: string; model: string };
  status: 'running' | 'done' | 'failed';
  messages: DelegateMessageView[];
  usage: UsageTotals;
  error: string | null;
  createdAt: string;
}

/** An agent's helpers: the agents it may delegate to (none by default), and those it could. */
export interface HelpersView {
  agentId: string;
  helpers: string[];
  candidates: { id: string; handle: string; name: string; model: string }[];
}
