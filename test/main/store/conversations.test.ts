// The durable transcript (SPEC §8): conversations per agent, messages written as they happen, and a
// 10,000-message conversation read one page at a time by cursor.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/main/store/database';
import { createConversationsRepository, type MessageBody } from '../../../src/main/store/conversations';
import { defaultAgent } from '../../../src/main/agent/defaultAgent';

function setup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-conv-'));
  const db = openDatabase(dataDir);
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
  let tick = 0;
  const store = createConversationsRepository(db, () => new Date(Date.UTC(2025, 0, 1, 0, 0, tick++)));
  return { dataDir, db, store, agent };
}

describe('the conversation store', () => {
  it('creates, lists (most recent first) and renames conversations per agent', () => {
    const { store, agent } = setup();
    const a = store.create(agent.id, 'first');
    const b = store.create(agent.id, 'second');
    store.append(a.id, { role: 'owner', text: 'hello' });
    expect(store.listForAgent(agent.id).map((c) => c.title)).toEqual(['first', 'second']);
    store.rename(b.id, 'renamed');
    expect(store.listForAgent(agent.id).map((c) => c.title)).toEqual(['renamed', 'first']);
    expect(store.listForAgent('nobody')).toEqual([]);
  });

  it('reads back every kind of message exactly, after reopening the file', () => {
    const { dataDir, db, store, agent } = setup();
    const c = store.create(agent.id, 't');
    const bodies: MessageBody[] = [
      { role: 'owner', text: 'run the tests' },
      { role: 'assistant', text: 'ok', toolCalls: [{ id: 'toolu_1', name: 'run', args: { command: 'npm test' } }] },
      { role: 'tool', callId: 'toolu_1', tool: 'run', text: 'exit 0', isError: false },
      { role: 'notice', text: 'stopped at the output bound (300 tokens)' },
    ];
    for (const body of bodies) store.append(c.id, body);
    db.close();
    const reopened = createConversationsRepository(openDatabase(dataDir));
    expect(reopened.all(c.id).map(({ id: _id, createdAt: _at, conversationId: _c, ...body }) => body)).toEqual(bodies);
    expect(reopened.hasToolResult(c.id, 'toolu_1')).toBe(true);
    expect(reopened.hasToolResult(c.id, 'toolu_2')).toBe(false);
  });

  it('pages a 10,000-message conversation by cursor, newest page first, each page oldest first', () => {
    const { db, store, agent } = setup();
    const c = store.create(agent.id, 'long');
    db.transaction(() => {
      for (let i = 0; i < 10_000; i++) store.append(c.id, { role: 'owner', text: `m${i}` });
    })();
    expect(store.count(c.id)).toBe(10_000);
    const seen: string[] = [];
    let page = store.page(c.id, { limit: 300 });
    let pages = 1;
    seen.unshift(...page.messages.map((m) => (m.role === 'owner' ? m.text : '')));
    while (page.olderCursor !== null) {
      page = store.page(c.id, { before: page.olderCursor, limit: 300 });
      seen.unshift(...page.messages.map((m) => (m.role === 'owner' ? m.text : '')));
      pages++;
    }
    expect(pages).toBe(34);
    expect(seen).toEqual(Array.from({ length: 10_000 }, (_, i) => `m${i}`));
    const last = store.page(c.id, { limit: 2 }).messages;
    expect(store.after(c.id, last[0]!.id).map((m) => m.id)).toEqual([last[1]!.id]);
  });
});
