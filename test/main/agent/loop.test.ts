// The loop end to end through the real SDKs against the fake model server, for both providers.
import { afterEach, describe, expect, it } from 'vitest';
import type { Provider } from '../../../src/shared/domain';
import { startFakeModelServer, type FakeModelServer, type FakeScript } from '../../support/fakeModelServer';
import {
  createCore,
  createFakeDispatcher,
  deferred,
  TEST_KEY,
  waitForEvent,
  type Core,
  type FakeTool,
} from './harness';
import { maxTokensOf, systemOf, toolResultsIn } from './wire';

const FILE_CONTENT = 'export const secretLine = 42;\n'.repeat(20);
let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup(
  provider: Provider,
  script: FakeScript,
  tools: Record<string, FakeTool>,
  maxRetries = 0,
): Promise<{ server: FakeModelServer; core: Core; dispatcher: ReturnType<typeof createFakeDispatcher> }> {
  const server = await startFakeModelServer(script);
  const dispatcher = createFakeDispatcher(tools);
  const core = createCore({
    provider,
    baseUrl: provider === 'anthropic' ? server.url : server.openaiUrl,
    dispatcher,
    maxRetries,
  });
  cleanups.push(
    () => server.close(),
    () => core.close(),
  );
  return { server, core, dispatcher };
}

describe.each(['anthropic', 'openai'] as const)('the agent loop through the %s SDK', (provider) => {
  it('streams text, dispatches calls as a live owner request, waits on a card and returns results', async () => {
    const card = deferred<void>();
    const { server, core, dispatcher } = await setup(
      provider,
      [
        { text: ['Let me ', 'read it.'], toolCalls: [{ name: 'read', args: { path: 'src/a.ts' } }] },
        { text: 'Now the tests.', toolCalls: [{ name: 'run', args: { command: 'npm test' } }] },
        { text: ['All ', 'tests pass.'] },
      ],
      {
        read: () => ({ ok: true, text: FILE_CONTENT }),
        run: async () => {
          await card.promise; // the owner answering the card
          return { ok: true, text: 'exit 0: 3 passed' };
        },
      },
    );
    const turnId = core.runner.startTurn({
      agentId: core.agent.id,
      conversationId: core.conversationId,
      text: 'add a test and run it',
    });
    await waitForEvent(core, (e) => e.type === 'tool_call_started' && e.tool === 'run');
    expect(core.lock.tryAcquire(core.workspace.directory, "the owner's Pull")).toEqual({
      ok: false,
      heldBy: "agent @dev's turn",
    });
    card.resolve();
    expect(await core.runner.settled(turnId)).toBe('completed');

    // Every call carried the live owner request at depth 0 (what the registry floor checks).
    expect(dispatcher.calls.map((c) => c.tool)).toEqual(['read', 'run']);
    for (const call of dispatcher.calls) {
      expect(call).toMatchObject({
        agentId: core.agent.id,
        conversationId: core.conversationId,
        ownerRequestId: turnId,
        delegationDepth: 0,
      });
    }
    expect(core.text(turnId)).toBe('Let me read it.Now the tests.All tests pass.');

    // Results went back in the provider's own format, with the owner's message first.
    expect(server.requests).toHaveLength(3);
    const second = toolResultsIn(server.requests[1]!);
    expect(second).toEqual([{ callId: dispatcher.calls[0]!.callId, text: FILE_CONTENT }]);
    expect(toolResultsIn(server.requests[2]!).map((r) => r.text)).toContain('exit 0: 3 passed');
    expect(systemOf(server.requests[0]!)).toContain(core.workspace.directory);
    const auth = server.requests[0]!.headers['x-api-key'] ?? server.requests[0]!.headers.authorization;
    expect(String(auth)).toContain(TEST_KEY);

    // The transcript reopens as it was; file contents are not stored, and the key is nowhere.
    const stored = core.conversations.all(core.conversationId);
    expect(stored.map((m) => m.role)).toEqual(['owner', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
    expect(stored[1]).toMatchObject({
      text: 'Let me read it.',
      toolCalls: [{ name: 'read', args: { path: 'src/a.ts' } }],
    });
    expect(stored[2]).toMatchObject({ role: 'tool', tool: 'read', isError: false });
    expect(JSON.stringify(stored)).not.toContain('secretLine');
    expect(stored[4]).toMatchObject({ role: 'tool', tool: 'run', text: 'exit 0: 3 passed' });
    expect(JSON.stringify(stored) + JSON.stringify(core.events)).not.toContain(TEST_KEY);
    expect(core.lock.tryAcquire(core.workspace.directory, "the owner's Pull").ok).toBe(true);
  });

  it('reads the output bound at every request, clamps it, and names it when a response stops there (AC-10)', async () => {
    const holder: { core?: Core } = {};
    const setup1 = await setup(
      provider,
      [{ toolCalls: [{ name: 'read', args: { path: 'a' } }] }, { text: 'a long answer that', stop: 'max_tokens' }],
      {
        read: () => {
          if (holder.core) holder.core.agent.maxOutputTokens = 300; // the owner changes the bound mid-turn
          return { ok: true, text: 'x' };
        },
      },
    );
    const core = (holder.core = setup1.core);
    core.agent.maxOutputTokens = 500_000;
    const turnId = core.runner.startTurn({ agentId: core.agent.id, conversationId: core.conversationId, text: 'go' });
    expect(await core.runner.settled(turnId)).toBe('max_tokens');
    expect(setup1.server.requests.map(maxTokensOf)).toEqual([128_000, 300]);
    const stored = core.conversations.all(core.conversationId);
    expect(stored.at(-1)).toMatchObject({ role: 'notice', text: 'stopped at the output bound (300 tokens)' });
    expect(stored.at(-2)).toMatchObject({ role: 'assistant', text: 'a long answer that' });
    expect(core.events).toContainEqual(
      expect.objectContaining({ type: 'notice', text: 'stopped at the output bound (300 tokens)' }),
    );

    core.agent.maxOutputTokens = 0;
    const second = core.runner.startTurn({
      agentId: core.agent.id,
      conversationId: core.conversationId,
      text: 'again',
    });
    await core.runner.settled(second);
    expect(maxTokensOf(setup1.server.requests[2]!)).toBe(1);
  });

  it('keeps earlier results whole while the conversation fits the context budget', async () => {
    const big = (n: number): string => `${n}:` + 'y'.repeat(400);
    let reads = 0;
    const { server, core } = await setup(
      provider,
      [
        { toolCalls: [{ name: 'run', args: { command: 'a' } }] },
        { toolCalls: [{ name: 'run', args: { command: 'b' } }] },
        { toolCalls: [{ name: 'run', args: { command: 'c' } }] },
        { text: 'done' },
      ],
      { run: () => ({ ok: true, text: big(++reads) }) },
    );
    const turnId = core.runner.startTurn({ agentId: core.agent.id, conversationId: core.conversationId, text: 'go' });
    expect(await core.runner.settled(turnId)).toBe('completed');
    const sent = toolResultsIn(server.requests[3]!).map((r) => r.text);
    expect(sent).toEqual([big(1), big(2), big(3)]);
  });

  it('stops mid-stream when the owner cancels', async () => {
    const { core } = await setup(provider, [{ text: 'partial answer', hang: true }], {});
    const turnId = core.runner.startTurn({ agentId: core.agent.id, conversationId: core.conversationId, text: 'go' });
    await waitForEvent(core, (e) => e.type === 'text');
    expect(core.runner.cancel(turnId)).toBe(true);
    expect(await core.runner.settled(turnId)).toBe('cancelled');
    const stored = core.conversations.all(core.conversationId);
    expect(stored.map((m) => m.role)).toEqual(['owner', 'assistant', 'notice']);
    expect(stored[1]).toMatchObject({ text: 'partial answer' });
    expect(stored[2]).toMatchObject({ text: 'stopped by the owner' });
    expect(core.events.at(-1)).toMatchObject({ type: 'turn_ended', reason: 'cancelled' });
  });

  it('cancels a call waiting on a card and does not run the calls after it', async () => {
    const { core, dispatcher } = await setup(
      provider,
      [
        {
          toolCalls: [
            { name: 'run', args: { command: 'a' } },
            { name: 'run', args: { command: 'b' } },
          ],
        },
      ],
      {
        run: (_args, _request, signal) =>
          new Promise((resolve) =>
            signal.addEventListener('abort', () =>
              resolve({ ok: false, error: 'the card was withdrawn: the owner stopped the turn' }),
            ),
          ),
      },
    );
    const turnId = core.runner.startTurn({ agentId: core.agent.id, conversationId: core.conversationId, text: 'go' });
    await waitForEvent(core, (e) => e.type === 'tool_call_started');
    core.runner.cancel(turnId);
    expect(await core.runner.settled(turnId)).toBe('cancelled');
    expect(dispatcher.calls).toHaveLength(1);
    const tools = core.conversations.all(core.conversationId).filter((m) => m.role === 'tool');
    expect(tools.map((m) => (m.role === 'tool' ? m.text : ''))).toEqual([
      'error: the card was withdrawn: the owner stopped the turn',
      'error: not run: the owner stopped the turn',
    ]);
  });

  it('answers invalid tool arguments with a refusal and dispatches nothing', async () => {
    const { server, core, dispatcher } = await setup(
      provider,
      [{ toolCalls: [{ name: 'read', args: null, rawArgs: '{"path": ' }] }, { text: 'sorry' }],
      { read: () => ({ ok: true, text: 'x' }) },
    );
    const turnId = core.runner.startTurn({ agentId: core.agent.id, conversationId: core.conversationId, text: 'go' });
    expect(await core.runner.settled(turnId)).toBe('completed');
    expect(dispatcher.calls).toHaveLength(0);
    expect(toolResultsIn(server.requests[1]!)[0]!.text).toMatch(/arguments were not a JSON object, so nothing ran/);
  });
});
