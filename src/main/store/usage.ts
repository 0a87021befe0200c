// Repository for `model_usage` (issue 16): one row per model request; totals per turn and per
// conversation are sums over it, kept in memory as they grow so the loop never re-reads them.
import type { ConversationUsageView, TurnUsageView, UsageTotals } from '../../shared/domain';
import type { Db } from './database';

export interface UsageRow {
  conversationId: string;
  turnId: string;
  messageId: number | null;
  model: string;
  usage: UsageTotals;
}

interface TotalsRow {
  turn_id: string;
  requests: number;
  input: number;
  output: number;
  cache_read: number;
  cache_write: number;
  cost: number | null;
  priced: number;
  last_message_id: number | null;
  first_id: number;
}

/** Dollars of priced requests, tokens of all, and the tokens of requests without a price. */
export interface Spend {
  dollars: number;
  tokens: number;
  unpriced: number;
}

const NO_SPEND: Spend = { dollars: 0, tokens: 0, unpriced: 0 };

export const ZERO_USAGE: UsageTotals = {
  requests: 0,
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  cost: null,
};

export function addUsage(a: UsageTotals, b: UsageTotals): UsageTotals {
  return {
    requests: a.requests + b.requests,
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
    cost: a.cost === null && b.cost === null ? null : (a.cost ?? 0) + (b.cost ?? 0),
  };
}

export function createUsageRepository(db: Db, now: () => Date = () => new Date()) {
  const insert = db.prepare(
    'INSERT INTO model_usage (conversation_id, turn_id, message_id, model, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const byTurn = db.prepare<[string], TotalsRow>(
    `SELECT turn_id, count(*) AS requests, sum(input_tokens) AS input, sum(output_tokens) AS output,
            sum(cache_read_tokens) AS cache_read, sum(cache_write_tokens) AS cache_write,
            sum(cost) AS cost, count(cost) AS priced, max(message_id) AS last_message_id, min(id) AS first_id
       FROM model_usage WHERE conversation_id = ? GROUP BY turn_id ORDER BY first_id`,
  );

  function totalsOf(row: TotalsRow): UsageTotals {
    return {
      requests: row.requests,
      inputTokens: row.input,
      outputTokens: row.output,
      cacheReadTokens: row.cache_read,
      cacheWriteTokens: row.cache_write,
      cost: row.priced > 0 ? row.cost : null,
    };
  }

  const spendColumns = `coalesce(sum(cost), 0) AS dollars,
            coalesce(sum(input_tokens + output_tokens + cache_read_tokens + cache_write_tokens), 0) AS tokens,
            coalesce(sum(CASE WHEN cost IS NULL THEN input_tokens + output_tokens + cache_read_tokens + cache_write_tokens ELSE 0 END), 0) AS unpriced`;
  const spentInConversation = db.prepare<[string], Spend>(
    `SELECT ${spendColumns} FROM model_usage WHERE conversation_id = ?`,
  );
  // A day's spend includes deleted conversations' requests, kept without their conversation in deleted_usage.
  const spendRows = `SELECT conversations.agent_id, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost, model_usage.created_at
       FROM model_usage JOIN conversations ON conversations.id = model_usage.conversation_id
     UNION ALL SELECT agent_id, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost, created_at FROM deleted_usage`;
  const spentByAgentSince = db.prepare<[string, string], Spend>(
    `SELECT ${spendColumns} FROM (${spendRows}) WHERE agent_id = ? AND created_at >= ?`,
  );
  const spentSince = db.prepare<[string], Spend>(`SELECT ${spendColumns} FROM (${spendRows}) WHERE created_at >= ?`);

  return {
    /** What one conversation spent, in all. */
    spentInConversation: (conversationId: string): Spend => spentInConversation.get(conversationId) ?? NO_SPEND,
    /** What an agent's conversations spent since an instant (ISO), or every conversation with agentId null. */
    spentSince: (sinceIso: string, agentId: string | null): Spend =>
      (agentId === null ? spentSince.get(sinceIso) : spentByAgentSince.get(agentId, sinceIso)) ?? NO_SPEND,
    record(row: UsageRow): void {
      const u = row.usage;
      insert.run(
        row.conversationId,
        row.turnId,
        row.messageId,
        row.model,
        u.inputTokens,
        u.outputTokens,
        u.cacheReadTokens,
        u.cacheWriteTokens,
        u.cost,
        now().toISOString(),
      );
    },
    forConversation(conversationId: string): ConversationUsageView {
      const turns: TurnUsageView[] = byTurn
        .all(conversationId)
        .map((row) => ({ ...totalsOf(row), turnId: row.turn_id, lastMessageId: row.last_message_id }));
      const total = turns.reduce<UsageTotals>((sum, turn) => addUsage(sum, turn), ZERO_USAGE);
      return { total, turns };
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
