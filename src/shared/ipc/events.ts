// Events the core pushes to the window (main → window). High-rate ones are batched by the core.
import type { AgentEvent, Card, DelegationView, ToolCallView } from '../domain';

export type PaddockEvent =
  | { type: 'agents.changed' }
  | { type: 'conversations.changed'; agentId: string }
  | { type: 'card.pending'; card: Card }
  | { type: 'card.resolved'; cardId: string; decision: 'approve' | 'deny' | 'cancelled' }
  | { type: 'toolCall.changed'; call: ToolCallView }
  | { type: 'toolCall.output'; callId: string; chunk: string }
  /** A task was started, archived or deleted, or its agent's turn began or ended. */
  | { type: 'tasks.changed' }
  /** A delegate's folded conversation grew or ended. */
  | { type: 'delegation.changed'; delegation: DelegationView }
  | { type: 'processes.changed' }
  | { type: 'remembered.changed' }
  /** A plan was proposed or answered in the conversation. */
  | { type: 'plans.changed'; conversationId: string }
  /** The conversation's task list changed. */
  | { type: 'todos.changed'; conversationId: string }
  /** The agent's workspace has instruction files waiting for the owner, or the pins changed (agentId null: any). */
  | { type: 'instructions.changed'; agentId: string | null }
  /** An agent's sandbox choices changed outside Settings (a card's "Allow <domain> for this agent"): the window reloads app.info. */
  | { type: 'sandbox.changed'; agentId: string }
  | { type: 'mcp.changed'; agentId: string }
  | { type: 'conversation'; event: AgentEvent }
  | { type: 'terminal.data'; terminalId: string; data: string }
  | { type: 'terminal.exit'; terminalId: string; exitCode: number | null }
  | { type: 'repositories.progress'; agentId: string; line: string }
  | { type: 'summary.changed'; agentId: string }
  | { type: 'preview.shown'; agentId: string; name: string; absoluteAssets: boolean }
  | { type: 'screenshot.taken'; agentId: string; name: string; file: string }
  | { type: 'checkpoints.changed'; conversationId: string }
  /** The owner clicked a desktop notification (Electron): the window opens that conversation, and the card if one is named. */
  | { type: 'attention.open'; agentId: string; conversationId: string; cardId: string | null }
  /** Files changed in the agent's workspace (any source), relative paths; the window reloads its tree. */
  | { type: 'files.changed'; agentId: string; paths: string[] };
