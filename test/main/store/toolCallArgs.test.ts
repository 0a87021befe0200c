// Issue 14 §4, SPEC §11: tool_calls.args never holds file contents. A long string (a write's
// content, an edit's text, a card's diff) is kept as its length and sha256; short arguments as they are.
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_RECORDED_STRING_BYTES, recordedArgs } from '../../../src/main/store/recordedArgs';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

const sha = (text: string): string => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

describe('what tool_calls keeps of a call', () => {
  it('keeps short arguments exactly and replaces long strings, at any depth, by length and sha256', () => {
    const long = 'é'.repeat(MAX_RECORDED_STRING_BYTES);
    expect(recordedArgs({ path: 'src/a.ts', command: 'npm test', n: 3, all: true, none: null })).toEqual({
      path: 'src/a.ts',
      command: 'npm test',
      n: 3,
      all: true,
      none: null,
    });
    expect(recordedArgs({ path: 'a', content: 'x'.repeat(MAX_RECORDED_STRING_BYTES) })).toEqual({
      path: 'a',
      content: 'x'.repeat(MAX_RECORDED_STRING_BYTES),
    });
    expect(recordedArgs({ edits: [{ old: long }] })).toEqual({
      edits: [{ old: { omitted: 'long text', bytes: Buffer.byteLength(long), sha256: sha(long) } }],
    });
  });

  it('a 6 MB write is stored in the database as its length and hash, never its content', async () => {
    const { core } = await buildTestCore(temp.make());
    try {
      const agent = core.agents.list()[0]!;
      const conversation = core.conversations.create(agent.id, 'big write');
      const content = `${'secret file line\n'.repeat(370_000)}end`;
      core.toolCalls.open({
        id: 'call-big',
        conversationId: conversation.id,
        agentId: agent.id,
        tool: 'write',
        args: { path: 'big.txt', content },
      });
      core.toolCalls.markPending('call-big', {
        id: 'card-1',
        callId: 'call-big',
        agentId: agent.id,
        conversationId: conversation.id,
        tool: 'write',
        args: { path: 'big.txt', content },
        reason: 'r',
        path: 'big.txt',
        diff: `+${content}`,
        createdAt: '',
      });
      const row = core.db.prepare('SELECT args, card FROM tool_calls WHERE id = ?').get('call-big') as {
        args: string;
        card: string;
      };
      expect(row.args.length).toBeLessThan(300);
      expect(row.card.length).toBeLessThan(1000);
      expect(row.args).not.toContain('secret file line');
      expect(row.card).not.toContain('secret file line');
      expect(JSON.parse(row.args)).toEqual({
        path: 'big.txt',
        content: { omitted: 'long text', bytes: Buffer.byteLength(content), sha256: sha(content) },
      });
      expect(core.toolCalls.get('call-big')?.args).toMatchObject({
        path: 'big.txt',
        content: { bytes: content.length },
      });
    } finally {
      await core.shutdown();
    }
  });
});
