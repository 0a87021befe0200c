// A message while a turn works, through the real loop, the real SDKs and the fake model server:
// "Send now" reaches the model at the next step as the owner's words after the tool results;
// "Queue" opens the next turn when this one ends; a stopped turn hands what waited back.
import { afterEach, describe, expect, it } from 'vitest';
import type { Provider } from '../../../src/shared/domain';
import { startFakeModelServer, type FakeScript, type RecordedRequest } from '../../support/fakeModelServer';
import { createCore, createFakeDispatcher, deferred, waitForEvent, type Core, type FakeTool } from './harness';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setup(provider: Provider, script: FakeScript, tools: Record<string, FakeTool>) {
  const server = await startFakeModelServer(script);
  const core = createCore({
    provider,
    baseUrl: provider === 'anthropic' ? server.url : server.openaiUrl,
    dispatcher: createFakeDispatcher(tools),
  });
  cleanups.push(
    () => server.close(),
    () => core.close(),
  );
  return { server, core };
}

/** The owner's words in a request, in order, in either wire format (tool results left out). */
function ownerWordsIn(request: RecordedRequest): string[] {
  const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
  const words: string[] = [];
  for (const message of messages) {
    if (message.role !== 'user') continue;
    if (typeof message.content === 'string') words.push(message.content);
    else if (Array.isArray(message.content)) {
      for (const block of message.content as { type: string; text?: string }[])
        if (block.type === 'text' && block.text) words.push(block.text);
    }
  }
  return words;
}

/** The last user turn of a request, as 'tool-result' for each result and the text of each owner's block. */
function lastUserTurnOf(request: RecordedRequest): unknown[] {
  const messages = (request.body.messages ?? []) as { role: string; content: unknown; tool_call_id?: string }[];
  if (request.api === 'openai') return messages.slice(-2).map((m) => (m.role === 'tool' ? 'tool-result' : m.content));
  const last = messages[messages.length - 1] as { content: { type: string; text?: string }[] };
  return last.content.map((block) => (block.type === 'tool_result' ? 'tool-result' : block.text));
}

function send(core: Core, text: string, when: 'now' | 'queue') {
  return core.runner.interject({ agentId: core.agent.id, conversationId: core.conversationId, text, when });
}

describe.each(['anthropic', 'openai'] as const)('a message while a turn works, through the %s SDK', (provider) => {
  it('"Send now" goes in front of the model at the next step, after the step\'s results, in the same turn', async () => {
    const running = deferred<void>();
    const { server, core } = await setup(
      provider,
      [
        { text: 'Running the tests.', toolCalls: [{ name: 'run', args: { command: 'npm test' } }] },
        { text: 'Understood, only the parser.' },
      ],
      { run: async () => (await running.promise, { ok: true, text: 'exit 0' }) },
    );
    const turnId = core.runner.startTurn({
      agentId: core.agent.id,
      conversationId: core.conversationId,
      text: 'fix the tests',
    });
    await waitForEvent(core, (event) => event.type === 'tool_call_started');
    expect(send(core, 'only the parser tests, please', 'now')).toEqual({ turnId, held: 'now' });
    expect(core.events.find((event) => event.type === 'owner_waiting')).toMatchObject({
      when: 'now',
      text: 'only the parser tests, please',
    });
    running.resolve();
    expect(await core.runner.settled(turnId)).toBe('completed');

    expect(server.requests).toHaveLength(2);
    expect(lastUserTurnOf(server.requests[1]!)).toEqual(['tool-result', 'only the parser tests, please']);
    const joined = core.events.find((event) => event.type === 'owner_joined');
    expect(joined).toMatchObject({ turnId, text: 'only the parser tests, please' });
    // Stored where it took effect: after the tool result, before the answer it led to.
    const stored = core.conversations.page(core.conversationId, { limit: 50 }).messages.map((m) => m.role);
    expect(stored).toEqual(['owner', 'assistant', 'tool', 'owner', 'assistant']);
  });

  it('"Send now" after the model\'s last step keeps the turn going with it, rather than dropping it', async () => {
    const answering = deferred<void>();
    // The first answer is held until the owner's message is waiting, then the model stops (no calls).
    const script = async (_request: RecordedRequest, index: number) =>
      index === 0 ? (await answering.promise, { text: 'Done.' }) : { text: 'Also done.' };
    const { server, core } = await setup(provider, script, {});
    const turnId = core.runner.startTurn({
      agentId: core.agent.id,
      conversationId: core.conversationId,
      text: 'first',
    });
    await waitForEvent(core, (event) => event.type === 'turn_started');
    send(core, 'and one more thing', 'now');
    answering.resolve();
    expect(await core.runner.settled(turnId)).toBe('completed');
    expect(server.requests).toHaveLength(2);
    expect(ownerWordsIn(server.requests[1]!)).toEqual(['first', 'and one more thing']);
  });

  it('"Queue" waits for the turn to end, then opens the next turn with it', async () => {
    const running = deferred<void>();
    const { server, core } = await setup(
      provider,
      [
        { text: 'Working.', toolCalls: [{ name: 'run', args: { command: 'npm test' } }] },
        { text: 'Tests pass.' },
        { text: 'Committed.' },
      ],
      { run: async () => (await running.promise, { ok: true, text: 'exit 0' }) },
    );
    const first = core.runner.startTurn({
      agentId: core.agent.id,
      conversationId: core.conversationId,
      text: 'fix the tests',
    });
    await waitForEvent(core, (event) => event.type === 'tool_call_started');
    send(core, 'then commit', 'queue');
    running.resolve();
    expect(await core.runner.settled(first)).toBe('completed');
    // The second request (the same turn's next step) did not carry the queued message.
    expect(ownerWordsIn(server.requests[1]!)).toEqual(['fix the tests']);
    const next = await waitForEvent(core, (event) => event.type === 'owner_joined');
    expect(next.turnId).not.toBe(first);
    expect(await core.runner.settled(next.turnId)).toBe('completed');
    expect(ownerWordsIn(server.requests[2]!)).toEqual(['fix the tests', 'then commit']);
    // Each turn says the newest message stored before it: the window hides the stored copies of
    // what a turn streams while it works (a load that lands then), and only those.
    const stored = core.conversations.page(core.conversationId, { limit: 50 }).messages;
    const starts = core.events.filter((event) => event.type === 'turn_started');
    expect(starts.map((event) => event.turnId)).toEqual([first, next.turnId]);
    expect(starts.map((event) => (event.type === 'turn_started' ? event.afterMessageId : null))).toEqual([
      0,
      stored.find((m) => m.role === 'assistant' && m.text === 'Tests pass.')!.id,
    ]);
  });

  it('a turn the owner stops hands its waiting messages back, unsent', async () => {
    const { server, core } = await setup(
      provider,
      [{ text: 'Working.', toolCalls: [{ name: 'run', args: { command: 'sleep 100' } }] }],
      {
        run: (_args, _request, signal) =>
          new Promise((resolve) => signal.addEventListener('abort', () => resolve({ ok: false, error: 'cancelled' }))),
      },
    );
    const turnId = core.runner.startTurn({
      agentId: core.agent.id,
      conversationId: core.conversationId,
      text: 'start',
    });
    await waitForEvent(core, (event) => event.type === 'tool_call_started');
    send(core, 'now this', 'now');
    send(core, 'later this', 'queue');
    core.runner.cancel(turnId);
    expect(await core.runner.settled(turnId)).toBe('cancelled');
    const returned = await waitForEvent(core, (event) => event.type === 'owner_returned');
    expect(returned).toMatchObject({ texts: ['now this', 'later this'] });
    expect(server.requests).toHaveLength(1);
    expect(core.runner.activeTurn(core.conversationId)).toBeNull();
    const stored = core.conversations
      .page(core.conversationId, { limit: 50 })
      .messages.filter((m) => m.role === 'owner');
    expect(stored.map((m) => m.text)).toEqual(['start']);
  });

  it('with no turn working, a message sent "now" simply opens a turn', async () => {
    const { core } = await setup(provider, [{ text: 'Hello.' }], {});
    const { turnId, held } = send(core, 'hi', 'now');
    expect(held).toBeNull();
    expect(await core.runner.settled(turnId)).toBe('completed');
  });
});
