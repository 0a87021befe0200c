// "Fork from here" (issue 32 §4) through the real core, loop and Anthropic SDK against the fake model
// server: the fork holds the conversation before the owner's message, and the model's next request
// in it carries exactly that history — the same messages, calls and results the original's request
// carried at that point. A fork or a delete is refused while a turn works; a delete takes the
// conversation out of the search and leaves its fork whole.
import { afterEach, describe, expect, it } from 'vitest';
import { CoreRefusal } from '../../../src/main/api/coreApi';
import { mcpOwnerRequestId } from '../../../src/main/mcp/session';
import { startFakeModelServer, type FakeModelServer, type RecordedRequest } from '../../support/fakeModelServer';
import { buildTestCore } from '../../support/testCore';
import { toolCallIdsIn, toolResultsIn } from '../agent/wire';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
const HOST = { host: 'web', version: 't' } as const;
const servers: FakeModelServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  temp.cleanup();
});

const messagesOf = (request: RecordedRequest): unknown => request.body.messages;

async function refusal(work: () => unknown): Promise<CoreRefusal> {
  try {
    await work();
  } catch (error) {
    if (error instanceof CoreRefusal) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('forking a conversation', () => {
  it('the fork’s next request carries exactly the history before the forked message', async () => {
    const server = await startFakeModelServer([
      {
        text: 'Reading the config first.',
        toolCalls: [{ id: 'toolu_cfg', name: 'read', args: { path: 'pelican.config.json' } }],
      },
      { text: 'The config names the port.' },
      { text: 'Second answer.' },
      { text: 'The fork’s answer.' },
      { text: 'working…', hang: true },
    ]);
    servers.push(server);
    const { core } = await buildTestCore(temp.make(), {
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'sk-test-0123456789',
    });
    try {
      const [agent] = core.agents.list();
      const { api } = core;
      const source = await api.conversations.create({ agentId: agent!.id, title: 'Ports' }, HOST);
      expect(
        await core.runner.settled(
          (
            await api.conversations.send(
              { conversationId: source.id, text: 'why does the pelican server pick port 8080?' },
              HOST,
            )
          ).turnId,
        ),
      ).toBe('completed');
      expect(
        await core.runner.settled(
          (await api.conversations.send({ conversationId: source.id, text: 'make it read PORT instead' }, HOST)).turnId,
        ),
      ).toBe('completed');
      expect(server.requests).toHaveLength(3);
      const second = (await api.conversations.messages({ conversationId: source.id }, HOST)).messages.find(
        (message) => message.role === 'owner' && message.text === 'make it read PORT instead',
      );
      expect(second).toBeDefined();

      const { conversation: fork, draft } = await api.conversations.fork(
        { conversationId: source.id, messageId: second?.id ?? 0 },
        HOST,
      );
      expect(draft).toBe('make it read PORT instead');
      // Named after the first request, as every conversation is; the fork says it is one.
      const title = core.conversations.get(source.id)?.title ?? '';
      expect(fork).toMatchObject({ agentId: agent!.id, title: `${title} (fork)`, archivedAt: null });
      const forked = (await api.conversations.messages({ conversationId: fork.id }, HOST)).messages;
      const original = (await api.conversations.messages({ conversationId: source.id }, HOST)).messages;
      const upTo = original.filter((message) => message.id < (second?.id ?? 0));
      // The same messages in the same order (new ids), then the notice, which the model never reads.
      expect(forked.slice(0, -1).map(({ role, ...rest }) => ({ role, ...strip(rest) }))).toEqual(
        upTo.map(({ role, ...rest }) => ({ role, ...strip(rest) })),
      );
      expect(forked.at(-1)).toMatchObject({ role: 'notice', text: expect.stringContaining(`Forked from “${title}”`) });

      // The owner sends the forked message again in the fork: the model reads what it read the first time.
      expect(
        await core.runner.settled(
          (await api.conversations.send({ conversationId: fork.id, text: draft }, HOST)).turnId,
        ),
      ).toBe('completed');
      expect(server.requests).toHaveLength(4);
      expect(messagesOf(server.requests[3]!)).toEqual(messagesOf(server.requests[2]!));
      expect(toolCallIdsIn(server.requests[3]!)).toEqual(['toolu_cfg']);
      expect(toolResultsIn(server.requests[3]!)).toHaveLength(1);
      expect(server.requests[3]!.body.system).toEqual(server.requests[2]!.body.system);
      // The fork went on by itself; the original did not move.
      expect((await api.conversations.messages({ conversationId: source.id }, HOST)).messages).toEqual(original);
      expect((await api.conversations.messages({ conversationId: fork.id }, HOST)).messages.at(-1)).toMatchObject({
        role: 'assistant',
        text: 'The fork’s answer.',
      });

      // Refused while a turn works in the conversation, with a sentence.
      const working = (await api.conversations.send({ conversationId: source.id, text: 'one more thing' }, HOST))
        .turnId;
      await server.waitForRequests(5);
      const forkRefused = await refusal(() =>
        api.conversations.fork({ conversationId: source.id, messageId: second?.id ?? 0 }, HOST),
      );
      expect(forkRefused.code).toBe('refused');
      expect(forkRefused.message).toMatch(
        /^refused: a turn is working in this conversation; stop it or wait for it to end, then fork it$/,
      );
      expect((await refusal(() => api.conversations.delete({ conversationId: source.id }, HOST))).message).toMatch(
        /then delete it$/,
      );
      await api.conversations.cancel({ conversationId: source.id }, HOST);
      expect(await core.runner.settled(working)).toBe('cancelled');
      expect(
        (await refusal(() => api.conversations.fork({ conversationId: source.id, messageId: original[1]!.id }, HOST)))
          .message,
      ).toBe('refused: a fork starts at one of your own messages in this conversation');

      // Deleting the original: gone from the list and the search; the fork keeps its copy.
      expect(
        (await api.conversations.search({ text: 'pelican' }, HOST)).groups.map((group) => group.conversationId).sort(),
      ).toEqual([source.id, fork.id].sort());
      expect(await api.conversations.delete({ conversationId: source.id }, HOST)).toEqual({ deleted: true });
      expect(
        (await api.conversations.list({ agentId: agent!.id }, HOST)).map((conversation) => conversation.id),
      ).toEqual([fork.id]);
      expect(
        (await api.conversations.search({ text: 'pelican' }, HOST)).groups.map((group) => group.conversationId),
      ).toEqual([fork.id]);
      expect((await api.conversations.messages({ conversationId: fork.id }, HOST)).messages).toHaveLength(
        forked.length + 2,
      );
    } finally {
      await core.shutdown();
    }
  });

  it('renames and archives a conversation, an archived one is restorable, and one an MCP client writes into is not deleted', async () => {
    const { core } = await buildTestCore(temp.make());
    try {
      const [agent] = core.agents.list();
      const conversation = await core.api.conversations.create({ agentId: agent!.id, title: 'New conversation' }, HOST);
      expect(
        (await core.api.conversations.rename({ conversationId: conversation.id, title: 'Upload bug' }, HOST)).title,
      ).toBe('Upload bug');
      expect(
        (await core.api.conversations.archive({ conversationId: conversation.id, archived: true }, HOST)).archivedAt,
      ).toEqual(expect.any(String));
      expect((await core.api.conversations.list({ agentId: agent!.id }, HOST))[0]!.archivedAt).not.toBeNull();
      expect(
        (await core.api.conversations.archive({ conversationId: conversation.id, archived: false }, HOST)).archivedAt,
      ).toBeNull();
      expect(
        (await refusal(() => core.api.conversations.rename({ conversationId: 'nope', title: 'x' }, HOST))).code,
      ).toBe('not-found');

      // An MCP client's session writes into its conversation without a turn: deleting it waits for the client to close.
      const close = core.ownerRequests.open(mcpOwnerRequestId(conversation.id), conversation.id);
      expect(
        (await refusal(() => core.api.conversations.delete({ conversationId: conversation.id }, HOST))).message,
      ).toBe("refused: an MCP client's session is writing into this conversation; close the client, then delete it");
      close();
      expect(await core.api.conversations.delete({ conversationId: conversation.id }, HOST)).toEqual({ deleted: true });
    } finally {
      await core.shutdown();
    }
  });
});

/** What a message says, without the row's own id, conversation and time. */
function strip(message: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, conversationId: _conversation, createdAt: _created, ...rest } = message;
  return rest;
}
