// Settings → Models (issue 16): the context-window and price tables are edited from the window, every
// edit is checked by the core (whatever sent it), and the next model request is priced by the edit.
import { afterEach, describe, expect, it } from 'vitest';
import { createApiRouter } from '../../../src/main/api/router';
import type { ModelTablesView } from '../../../src/shared/domain';
import type { PaddockEvent } from '../../../src/shared/ipc';
import { startFakeModelServer } from '../../support/fakeModelServer';
import { createTempDirs } from '../../support/tempDirs';
import { buildTestCore } from '../../support/testCore';

const temp = createTempDirs();
afterEach(() => temp.cleanup());
const trusted = { trusted: true, describe: 'test window' };
const PRICE = { input: 2, output: 10, cacheRead: 0.2, cacheWrite: 2.5 };

type Answer<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

async function tablesCore() {
  const { core } = await buildTestCore(temp.make(), { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' });
  const router = createApiRouter(core.api, { host: 'web', version: 't' }, () => undefined);
  const send = <T>(name: string, request: unknown) =>
    router(name as never, request as never, trusted) as Promise<Answer<T>>;
  return { core, send };
}

describe('the model tables', () => {
  it('lists the built-in rows and keeps an owner edit, which prices the next request', async () => {
    const { core, send } = await tablesCore();
    const server = await startFakeModelServer(() => ({ text: 'hello' }));
    try {
      const before = await send<ModelTablesView>('models.tables', {});
      expect(before.ok).toBe(true);
      const sonnet = before.ok ? before.value.rows.find((row) => row.prefix === 'claude-sonnet') : undefined;
      expect(sonnet).toMatchObject({ builtInWindow: 200_000, contextWindow: 200_000, price: { input: 3, output: 15 } });

      const saved = await send<ModelTablesView>('models.setOverrides', {
        contextWindows: { 'local-coder': 32_768 },
        prices: { 'local-coder': PRICE },
      });
      expect(saved.ok).toBe(true);
      const local = saved.ok ? saved.value.rows.find((row) => row.prefix === 'local-coder') : undefined;
      expect(local).toEqual({
        prefix: 'local-coder',
        builtInWindow: null,
        builtInPrice: null,
        contextWindow: 32_768,
        price: PRICE,
      });
      // Read back from the settings store, as after a restart.
      const again = await send<ModelTablesView>('models.tables', {});
      expect(again.ok && again.value.overrides).toEqual({
        contextWindows: { 'local-coder': 32_768 },
        prices: { 'local-coder': PRICE },
      });

      const [agent] = core.agents.list();
      core.agents.update(agent!.id, { model: 'local-coder-7b', baseUrl: server.url });
      core.secrets.set(agent!.id, 'sk-test');
      const events: PaddockEvent[] = [];
      core.events.subscribe((event) => events.push(event));
      const conversation = core.conversations.create(agent!.id, 'priced');
      expect(
        await core.runner.settled(
          core.runner.startTurn({ agentId: agent!.id, conversationId: conversation.id, text: 'hi' }),
        ),
      ).toBe('completed');
      const usage = events.flatMap((event) =>
        event.type === 'conversation' && event.event.type === 'usage' ? [event.event] : [],
      );
      expect(usage).toHaveLength(1);
      const { inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens, cost } = usage[0]!.request;
      const expected =
        (inputTokens * 2 + outputTokens * 10 + cacheReadTokens * 0.2 + cacheWriteTokens * 2.5) / 1_000_000;
      expect(inputTokens + cacheWriteTokens).toBeGreaterThan(0);
      expect(cost).toBeCloseTo(expected, 12);
    } finally {
      await server.close();
      await core.shutdown();
    }
  });

  it.each([
    [
      'a window below the floor',
      { contextWindows: { 'gpt-x': 100 }, prices: {} },
      /context window of gpt-x must be a whole number of tokens from 1,024 to 10,000,000/,
    ],
    [
      'a window that is not whole',
      { contextWindows: { 'gpt-x': 4096.5 }, prices: {} },
      /context window of gpt-x must be a whole number/,
    ],
    ['an empty window', { contextWindows: { 'gpt-x': null }, prices: {} }, /context window of gpt-x must be/],
    ['a prefix with a space', { contextWindows: { 'gpt x': 8192 }, prices: {} }, /"gpt x" is not a model name prefix/],
    ['a prefix starting with a dot', { contextWindows: { '.hidden': 8192 }, prices: {} }, /is not a model name prefix/],
    [
      '__proto__ as a prefix',
      { contextWindows: {}, prices: { __proto__x: PRICE } },
      /"__proto__x" is not a model name prefix/,
    ],
    [
      'a negative price',
      { contextWindows: {}, prices: { 'gpt-x': { ...PRICE, output: -1 } } },
      /the output price of gpt-x must be a number of dollars per million tokens from 0 to 1000/,
    ],
    [
      'a price in cents by mistake',
      { contextWindows: {}, prices: { 'gpt-x': { ...PRICE, input: 300_000 } } },
      /the input price of gpt-x must be/,
    ],
    [
      'three prices of four',
      { contextWindows: {}, prices: { 'gpt-x': { input: 1, output: 2, cacheRead: 0.1, cacheWrite: null } } },
      /cacheWrite price of gpt-x .* \(all four prices, or none\)/,
    ],
    ['an unknown price field', { contextWindows: {}, prices: { 'gpt-x': { ...PRICE, batch: 1 } } }, /not batch/],
  ])('refuses %s with a sentence and keeps the table as it was', async (_name, request, sentence) => {
    const { core, send } = await tablesCore();
    try {
      const answer = await send<ModelTablesView>('models.setOverrides', request);
      expect(answer.ok).toBe(false);
      if (!answer.ok) {
        expect(answer.error.code).toBe('refused');
        expect(answer.error.message).toMatch(sentence);
      }
      const after = await send<ModelTablesView>('models.tables', {});
      expect(after.ok && after.value.overrides).toEqual({ contextWindows: {}, prices: {} });
    } finally {
      await core.shutdown();
    }
  });
});
