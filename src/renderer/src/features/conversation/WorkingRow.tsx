import { formatElapsed, useNow } from '../../lib/elapsed';
import { isCutOff, useConnectionStore } from '../../stores/useConnectionStore';
import { useConversationStore } from '../../stores/useConversationStore';

/** The end of a working turn: elapsed time, the model request it is on and the calls so far — or, cut off from the core, that nothing here is known. */
export function WorkingRow({ conversationId }: { conversationId: string }) {
  const turn = useConversationStore((state) => state.live[conversationId]);
  const cutOff = useConnectionStore((state) => isCutOff(state.state));
  const now = useNow(!cutOff && (turn?.working ?? false));
  if (cutOff) {
    return (
      <p className="message-working message-working-lost" role="status">
        Not connected: whether this turn is still working is unknown until Paddock is reachable again.
      </p>
    );
  }
  const parts = ['Working…'];
  if (turn?.startedAt) parts.push(formatElapsed(now - turn.startedAt));
  if (turn && turn.step > 0) parts.push(`step ${turn.step}`);
  if (turn) parts.push(turn.toolCount === 1 ? '1 tool call' : `${turn.toolCount} tool calls`);
  return (
    <p className="message-working hint" role="status" aria-label="Turn progress">
      {parts.join(' · ')}
    </p>
  );
}
