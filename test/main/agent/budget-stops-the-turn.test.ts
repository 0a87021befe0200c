// Spending limits through the real loop (issue 32 item 3): the scripted model reports usage, the
// real SDKs read it, the loop counts it in SQLite and stops before the request a reached limit
// would pay for; "Continue anyway" raises that limit once and the turn goes on.
import { afterEach, describe, expect, it } from 'vitest';
import type { Provider } from '../../../src/shared/domain';
import type { AgentEvent } from '../../../src/main/agent/events';
import { BudgetRefusal, createBudgetGate, validateBudgets, type BudgetGate } from '../../../src/main/agent/budgets';
import { createUsageRepository } from '../../../src/main/store/usage';
import { createBudgetRaisesRepository } from '../../../src/main/store/budgetRaises';
import { createSettingsRepository } from '../../../src/main/store/settings';
import type { Db } from '../../../src/main/store/database';
import type { ModelOverrides } from '../../../src/main/agent/models';
import { startFakeModelServer, type FakeScript } from '../../support/fakeModelServer';
import { createCore, createFakeDispatcher, type Core } from './harness';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

type Limits = Parameters<BudgetGate['setSettings']>[0];

async function setup(provider: Provider, script: FakeScript, limits: Limits, modelOverrides?: ModelOverrides) {
  const server = await startFakeModelServer(script);
  const dispatcher = createFakeDispatcher({ read: () => ({ ok: true, text: 'file text' }) });
  let gate!: BudgetGate;
  const core = createCore({
    provider,
    baseUrl: provider === 'anthropic' ? server.url : server.openaiUrl,
    dispatcher,
    modelOverrides,
    budgets: (db: Db) => {
      const settings = createSettingsRepository(db);
      gate = createBudgetGate({
        usage: createUsageRepository(db),
        raises: createBudgetRaisesRepository(db),
        read: () => settings.get('budgets', null),
        write: (value) => settings.set('budgets', value),
      });
      gate.setSettings(limits);
      return gate;
    },
  });
  cleanups.push(
    () => server.close(),
    () => core.close(),
  );
  return { server, core, dispatcher, gate };
}

const readCall = (n: number) => ({ toolCalls: [{ name: 'read', args: { path: `f${n}.txt` } }] });
const budgetEvents = (core: Core) =>
  core.events.filter((e): e is Extract<AgentEvent, { type: 'budget' }> => e.type === 'budget');
const notices = (core: Core) =>
  core.conversations.page(core.conversationId, { limit: 100 }).messages.filter((m) => m.role === 'notice');

describe.each(['anthropic', 'openai'] as const)('a spending limit through the %s SDK', (provider) => {
  it('warns at 80%, stops after the call that reached the limit, and "Continue anyway" raises it once', async () => {
    const { server, core, dispatcher, gate } = await setup(
      provider,
      [
        { ...readCall(1), usage: { input: 800, output: 20 } },
        { ...readCall(2), usage: { input: 150, output: 50 } },
        { text: 'done', usage: { input: 100, output: 10 } },
      ],
      { conversation: { tokens: 1000 } },
    );
    const turnId = core.runner.startTurn({
      agentId: core.agent.id,
      conversationId: core.conversationId,
      text: 'read two files',
    });
    expect(await core.runner.settled(turnId)).toBe('budget');

    // The request that crossed the limit was answered and its call ran; the next was never sent.
    expect(server.requests).toHaveLength(2);
    expect(dispatcher.calls.map((call) => (call.args as { path: string }).path)).toEqual(['f1.txt', 'f2.txt']);
    const states = budgetEvents(core).map((e) => e.measures[0]!.state);
    expect(states).toEqual(['warn', 'over', 'over']);
    const stop = notices(core).at(-1);
    expect(stop).toMatchObject({ role: 'notice', budget: true });
    expect(stop?.role === 'notice' && stop.text).toContain(
      'the limit for this conversation of 1,000 tokens is reached: 1,020 tokens spent',
    );

    // Continue anyway: the limit is raised by its own amount once, and the stored turn goes on.
    const raised = gate.raise(core.agent.id, core.conversationId);
    expect(raised.map((m) => [m.scope, m.unit])).toEqual([['conversation', 'tokens']]);
    expect(gate.status(core.agent.id, core.conversationId).measures[0]).toMatchObject({
      limit: 2000,
      setLimit: 1000,
      spent: 1020,
      state: 'ok',
    });
    const again = core.runner.retryTurn({ agentId: core.agent.id, conversationId: core.conversationId });
    expect(await core.runner.settled(again)).toBe('completed');
    expect(server.requests).toHaveLength(3);
    // A second raise finds nothing reached: nothing is raised.
    expect(gate.raise(core.agent.id, core.conversationId)).toEqual([]);
  });

  it('counts dollars at the table price, and a model without a price only by its tokens', async () => {
    // fake-model at $10 per million tokens in and out: 1,000 tokens cost $0.01.
    const priced: ModelOverrides = {
      contextWindows: {},
      prices: { 'fake-model': { input: 10, output: 10, cacheRead: 1, cacheWrite: 10 } },
    };
    const first = await setup(
      provider,
      [{ ...readCall(1), usage: { input: 990, output: 10 } }, { text: 'never sent' }],
      { agentDay: { dollars: 0.01 } },
      priced,
    );
    const turnId = first.core.runner.startTurn({
      agentId: first.core.agent.id,
      conversationId: first.core.conversationId,
      text: 'go',
    });
    expect(await first.core.runner.settled(turnId)).toBe('budget');
    expect(first.server.requests).toHaveLength(1);
    expect(
      notices(first.core).at(-1)?.role === 'notice' && (notices(first.core).at(-1) as { text: string }).text,
    ).toContain('the limit for this agent today of $0.01 is reached: $0.01 spent');

    // No price known: the dollar limit counts nothing, the token limit beside it holds.
    const unpriced = await setup(
      provider,
      [
        { ...readCall(1), usage: { input: 990, output: 10 } },
        { ...readCall(2), usage: { input: 990, output: 10 } },
        { text: 'never sent' },
      ],
      { agentDay: { dollars: 0.01, tokens: 1500 } },
    );
    const second = unpriced.core.runner.startTurn({
      agentId: unpriced.core.agent.id,
      conversationId: unpriced.core.conversationId,
      text: 'go',
    });
    expect(await unpriced.core.runner.settled(second)).toBe('budget');
    expect(unpriced.server.requests).toHaveLength(2);
    const status = unpriced.gate.status(unpriced.core.agent.id, unpriced.core.conversationId);
    expect(status.measures.map((m) => [m.unit, m.spent, m.state])).toEqual([
      ['dollars', 0, 'ok'],
      ['tokens', 2000, 'over'],
    ]);
    expect(status.unpricedTokens).toBe(2000);
  });

  it("refuses a turn's first request when today's total is already reached in another conversation", async () => {
    const { server, core } = await setup(
      provider,
      [{ text: 'one', usage: { input: 500, output: 10 } }, { text: 'never sent' }],
      { totalDay: { tokens: 400 } },
    );
    const first = core.runner.startTurn({ agentId: core.agent.id, conversationId: core.conversationId, text: 'hello' });
    expect(await core.runner.settled(first)).toBe('completed');
    const other = core.conversations.create(core.agent.id, 'another').id;
    const second = core.runner.startTurn({ agentId: core.agent.id, conversationId: other, text: 'hello again' });
    expect(await core.runner.settled(second)).toBe('budget');
    expect(server.requests).toHaveLength(1);
  });
});

describe('the limits the owner sets', () => {
  it.each([
    [{ conversation: { dollars: 0 } }, 'the dollar limit for this conversation must be more than $0'],
    [{ agentDay: { tokens: 1.5 } }, 'the token limit for this agent today must be a whole number'],
    [{ totalDay: { dollars: Number.NaN } }, 'the dollar limit for all agents today must be more than $0'],
  ])('refuses %j with a sentence naming the rule', (input, sentence) => {
    expect(() => validateBudgets(input)).toThrow(BudgetRefusal);
    expect(() => validateBudgets(input)).toThrow(sentence);
  });
});
