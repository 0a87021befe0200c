// The project lock both ways (seed 000): a working turn refuses the owner's Pull, and an owner's
// action that owns the workspace refuses the turn before any model request; each refusal names the holder.
import { afterEach, describe, expect, it } from 'vitest';
import { createProjectLock } from '../../../src/main/workspace/projectLock';
import { startFakeModelServer } from '../../support/fakeModelServer';
import { createCore, createFakeDispatcher, deferred, waitForEvent } from '../agent/harness';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

describe('the project lock', () => {
  it('is exclusive per directory, overlapping directories included, until released', () => {
    const lock = createProjectLock();
    const turn = lock.tryAcquire('/work/repo', "agent @dev's turn");
    expect(turn.ok).toBe(true);
    expect(lock.tryAcquire('/work/repo/', "the owner's Pull")).toEqual({ ok: false, heldBy: "agent @dev's turn" });
    expect(lock.tryAcquire('/work/repo/pkg', "the owner's Run tests")).toEqual({
      ok: false,
      heldBy: "agent @dev's turn",
    });
    expect(lock.tryAcquire('/work', "the owner's Pull")).toEqual({ ok: false, heldBy: "agent @dev's turn" });
    expect(lock.tryAcquire('/work/repository', "the owner's Pull").ok).toBe(true);
    if (turn.ok) {
      turn.release();
      turn.release(); // a second release does not free somebody else's hold
    }
    const pull = lock.tryAcquire('/work/repo', "the owner's Pull");
    expect(pull.ok).toBe(true);
    expect(lock.holderOf('/work/repo')).toBe("the owner's Pull");
  });

  it('refuses the owner while a turn works, and the turn while the owner holds the workspace', async () => {
    const card = deferred<void>();
    const server = await startFakeModelServer([
      { toolCalls: [{ name: 'run', args: { command: 'npm test' } }] },
      { text: 'done' },
    ]);
    const core = createCore({
      provider: 'anthropic',
      baseUrl: server.url,
      dispatcher: createFakeDispatcher({ run: async () => (await card.promise, { ok: true, text: 'ok' }) }),
    });
    cleanups.push(
      () => server.close(),
      () => core.close(),
    );
    const dir = core.workspace.directory;

    // Turn first: the owner's Pull is refused, naming the turn.
    const turnId = core.runner.startTurn({
      agentId: core.agent.id,
      conversationId: core.conversationId,
      text: 'test it',
    });
    await waitForEvent(core, (e) => e.type === 'tool_call_started');
    expect(core.lock.tryAcquire(dir, "the owner's Pull")).toEqual({ ok: false, heldBy: "agent @dev's turn" });
    card.resolve();
    expect(await core.runner.settled(turnId)).toBe('completed');

    // Owner first: the turn is refused before anything is sent or stored.
    const pull = core.lock.tryAcquire(dir, "the owner's Pull");
    expect(pull.ok).toBe(true);
    const before = core.conversations.count(core.conversationId);
    const refused = core.runner.startTurn({
      agentId: core.agent.id,
      conversationId: core.conversationId,
      text: 'again',
    });
    expect(await core.runner.settled(refused)).toBe('refused');
    await waitForEvent(core, (e) => e.type === 'turn_ended' && e.turnId === refused);
    const error = core.events.find((e) => e.type === 'error' && e.turnId === refused);
    expect(error).toMatchObject({
      message: `refused: ${dir} is busy while the owner's Pull is working there; try again when it ends`,
    });
    expect(server.requests).toHaveLength(2);
    expect(core.conversations.count(core.conversationId)).toBe(before);
    if (pull.ok) pull.release();

    const after = core.runner.startTurn({ agentId: core.agent.id, conversationId: core.conversationId, text: 'again' });
    await waitForEvent(core, (e) => e.type === 'turn_ended' && e.turnId === after);
    expect(server.requests).toHaveLength(3);
  });

  it('refuses a second turn in a conversation that is already working', async () => {
    const card = deferred<void>();
    const server = await startFakeModelServer([{ toolCalls: [{ name: 'run', args: {} }] }, { text: 'done' }]);
    const core = createCore({
      provider: 'openai',
      baseUrl: server.openaiUrl,
      dispatcher: createFakeDispatcher({ run: async () => (await card.promise, { ok: true, text: 'ok' }) }),
    });
    cleanups.push(
      () => server.close(),
      () => core.close(),
    );
    const first = core.runner.startTurn({ agentId: core.agent.id, conversationId: core.conversationId, text: 'a' });
    await waitForEvent(core, (e) => e.type === 'tool_call_started');
    const second = core.runner.startTurn({ agentId: core.agent.id, conversationId: core.conversationId, text: 'b' });
    expect(await core.runner.settled(second)).toBe('refused');
    expect(core.runner.activeTurn(core.conversationId)).toBe(first);
    card.resolve();
    expect(await core.runner.settled(first)).toBe('completed');
  });
});
