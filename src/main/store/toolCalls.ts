// Repository for `tool_calls`: the durable record of every call, written before it runs and
// after it ends (SPEC §8). Arguments are stored; file contents never are: a long string is kept
// as its length and sha256 (recordedArgs).
import type { Card, OutputAccount, ToolCallStatus, ToolCallView } from '../../shared/domain';
import type { Db } from './database';
import { recordedArgs } from './recordedArgs';

interface ToolCallRow {
  id: string;
  conversation_id: string;
  agent_id: string;
  tool: string;
  args: string;
  tier: 'auto' | 'gated' | null;
  reason: string | null;
  status: ToolCallStatus;
  card: string | null;
  answer: string | null;
  result_summary: string | null;
  error: string | null;
  output_account: string | null;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
}

function toView(row: ToolCallRow): ToolCallView {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    agentId: row.agent_id,
    tool: row.tool,
    args: JSON.parse(row.args) as unknown,
    tier: row.tier,
    reason: row.reason,
    status: row.status,
    answer: row.answer,
    resultSummary: row.result_summary,
    error: row.error,
    outputAccount: row.output_account ? (JSON.parse(row.output_account) as OutputAccount) : null,
    createdAt: row.created_at,
    startedAt: row.started_at,
    endedAt: row.ended_at,
  };
}

const now = (): string => new Date().toISOString();

/** A call that was running, or waiting on a card, when Paddock stopped. */
export interface UnfinishedCall {
  id: string;
  conversationId: string;
  tool: string;
  was: 'running' | 'pending';
}

export function createToolCallsRepository(db: Db) {
  // Prepared once: every call of every step writes here three or four times (issue 16's per-step cost).
  const insert = db.prepare(
    `INSERT INTO tool_calls (id, conversation_id, agent_id, tool, args, status, created_at)
     VALUES (?, ?, ?, ?, ?, 'running', ?)`,
  );
  const updateTier = db.prepare('UPDATE tool_calls SET tier = ?, reason = ? WHERE id = ?');
  const updateRunning = db.prepare("UPDATE tool_calls SET status = 'running', started_at = ? WHERE id = ?");
  const updateFinished = db.prepare('UPDATE tool_calls SET status = ?, result_summary = ?, error = ?, output_account = ?, ended_at = ? WHERE id = ?');
  return {
    open(input: { id: string; conversationId: string; agentId: string; tool: string; args: unknown }): void {
      insert.run(input.id, input.conversationId, input.agentId, input.tool, JSON.stringify(recordedArgs(input.args ?? null)), now());
    },
    setTier(id: string, tier: 'auto' | 'gated', reason: string): void {
      updateTier.run(tier, reason, id);
    },
    markPending(id: string, card: Card): void {
      // The card's diff and arguments are file contents too: long ones are kept as length and hash.
      // A hunk's context lines are the file's own text: the record keeps each hunk's id, header and size only.
      const { hunks, ...rest } = card;
      const kept = hunks ? { ...rest, hunks: hunks.map((hunk) => ({ id: hunk.id, header: hunk.header, lines: hunk.lines.length })) } : rest;
      db.prepare("UPDATE tool_calls SET status = 'pending', card = ? WHERE id = ?").run(JSON.stringify(recordedArgs(kept)), id);
    },
    markAnswered(id: string, answer: string): void {
      db.prepare('UPDATE tool_calls SET answer = ? WHERE id = ?').run(answer, id);
    },
    markRunning(id: string): void {
      updateRunning.run(now(), id);
    },
    finish(id: string, status: Exclude<ToolCallStatus, 'pending' | 'running'>, summary: string | null, error: string | null, output: OutputAccount | null = null): void {
      updateFinished.run(status, summary, error, output ? JSON.stringify(output) : null, now(), id);
    },
    get(id: string): ToolCallView | null {
      const row = db.prepare<[string], ToolCallRow>('SELECT * FROM tool_calls WHERE id = ?').get(id);
      return row ? toView(row) : null;
    },
    exists(id: string): boolean {
      return db.prepare('SELECT 1 FROM tool_calls WHERE id = ?').pluck().get(id) !== undefined;
    },
    /**
     * Marks every call still running or waiting on a card interrupted (recovery at start, SPEC §8), in one
     * transaction with `each`, which the caller uses to tell the conversation.
     */
    interruptUnfinished(at: string, errorFor: (was: 'running' | 'pending') => string, each: (call: UnfinishedCall) => void): UnfinishedCall[] {
      const select = db.prepare<[], { id: string; conversation_id: string; tool: string; status: 'running' | 'pending' }>(
        "SELECT id, conversation_id, tool, status FROM tool_calls WHERE status IN ('running', 'pending')",
      );
      const mark = db.prepare(
        "UPDATE tool_calls SET status = 'interrupted', answer = CASE WHEN status = 'pending' THEN 'unanswered' ELSE answer END, error = ?, ended_at = ? WHERE id = ? AND status IN ('running', 'pending')",
      );
      return db.transaction(() =>
        select.all().map((row) => {
          const call: UnfinishedCall = { id: row.id, conversationId: row.conversation_id, tool: row.tool, was: row.status };
          mark.run(errorFor(call.was), at, call.id);
          each(call);
          return call;
        }),
      )();
    },
    listForConversation(conversationId: string): ToolCallView[] {
      return db
        .prepare<[string], ToolCallRow>('SELECT * FROM tool_calls WHERE conversation_id = ? ORDER BY created_at, rowid')
        .all(conversationId)
        .map(toView);
    },
  };
}

export type ToolCallsRepository = ReturnType<typeof createToolCallsRepository>;
