// Recovery at start (SPEC §8, seed 000): a call that was running (or waiting on a card) when
// Paddock stopped is marked interrupted, and its conversation gets the result "interrupted, not
// repeated". Nothing is ever re-executed automatically: write, edit, run, start and bash are
// replay-unsafe, and a read is cheap for the model to ask again.
import type { Db } from '../store/database';
import type { ConversationStore } from '../store/conversations';
import { INTERRUPTED_NOT_REPEATED } from './transcript';

export interface InterruptedCall {
  id: string;
  conversationId: string;
  tool: string;
  /** What it was doing: a running call, or a card nobody answered. */
  was: 'running' | 'pending';
}

interface Row {
  id: string;
  conversation_id: string;
  tool: string;
  status: 'running' | 'pending';
}

export function recoverInterruptedCalls(db: Db, conversations: ConversationStore, now: () => Date = () => new Date()): InterruptedCall[] {
  const select = db.prepare("SELECT id, conversation_id, tool, status FROM tool_calls WHERE status IN ('running', 'pending')");
  const mark = db.prepare(
    "UPDATE tool_calls SET status = 'interrupted', answer = CASE WHEN status = 'pending' THEN 'unanswered' ELSE answer END, error = ?, ended_at = ? WHERE id = ? AND status IN ('running', 'pending')",
  );
  return db.transaction(() => {
    const rows = select.all() as Row[];
    const at = now().toISOString();
    for (const row of rows) {
      const error =
        row.status === 'pending'
          ? 'interrupted, not repeated: the card was unanswered when Paddock stopped'
          : 'interrupted, not repeated: Paddock stopped while the call was running';
      mark.run(error, at, row.id);
      if (!conversations.hasToolResult(row.conversation_id, row.id)) {
        conversations.append(row.conversation_id, {
          role: 'tool',
          callId: row.id,
          tool: row.tool,
          text: row.status === 'pending' ? `${INTERRUPTED_NOT_REPEATED} (the card was unanswered)` : INTERRUPTED_NOT_REPEATED,
          isError: true,
        });
      }
    }
    return rows.map((row) => ({ id: row.id, conversationId: row.conversation_id, tool: row.tool, was: row.status }));
  })();
}
