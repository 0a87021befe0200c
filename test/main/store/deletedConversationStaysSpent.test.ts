// Deleting a conversation takes its messages and its usage rows, but not what its requests cost:
// against a real SQLite file, the day's budgets (per agent and in total) count a deleted
// conversation's requests still, while that conversation's own total is gone with it.
import { afterEach, describe, expect, it } from 'vitest';
import { createBudgetGate } from '../../../src/main/agent/budgets';
import { defaultAgent } from '../../../src/main/agent/defaultAgent';
import { createAgentsRepository } from '../../../src/main/store/agents';
import { createBudgetRaisesRepository } from '../../../src/main/store/budgetRaises';
import { createConversationsRepository } from '../../../src/main/store/conversations';
import { openDatabase } from '../../../src/main/store/database';
import { createSettingsRepository } from '../../../src/main/store/settings';
import { createUsageRepository } from '../../../src/main/store/usage';
import { createTempDirs } from '../../support/tempDirs';

const dirs = createTempDirs('paddock-deleted-spend-');
afterEach(() => dirs.cleanup());

const request = (cost: number | null) => ({
  requests: 1,
  inputTokens: 1_000,
  outputTokens: 200,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  cost,
});

describe('a deleted conversation stays spent', () => {
  it('the day’s agent and total spend keep its requests after the delete', () => {
    const db = openDatabase(dirs.make());
    try {
      const agentId = createAgentsRepository(db).create(defaultAgent()).id;
      const conversations = createConversationsRepository(db);
      const usage = createUsageRepository(db);
      const settings = createSettingsRepository(db);
      const gate = createBudgetGate({
        usage,
        raises: createBudgetRaisesRepository(db),
        read: () => settings.get('budgets', null),
        write: (value) => settings.set('budgets', value),
      });
      gate.setSettings({ agentDay: { dollars: 1 }, totalDay: { tokens: 3_000 } });

      const spent = conversations.create(agentId, 'Spent then deleted');
      const kept = conversations.create(agentId, 'Kept');
      usage.record({ conversationId: spent.id, turnId: 't1', messageId: null, model: 'm', usage: request(0.6) });
      usage.record({ conversationId: spent.id, turnId: 't1', messageId: null, model: 'm', usage: request(null) });
      usage.record({ conversationId: kept.id, turnId: 't2', messageId: null, model: 'm', usage: request(0.3) });
      const before = gate.status(agentId, kept.id).measures;

      expect(conversations.remove(spent.id)).toBe(true);

      const after = gate.status(agentId, kept.id).measures;
      expect(after).toEqual(before);
      expect(after.find((m) => m.scope === 'agentDay' && m.unit === 'dollars')?.spent).toBeCloseTo(0.9);
      expect(after.find((m) => m.scope === 'totalDay' && m.unit === 'tokens')?.spent).toBe(3_600);
      expect(usage.spentSince(new Date(0).toISOString(), agentId).unpriced).toBe(1_200);
      // The deleted conversation's own rows are gone; the kept one's are untouched.
      expect(usage.forConversation(spent.id).turns).toEqual([]);
      expect(usage.spentInConversation(kept.id).dollars).toBeCloseTo(0.3);
      // A second delete of the same conversation counts nothing twice.
      expect(conversations.remove(spent.id)).toBe(false);
      expect(gate.status(agentId, kept.id).measures).toEqual(before);
    } finally {
      db.close();
    }
  });
});
