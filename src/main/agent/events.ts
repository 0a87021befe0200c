// What the loop tells the window while a turn works (SPEC §8). The types are the window's own
// (src/shared/domain/conversation.ts): the core emits exactly what the window renders.
export type { AgentEvent, TurnEndReason } from '../../shared/domain/conversation';
import type { AgentEvent } from '../../shared/domain/conversation';

export type AgentEventType = AgentEvent['type'];
