// A fork's model history (issue 32 §4, history.ts): through the real loop and both SDKs against the
// fake model server, the fork's first request carries exactly what the original's model read before
// the forked message — file contents included, which the store keeps only as a summary (SPEC §11),
// taken from the original's history in memory. Without it (the original no longer in memory) the
// fork reads the stored summaries, as any conversation does after a restart.
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../../support/fakeModelServer';
import { createCore, createFakeDispatcher, type Core } from './harness';
import { toolResultsIn } from './wire';

const NOTES = 'the pelican server reads PORT from the environment\n'.repeat(30);
let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

describe.each(['anthropic', 'openai'] as const)('a fork through the %s SDK', (provider) => {
  it('sends the model exactly the history before the forked message', async () => {
    const server: FakeModelServer = await startFakeModelServer([
      { text: 'Reading the notes.', toolCalls: [{ id: 'call_notes', name: 'read', args: { path: 'notes.md' } }] },
      { text: 'They say PORT.' },
      { text: 'Here is the summary.' },
      { text: 'The fork’s summary.' },
      { text: 'The second fork’s summary.' },
    ]);
    const core: Core = createCore({
      provider,
      baseUrl: provider === 'anthropic' ? server.url : server.openaiUrl,
      dispatcher: createFakeDispatcher({ read: () => ({ ok: true, text: NOTES }) }),
    });
    cleanups.push(
      () => server.close(),
      () => core.close(),
    );
    const turn = (conversationId: string, text: string) =>
      core.runner.settled(core.runner.startTurn({ agentId: core.agent.id, conversationId, text }));

    expect(await turn(core.conversationId, 'read the notes')).toBe('completed');
    expect(await turn(core.conversationId, 'now summarise them')).toBe('completed');
    const second = core.conversations
      .all(core.conversationId)
      .find((message) => message.role === 'owner' && message.text === 'now summarise them');

    const fork = core.conversations.fork(core.conversationId, second?.id ?? 0, 'fork', 'Forked.');
    core.runner.seedFork(core.conversationId, fork.id);
    expect(await turn(fork.id, 'now summarise them')).toBe('completed');
    expect(server.requests[3]!.body.messages).toEqual(server.requests[2]!.body.messages);
    expect(toolResultsIn(server.requests[3]!)).toEqual([{ callId: 'call_notes', text: NOTES }]);

    // The original out of memory: the fork reads what the store kept, the file's summary.
    const later = core.conversations.fork(core.conversationId, second?.id ?? 0, 'fork 2', 'Forked.');
    core.runner.forgetHistory(core.conversationId);
    core.runner.seedFork(core.conversationId, later.id);
    expect(await turn(later.id, 'now summarise them')).toBe('completed');
    expect(toolResultsIn(server.requests[4]!)[0]!.text).toMatch(
      /^read .*notes\.md.*: returned 31 lines, \d+ characters \(contents are not stored\)$/,
    );
  });
});
