// Per-hunk accept and reject on write and edit cards (issue 17), through the real dispatcher and the
// core's pending cards: only hunks the card offered can be named, only they are applied, to the base
// the card showed, and the model reads which were rejected.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempDirs } from '../../support/tempDirs';
import { dispatchHarness } from './harness';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

const numbered = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}\n`).join('');
const before = numbered(30);
const after = before
  .replace('line 2\n', 'line two\n')
  .replace('line 15\n', 'line fifteen\n')
  .replace('line 29\n', 'line twenty-nine\n');

describe('per-hunk answers', () => {
  it('a write card offers its hunks; accepting two of three applies those two and tells the model the third was rejected', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'ask' });
    fs.writeFileSync(h.file('f.txt'), before);
    const { callId, result } = h.dispatch('write', { path: 'f.txt', content: after });
    const card = await h.nextCard();
    expect(card.hunks?.map((hunk) => hunk.id)).toEqual(['hunk-1', 'hunk-2', 'hunk-3']);
    expect(
      h.core.cards.answer({
        cardId: card.id,
        decision: 'approve',
        baseHash: card.baseHash,
        acceptedHunks: ['hunk-1', 'hunk-3'],
      }),
    ).toEqual({ ok: true });
    const done = await result;
    if (!done.ok) throw new Error(done.error);
    expect(fs.readFileSync(h.file('f.txt'), 'utf8')).toBe(
      before.replace('line 2\n', 'line two\n').replace('line 29\n', 'line twenty-nine\n'),
    );
    expect(done.text).toMatch(/applied 2 of 3 hunks/);
    expect(done.text).toMatch(/rejected 1 of 3 hunks of the change to f.txt; they were NOT applied/);
    expect(done.text).toContain('+line fifteen');
    expect(done.data).toMatchObject({ acceptedHunks: ['hunk-1', 'hunk-3'], rejectedHunks: ['hunk-2'] });
    expect(h.core.toolCalls.get(callId)).toMatchObject({ status: 'done', answer: 'approve' });
    // The durable record keeps each hunk's id and header, never the file's lines (SPEC §11).
    const row = h.core.db.prepare('SELECT card FROM tool_calls WHERE id = ?').get(callId) as { card: string };
    expect(JSON.parse(row.card).hunks).toEqual([
      { id: 'hunk-1', header: '@@ -1,5 +1,5 @@', lines: 6 },
      { id: 'hunk-2', header: '@@ -12,7 +12,7 @@', lines: 8 },
      { id: 'hunk-3', header: '@@ -26,5 +26,5 @@', lines: 6 },
    ]);
    await h.core.shutdown();
  });

  it('an edit card with all = true: one hunk accepted of two', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'ask' });
    const text = before.replace('line 3\n', 'TODO\n').replace('line 25\n', 'TODO\n');
    fs.writeFileSync(h.file('e.txt'), text);
    const { result } = h.dispatch('edit', { path: 'e.txt', old: 'TODO', new: 'DONE', all: true });
    const card = await h.nextCard();
    expect(card.hunks).toHaveLength(2);
    h.core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash, acceptedHunks: ['hunk-2'] });
    expect(await result).toMatchObject({ ok: true });
    expect(fs.readFileSync(h.file('e.txt'), 'utf8')).toBe(
      before.replace('line 3\n', 'TODO\n').replace('line 25\n', 'DONE\n'),
    );
    await h.core.shutdown();
  });

  it('refuses forged per-hunk answers: an id the card did not offer, a repeated id, none accepted, hunks on a card without them', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'ask' });
    fs.writeFileSync(h.file('f.txt'), before);
    const { result } = h.dispatch('write', { path: 'f.txt', content: after });
    const card = await h.nextCard();
    const answer = (acceptedHunks: string[]) =>
      h.core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash, acceptedHunks });
    expect(answer(['hunk-4'])).toMatchObject({ ok: false, code: 'card-hunk-not-offered' });
    expect(answer(['hunk-1', 'hunk-1'])).toMatchObject({ ok: false, code: 'card-hunk-not-offered' });
    expect(answer(['@@ -1,1 +1,1 @@\n+pwned'])).toMatchObject({ ok: false, code: 'card-hunk-not-offered' });
    expect(answer([])).toMatchObject({ ok: false, code: 'card-no-hunk-accepted' });
    expect(
      h.core.cards.answer({
        cardId: card.id,
        decision: 'approve',
        baseHash: '0'.repeat(64),
        acceptedHunks: ['hunk-1'],
      }),
    ).toMatchObject({ ok: false, code: 'card-hash-mismatch' });
    expect(fs.readFileSync(h.file('f.txt'), 'utf8')).toBe(before);
    h.core.cards.answer({ cardId: card.id, decision: 'deny' });
    expect(await result).toMatchObject({ ok: false });

    // A command card has no hunks: a per-hunk answer to it is refused.
    const command = h.dispatch('run', { command: 'rm f.txt' });
    const commandCard = await h.nextCard();
    expect(commandCard.hunks).toBeUndefined();
    expect(
      h.core.cards.answer({ cardId: commandCard.id, decision: 'approve', acceptedHunks: ['hunk-1'] }),
    ).toMatchObject({ ok: false, code: 'card-hunk-not-offered' });
    h.core.cards.answer({ cardId: commandCard.id, decision: 'deny' });
    await command.result;
    expect(fs.readFileSync(h.file('f.txt'), 'utf8')).toBe(before);
    await h.core.shutdown();
  });

  it('a stale base: the file changed while the owner chose hunks, so nothing is written', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'ask' });
    fs.writeFileSync(h.file('f.txt'), before);
    const { result } = h.dispatch('write', { path: 'f.txt', content: after });
    const card = await h.nextCard();
    const typed = before.replace('line 10\n', 'line 10, typed by the owner\n');
    fs.writeFileSync(h.file('f.txt'), typed);
    expect(
      h.core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash, acceptedHunks: ['hunk-1'] }),
    ).toEqual({ ok: true });
    expect(await result).toMatchObject({
      ok: false,
      status: 409,
      error: expect.stringMatching(/changed while you were deciding; nothing was written/),
    });
    expect(fs.readFileSync(h.file('f.txt'), 'utf8')).toBe(typed);
    await h.core.shutdown();
  });

  it('every hunk accepted is the whole change, as a plain Approve', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'ask' });
    fs.writeFileSync(h.file('f.txt'), before);
    const { result } = h.dispatch('write', { path: 'f.txt', content: after });
    const card = await h.nextCard();
    h.core.cards.answer({
      cardId: card.id,
      decision: 'approve',
      baseHash: card.baseHash,
      acceptedHunks: ['hunk-3', 'hunk-2', 'hunk-1'],
    });
    const done = await result;
    if (!done.ok) throw new Error(done.error);
    expect(done.text).not.toMatch(/rejected/);
    expect(fs.readFileSync(h.file('f.txt'), 'utf8')).toBe(after);
    await h.core.shutdown();
  });
});
