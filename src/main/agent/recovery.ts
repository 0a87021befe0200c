// Recovery at start (SPEC §8, seed 000): a call that was running (or waiting on a card) when
// Paddock stopped is marked interrupted, and its conversation gets the result "interrupted, not
// repeated". Nothing is ever re-executed automatically. What the model is told depends on the
// tool's declared fact, recorded when the call opened (ToolEffects.replaySafe): a call safe to
// repeat (a read) may simply be asked again; any other one's effect is unknown.
import type { ConversationsRepository } from '../store/conversations';
import type { ToolCallsRepository, UnfinishedCall } from '../store/toolCalls';
import { INTERRUPTED_NOT_REPEATED, INTERRUPTED_REPLAY_SAFE } from './transcript';

export type InterruptedCall = UnfinishedCall;

export function recoverInterruptedCalls(
  toolCalls: ToolCallsRepository,
  conversations: ConversationsRepository,
  now: () => Date = () => new Date(),
): InterruptedCall[] {
  const errorFor = (was: 'running' | 'pending'): string =>
    was === 'pending'
      ? 'interrupted, not repeated: the card was unanswered when Paddock stopped'
      : 'interrupted, not repeated: Paddock stopped while the call was running';
  return toolCalls.interruptUnfinished(now().toISOString(), errorFor, (call) => {
    if (conversations.hasToolResult(call.conversationId, call.id)) return;
    conversations.append(call.conversationId, {
      role: 'tool',
      callId: call.id,
      tool: call.tool,
      text:
        call.was === 'pending'
          ? `${INTERRUPTED_NOT_REPEATED} (the card was unanswered)`
          : call.replaySafe
            ? INTERRUPTED_REPLAY_SAFE
            : INTERRUPTED_NOT_REPEATED,
      isError: true,
    });
  });
}
