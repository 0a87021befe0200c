// The loop a real model can work in (issue 16), end to end through the real SDKs against the fake
// model server: whole results, the context budget, prompt caching, retries, cut streams, images.
import { afterEach, describe, expect, it } from 'vitest';
import type { Provider } from '../../../src/shared/domain';
import type { AgentEvent } from '../../../src/main/agent/events';
import { budgetTokens } from '../../../src/main/agent/contextBudget';
import { createUsageRepository } from '../../../src/main/store/usage';
import { fakeTokens, startFakeModelServer, type FakeScript, type RecordedRequest } from '../../support/fakeModelServer';
import { createCore, createFakeDispatcher, deferred, waitForEvent, type Core, type FakeTool } from './harness';
import { toolCallIdsIn, toolResultsIn } from './wire';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

type Options = Partial<Parameters<typeof createCore>[0]>;

async function setup(provider: Provider, script: FakeScript, tools: Record<string, FakeTool>, options: Options = {}) {
  const server = await startFakeModelServer(script);
  const dispatcher = createFakeDispatcher(tools);
  const core = createCore({
    provider,
    baseUrl: provider === 'anthropic' ? server.url : server.openaiUrl,
    dispatcher,
    ...options,
  });
  cleanups.push(
    () => server.close(),
    () => core.close(),
  );
  return { server, core, dispatcher };
}

async function turn(core: Core, text: string): Promise<string> {
  const turnId = core.runner.startTurn({ agentId: core.agent.id, conversationId: core.conversationId, text });
  return core.runner.settled(turnId);
}

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(['anthropic', 'openai'] as const)('the loop through the %s SDK', (provider) => {
  it('runs three parallel reads side by side and sends every result whole in the next request', async () => {
    const contents = ['a', 'b', 'c'].map((name) => `${name}:${'line of text\n'.repeat(400)}`);
    const allStarted = deferred<void>();
    let started = 0;
    const { server, dispatcher } = await setup(
      provider,
      [{ toolCalls: ['a', 'b', 'c'].map((path) => ({ name: 'read', args: { path } })) }, { text: 'read all three' }],
      {
        read: async (args) => {
          // Each read returns only once all three have started: they can only finish if they run at once.
          if (++started === 3) allStarted.resolve();
          await allStarted.promise;
          return { ok: true, text: contents[['a', 'b', 'c'].indexOf(String(args.path))]! };
        },
      },
    ).then(async (s) => {
      expect(await turn(s.core, 'read a, b and c')).toBe('completed');
      return s;
    });
    const sent = toolResultsIn(server.requests[1]!);
    expect(sent.map((result) => result.callId)).toEqual(dispatcher.calls.map((call) => call.callId));
    expect(sent.map((result) => result.text)).toEqual(contents);
  });

  it('keeps a 300-step conversation inside the context budget, with a compaction marker in the request and the transcript', async () => {
    const window = 24_000;
    let step = 0;
    const { server, core } = await setup(
      provider,
      (_request, index) =>
        index < 300 ? { toolCalls: [{ name: 'read', args: { path: `f${index}.ts` } }] } : { text: 'done' },
      { read: (args) => ({ ok: true, text: `${String(args.path)} #${++step}\n${'const value = 1;\n'.repeat(120)}` }) },
      { modelOverrides: { contextWindows: { 'fake-model': window }, prices: {} }, turnLimit: 400 },
    );
    core.agent.maxOutputTokens = 4_000;
    expect(await turn(core, 'read every file')).toBe('completed');
    expect(server.requests).toHaveLength(301);
    const budget = budgetTokens(window, 4_000);
    const sizes = server.requests.map(requestTokens);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(budget);
    const last = JSON.stringify(server.requests[300]!.body.messages);
    expect(last).toMatch(/\[(compacted|elided) to fit the context budget/);
    // The latest step's result is whole; the last request still pairs every call with its result.
    const results = toolResultsIn(server.requests[300]!);
    expect(results.at(-1)?.text).toContain('f299.ts #300');
    expect(new Set(toolCallIdsIn(server.requests[300]!))).toEqual(new Set(results.map((r) => r.callId)));
    const notices = core.conversations.all(core.conversationId).filter((m) => m.role === 'notice');
    expect(notices.some((m) => m.text.startsWith('context: '))).toBe(true);
  }, 120_000);

  it('retries a 529 once, visibly, and then goes on', async () => {
    const { server, core } = await setup(
      provider,
      [{ status: 529, errorMessage: 'Overloaded' }, { text: 'back' }],
      {},
      { maxRetries: 3 },
    );
    expect(await turn(core, 'hello')).toBe('completed');
    expect(server.requests).toHaveLength(2);
    const retries = core.events.filter((e): e is Extract<AgentEvent, { type: 'retry' }> => e.type === 'retry');
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ attempt: 1, of: 3, reason: 'overloaded' });
    expect(retries[0]!.message).toMatch(/^retrying in [\d.]+ s: overloaded \(1 of 3\)$/);
  });

  it('ends the wait of a retry at once when the owner stops the turn, and sends nothing more', async () => {
    const { server, core } = await setup(
      provider,
      [{ status: 529, errorMessage: 'Overloaded', retryAfterMs: 50_000 }, { text: 'never sent' }],
      {},
      { maxRetries: 3 },
    );
    const turnId = core.runner.startTurn({
      agentId: core.agent.id,
      conversationId: core.conversationId,
      text: 'hello',
    });
    const retry = await waitForEvent(core, (e) => e.type === 'retry');
    expect(retry).toMatchObject({
      attempt: 1,
      of: 3,
      delayMs: 50_000,
      message: 'retrying in 50 s: overloaded (1 of 3)',
    });
    expect(core.runner.cancel(turnId)).toBe(true);
    expect(await core.runner.settled(turnId)).toBe('cancelled');
    expect(server.requests).toHaveLength(1);
    expect(core.conversations.all(core.conversationId).at(-1)).toMatchObject({
      role: 'notice',
      text: 'stopped by the owner',
    });
  });

  it('requests a stream cut mid-tool-call again and runs the call once', async () => {
    const cut = provider === 'anthropic' ? 3 : 2; // after the tool block opened and half its arguments
    const { server, core, dispatcher } = await setup(
      provider,
      [
        { toolCalls: [{ id: 'call_cut1', name: 'run', args: { command: 'npm test' } }], cutAfterEvents: cut },
        { toolCalls: [{ id: 'call_cut1', name: 'run', args: { command: 'npm test' } }] },
        { text: 'done' },
      ],
      { run: () => ({ ok: true, text: 'exit 0' }) },
      { maxRetries: 2 },
    );
    expect(await turn(core, 'run the tests')).toBe('completed');
    expect(server.requests).toHaveLength(3);
    expect(dispatcher.calls).toHaveLength(1);
    expect(dispatcher.calls[0]!.args).toEqual({ command: 'npm test' });
    const stored = core.conversations.all(core.conversationId);
    expect(stored.flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []))).toHaveLength(1);
    expect(toolCallIdsIn(server.requests[2]!)).toEqual(['call_cut1']);
    expect(core.events.some((e) => e.type === 'retry')).toBe(true);
  });

  it('sends an image block after a screenshot', async () => {
    const { server, core } = await setup(
      provider,
      [{ toolCalls: [{ name: 'screenshot', args: { name: 'web' } }] }, { text: 'looks fine' }],
      {
        screenshot: () => ({
          ok: true,
          text: 'Screenshot of http://127.0.0.1:5173/ saved.',
          images: [{ mediaType: 'image/png', base64: PNG_BASE64 }],
        }),
      },
    );
    core.agent.model = provider === 'openai' ? 'gpt-4o' : 'fake-model';
    expect(await turn(core, 'show me the page')).toBe('completed');
    const messages = JSON.stringify(server.requests[1]!.body.messages);
    if (provider === 'anthropic') {
      const content =
        (server.requests[1]!.body.messages as { content: { type: string; content?: unknown }[] }[]).at(-1)?.content ??
        [];
      const result = content.find((block) => block.type === 'tool_result');
      expect(result?.content).toEqual([
        { type: 'text', text: 'Screenshot of http://127.0.0.1:5173/ saved.' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
      ]);
    } else {
      expect(messages).toContain(`"image_url":{"url":"data:image/png;base64,${PNG_BASE64}"}`);
    }
    // The image is never stored: the transcript keeps the text.
    expect(JSON.stringify(core.conversations.all(core.conversationId))).not.toContain(PNG_BASE64);
  });
});

describe('prompt caching and usage (Anthropic)', () => {
  it('puts cache_control on the tools, the system prompt and the growing transcript, and reports cache reads', async () => {
    const { server, core } = await setup(
      'anthropic',
      [
        { toolCalls: [{ name: 'read', args: { path: 'a' } }] },
        { toolCalls: [{ name: 'read', args: { path: 'b' } }] },
        { toolCalls: [{ name: 'read', args: { path: 'c' } }] },
        { text: 'done' },
      ],
      { read: (args) => ({ ok: true, text: `${String(args.path)}\n${'x'.repeat(4_000)}` }) },
      {
        modelOverrides: {
          contextWindows: {},
          prices: { 'fake-model': { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } },
        },
      },
    );
    expect(await turn(core, 'read a, b, c')).toBe('completed');
    const body = server.requests[3]!.body as {
      tools: Record<string, unknown>[];
      system: Record<string, unknown>[];
      messages: { role: string; content: Record<string, unknown>[] }[];
    };
    expect(body.tools.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
    expect(body.tools.slice(0, -1).every((tool) => tool.cache_control === undefined)).toBe(true);
    expect(body.system[0]!.cache_control).toEqual({ type: 'ephemeral' });
    const marked = body.messages.flatMap((message, i) =>
      message.content.flatMap((block, j) => (block.cache_control ? [[i, j]] : [])),
    );
    const n = body.messages.length;
    expect(marked).toEqual([
      [n - 3, body.messages[n - 3]!.content.length - 1],
      [n - 1, body.messages[n - 1]!.content.length - 1],
    ]);

    const usage = core.events.filter((e): e is Extract<AgentEvent, { type: 'usage' }> => e.type === 'usage');
    expect(usage).toHaveLength(4);
    expect(usage[0]!.request.cacheReadTokens).toBe(0);
    for (const later of usage.slice(1))
      expect(later.request.cacheReadTokens).toBeGreaterThan(later.request.inputTokens);
    const last = usage[3]!;
    expect(last.turn.requests).toBe(4);
    expect(last.turn.cost).toBeGreaterThan(0);
    const stored = createUsageRepository(core.db).forConversation(core.conversationId);
    expect(stored.total).toEqual(last.conversation);
    expect(stored.turns).toHaveLength(1);
  });

  it('keeps thinking blocks with their signature across tool steps when the agent enables thinking', async () => {
    const { server, core } = await setup(
      'anthropic',
      [{ thinking: 'I should read a first.', toolCalls: [{ name: 'read', args: { path: 'a' } }] }, { text: 'done' }],
      { read: () => ({ ok: true, text: 'a' }) },
    );
    core.agent.thinkingBudget = 2_048;
    core.agent.maxOutputTokens = 8_192;
    expect(await turn(core, 'think, then read')).toBe('completed');
    expect(server.requests[0]!.body.thinking).toEqual({ type: 'enabled', budget_tokens: 2_048 });
    const assistant = (
      server.requests[1]!.body.messages as { role: string; content: Record<string, unknown>[] }[]
    ).find((m) => m.role === 'assistant');
    expect(assistant?.content[0]).toEqual({
      type: 'thinking',
      thinking: 'I should read a first.',
      signature: 'sig-22',
    });
    expect(core.events).toContainEqual(expect.objectContaining({ type: 'thinking', text: 'I should read a first.' }));
    const stored = core.conversations.all(core.conversationId).find((m) => m.role === 'assistant');
    expect(stored).toMatchObject({ thinking: [{ type: 'thinking', thinking: 'I should read a first.' }] });
  });

  it('sends every tool step of a turn back with its own thinking block first, in order', async () => {
    const { server, core } = await setup(
      'anthropic',
      [
        { thinking: 'First, read a.', toolCalls: [{ name: 'read', args: { path: 'a' } }] },
        { thinking: 'Now read bb.', toolCalls: [{ name: 'read', args: { path: 'bb' } }] },
        { text: 'done' },
      ],
      { read: (args) => ({ ok: true, text: String(args.path) }) },
    );
    core.agent.thinkingBudget = 2_048;
    core.agent.maxOutputTokens = 8_192;
    expect(await turn(core, 'two steps')).toBe('completed');
    const assistants = (
      server.requests[2]!.body.messages as { role: string; content: Record<string, unknown>[] }[]
    ).filter((m) => m.role === 'assistant');
    expect(assistants.map((m) => m.content[0])).toEqual([
      { type: 'thinking', thinking: 'First, read a.', signature: 'sig-14' },
      { type: 'thinking', thinking: 'Now read bb.', signature: 'sig-12' },
    ]);
    expect(assistants.map((m) => m.content[1]?.type)).toEqual(['tool_use', 'tool_use']);
  });
});

function requestTokens(request: RecordedRequest): number {
  const body = request.body;
  return fakeTokens(
    JSON.stringify({ tools: body.tools, system: body.system, messages: body.messages }, (key, value: unknown) =>
      key === 'cache_control' ? undefined : value,
    ),
  );
}
