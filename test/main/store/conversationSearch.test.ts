// Find (issue 32 §4) against a real SQLite file with thousands of messages: the owner's words, the
// agent's, a call's arguments and a result's text are found, with the match marked in a snippet and
// grouped by conversation; new messages are indexed in batches (before any search), the index follows
// updates and deletes (a conversation's cascade too) and the migration indexes what was stored before it.
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultAgent } from '../../../src/main/agent/defaultAgent';
import { createCheckpointsRepository } from '../../../src/main/store/checkpoints';
import { createConversationSearch, searchQuery } from '../../../src/main/store/conversationSearch';
import { createConversationsRepository, type MessageBody } from '../../../src/main/store/conversations';
import { applyMigrations, openDatabase, type Db } from '../../../src/main/store/database';
import { MIGRATIONS } from '../../../src/main/store/migrations';
import { createToolCallsRepository } from '../../../src/main/store/toolCalls';
import { createTempDirs } from '../../support/tempDirs';

const dirs = createTempDirs('paddock-search-');
afterEach(() => dirs.cleanup());

function addAgent(db: Db): string {
  const agent = defaultAgent();
  db.prepare(
    'INSERT INTO agents (id, name, handle, provider, model, base_url, scopes, mode, acceptance_policy, max_output_tokens, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(
    agent.id,
    agent.name,
    agent.handle,
    agent.provider,
    agent.model,
    null,
    JSON.stringify(agent.scopes),
    agent.mode,
    agent.acceptancePolicy,
    agent.maxOutputTokens,
    agent.createdAt,
  );
  return agent.id;
}

const FILLER = [
  'the build passes',
  'renamed the helper',
  'ran the linter again',
  'looked at the router',
  'the test suite is green',
];

/** 3,000 ordinary messages over 30 conversations, then the few the tests look for. */
function setup() {
  const dataDir = dirs.make();
  const db = openDatabase(dataDir);
  const agentId = addAgent(db);
  const store = createConversationsRepository(db);
  const conversations = Array.from({ length: 30 }, (_, index) => store.create(agentId, `filler ${index}`));
  db.transaction(() => {
    for (let index = 0; index < 3_000; index++) {
      const conversation = conversations[index % conversations.length]!;
      const body: MessageBody =
        index % 3 === 0
          ? { role: 'owner', text: `please check ${FILLER[index % FILLER.length]} ${index}` }
          : index % 3 === 1
            ? {
                role: 'assistant',
                text: FILLER[(index + 1) % FILLER.length]!,
                toolCalls: [{ id: `call_${index}`, name: 'run', args: { command: `npm test -- case${index}` } }],
              }
            : {
                role: 'tool',
                callId: `call_${index - 1}`,
                tool: 'run',
                text: `exit 0: ${index} passed`,
                isError: false,
              };
      store.append(conversation.id, body);
    }
  })();
  const bugs = store.create(agentId, 'The flaky upload');
  const owner = store.append(bugs.id, {
    role: 'owner',
    text: 'The upload form drops the zebrafish attachment when it is over 4 MB',
  });
  const assistant = store.append(bugs.id, {
    role: 'assistant',
    text: 'I will install the parser first.',
    toolCalls: [
      {
        id: 'toolu_upload',
        name: 'run',
        args: { command: 'npm install left-pad --save-exact', note: 'line one\nquokkaline two' },
      },
    ],
  });
  const result = store.append(bugs.id, {
    role: 'tool',
    callId: 'toolu_upload',
    tool: 'run',
    text: 'added 1 package: narwhal-parser@2.0.1 in 3s',
    isError: false,
  });
  const search = createConversationSearch(db);
  search.catchUp();
  return { dataDir, db, store, agentId, bugs, owner, assistant, result, search, filler: conversations };
}

const marked = (parts: { text: string; match: boolean }[]): string =>
  parts.map((part) => (part.match ? `[${part.text}]` : part.text)).join('');
const indexedRowids = (db: Db, words: string): number[] =>
  db
    .prepare('SELECT rowid FROM message_search WHERE message_search MATCH ?')
    .pluck()
    .all(searchQuery(words)) as number[];

describe('searching every conversation', () => {
  it('finds a word in an owner message, in a call’s arguments and in a result, with the match marked', () => {
    const { search, bugs, owner, assistant, result } = setup();

    const inOwner = search.search('zebrafish');
    expect(inOwner.groups).toHaveLength(1);
    expect(inOwner.groups[0]).toMatchObject({
      conversationId: bugs.id,
      title: 'The flaky upload',
      agentHandle: '@dev',
      archived: false,
    });
    expect(inOwner.groups[0]!.hits.map((hit) => [hit.messageId, hit.role])).toEqual([[owner.id, 'owner']]);
    expect(marked(inOwner.groups[0]!.hits[0]!.snippet)).toContain('drops the [zebrafish] attachment');

    // A call's arguments as stored: a hyphenated package name is a phrase, and an escaped newline splits words.
    const inArgs = search.search('left-pad');
    expect(inArgs.groups.flatMap((group) => group.hits.map((hit) => hit.messageId))).toEqual([assistant.id]);
    expect(marked(inArgs.groups[0]!.hits[0]!.snippet)).toContain('npm install [left-pad] --save-exact');
    expect(search.search('quokkaline').groups[0]!.hits[0]!.messageId).toBe(assistant.id);
    expect(search.search('id').groups).toEqual([]); // the stored shape's own keys are not words of the call

    const inResult = search.search('narwhal-parser');
    expect(inResult.groups[0]!.hits.map((hit) => [hit.messageId, hit.role])).toEqual([[result.id, 'tool']]);
  });

  it('groups hits by conversation, newest first, takes the last word as a prefix and says when there were more', () => {
    const { search, filler } = setup();
    const found = search.search('linter', 50);
    expect(found.more).toBe(true);
    const hits = found.groups.flatMap((group) => group.hits);
    expect(hits).toHaveLength(50);
    // Newest first, and each conversation's hits together under it.
    const ids = hits.map((hit) => hit.messageId);
    expect(found.groups.map((group) => group.hits[0]!.messageId)).toEqual(
      [...found.groups.map((group) => group.hits[0]!.messageId)].sort((a, b) => b - a),
    );
    for (const group of found.groups)
      expect(group.hits.map((hit) => hit.messageId)).toEqual(
        [...group.hits.map((hit) => hit.messageId)].sort((a, b) => b - a),
      );
    expect(new Set(ids).size).toBe(50);
    expect(found.groups.every((group) => filler.some((conversation) => conversation.id === group.conversationId))).toBe(
      true,
    );

    expect(search.search('zebraf').groups[0]!.hits).toHaveLength(1);
    expect(search.search('case2998').groups[0]!.hits[0]!.role).toBe('assistant');
    expect(search.search('exit 2999').groups[0]!.hits[0]!.role).toBe('tool');
  });

  it('reads the owner’s text as words, never as FTS5 syntax', () => {
    const { search } = setup();
    for (const text of [
      '"',
      'zebrafish OR',
      'NEAR(a b',
      'upload*',
      '-',
      'col:zebrafish',
      "'; DROP TABLE messages; --",
      '   ',
    ]) {
      expect(() => search.search(text)).not.toThrow();
    }
    expect(search.search('"zebrafish"').groups).toHaveLength(1);
    expect(search.search('   ').groups).toEqual([]);
  });

  it('follows an update of a message (a restore marking it undone) and stays consistent with the table', () => {
    const { db, store, search, bugs, owner } = setup();
    const checkpoints = createCheckpointsRepository(db);
    const checkpoint = checkpoints.create({
      workspace: '/w',
      agentId: bugs.agentId,
      conversationId: bugs.id,
      kind: 'turn',
      turnId: 't1',
      messagesFrom: owner.id,
    });
    db.prepare("UPDATE messages SET content = json_set(content, '$.undone', json('true')) WHERE id = ?").run(owner.id);
    db.prepare("UPDATE messages SET content = json_set(content, '$.text', 'the walrus attachment') WHERE id = ?").run(
      owner.id,
    );
    expect(search.search('zebrafish').groups).toEqual([]);
    expect(search.search('walrus').groups[0]!.hits[0]!.messageId).toBe(owner.id);
    expect(() =>
      db.prepare("INSERT INTO message_search (message_search, rank) VALUES ('integrity-check', 1)").run(),
    ).not.toThrow();
    expect(checkpoints.get(checkpoint.id)).not.toBeNull();
    expect(store.message(bugs.id, owner.id)).toMatchObject({ role: 'owner', undone: true });
  });

  it('deleting a conversation removes its messages, tool calls and index rows, and nothing of another’s', () => {
    const { db, store, search, agentId, bugs, owner, filler } = setup();
    const toolCalls = createToolCallsRepository(db);
    toolCalls.open({
      id: 'toolu_upload',
      conversationId: bugs.id,
      agentId,
      tool: 'run',
      args: { command: 'npm install left-pad' },
    });
    toolCalls.open({ id: 'toolu_other', conversationId: filler[0]!.id, agentId, tool: 'run', args: { command: 'ls' } });
    const checkpoints = createCheckpointsRepository(db);
    const mine = checkpoints.create({
      workspace: '/w',
      agentId,
      conversationId: bugs.id,
      kind: 'turn',
      turnId: 'mine',
      messagesFrom: owner.id,
    });
    const theirs = checkpoints.create({
      workspace: '/w',
      agentId,
      conversationId: filler[0]!.id,
      kind: 'turn',
      turnId: 'theirs',
      messagesFrom: 1,
    });
    const fillerBefore = store.count(filler[0]!.id);
    expect(indexedRowids(db, 'zebrafish')).toEqual([owner.id]);

    expect(store.remove(bugs.id)).toBe(true);

    expect(store.get(bugs.id)).toBeNull();
    expect(store.count(bugs.id)).toBe(0);
    expect(toolCalls.get('toolu_upload')).toBeNull();
    expect(checkpoints.get(mine.id)).toBeNull();
    // The index itself holds none of its words: not merely hidden by the join.
    for (const words of ['zebrafish', 'left-pad', 'narwhal-parser', 'quokkaline']) {
      expect(indexedRowids(db, words)).toEqual([]);
      expect(search.search(words).groups).toEqual([]);
    }
    expect(() =>
      db.prepare("INSERT INTO message_search (message_search, rank) VALUES ('integrity-check', 1)").run(),
    ).not.toThrow();
    expect(store.count(filler[0]!.id)).toBe(fillerBefore);
    expect(toolCalls.get('toolu_other')).not.toBeNull();
    expect(checkpoints.get(theirs.id)).not.toBeNull();
    expect(search.search('linter').groups.length).toBeGreaterThan(0);
    expect(store.remove(bugs.id)).toBe(false);
  });

  it('an archived conversation leaves the list’s order alone, is still found, and says so', () => {
    const { store, search, bugs, agentId } = setup();
    store.setArchived(bugs.id, true);
    expect(store.get(bugs.id)?.archivedAt).toEqual(expect.any(String));
    expect(search.search('zebrafish').groups[0]!.archived).toBe(true);
    expect(store.listForAgent(agentId).find((conversation) => conversation.id === bugs.id)?.archivedAt).not.toBeNull();
    store.setArchived(bugs.id, false);
    expect(store.get(bugs.id)?.archivedAt).toBeNull();
  });

  it('indexes a new message in a batch after it is written, and before any search', () => {
    const { db, store, search, bugs } = setup();
    const later = store.append(bugs.id, { role: 'owner', text: 'and the axolotl thumbnail too' });
    expect(indexedRowids(db, 'axolotl')).toEqual([]); // writing a message does not pay for the index
    expect(search.search('axolotl').groups[0]!.hits.map((hit) => hit.messageId)).toEqual([later.id]);
    expect(indexedRowids(db, 'axolotl')).toEqual([later.id]);

    const burst = Array.from({ length: 450 }, (_, index) =>
      store.append(bugs.id, {
        role: 'tool',
        callId: `c${index}`,
        tool: 'run',
        text: `ocelot ${index}`,
        isError: false,
      }),
    );
    expect(search.catchUp(200)).toBe(true);
    expect(search.catchUp(200)).toBe(true);
    expect(search.catchUp(200)).toBe(false);
    expect(indexedRowids(db, 'ocelot')).toHaveLength(burst.length);
    expect(search.catchUp(200)).toBe(false);
  });

  it('a message id given again after the newest conversation was deleted is indexed for its new text', () => {
    const { db, store, search, agentId, bugs, result } = setup();
    expect(store.remove(bugs.id)).toBe(true);
    const next = store.create(agentId, 'after');
    const reused = store.append(next.id, { role: 'owner', text: 'the pangolin build' });
    expect(reused.id).toBeLessThanOrEqual(result.id); // SQLite gives the freed ids again
    expect(search.search('pangolin').groups[0]).toMatchObject({
      conversationId: next.id,
      hits: [{ messageId: reused.id }],
    });
    expect(search.search('narwhal-parser').groups).toEqual([]);
    expect(() =>
      db.prepare("INSERT INTO message_search (message_search, rank) VALUES ('integrity-check', 1)").run(),
    ).not.toThrow();
  });

  it('the migration indexes the messages stored before it', () => {
    const dataDir = dirs.make();
    const before = MIGRATIONS.filter((migration) => migration.version < 16);
    const db = new Database(path.join(dataDir, 'paddock.db'));
    db.pragma('foreign_keys = ON');
    applyMigrations(db, before);
    const agentId = addAgent(db);
    db.prepare(
      "INSERT INTO conversations (id, agent_id, title, created_at, updated_at) VALUES ('old', ?, 'from last year', 'x', 'x')",
    ).run(agentId);
    const insert = db.prepare(
      "INSERT INTO messages (conversation_id, role, content, created_at) VALUES ('old', ?, ?, 'x')",
    );
    db.transaction(() => {
      for (let index = 0; index < 2_000; index++) insert.run('owner', JSON.stringify({ text: `old request ${index}` }));
    })();
    insert.run(
      'assistant',
      JSON.stringify({ text: 'done', toolCalls: [{ id: 'c1', name: 'run', args: { command: 'make capybara' } }] }),
    );
    db.close();

    const reopened = openDatabase(dataDir);
    const search = createConversationSearch(reopened);
    expect(search.search('capybara').groups[0]).toMatchObject({ conversationId: 'old', title: 'from last year' });
    expect(search.search('request 1999').groups[0]!.hits).toHaveLength(1);
    expect(createConversationsRepository(reopened).get('old')?.archivedAt).toBeNull();
    reopened.close();
  });
});
