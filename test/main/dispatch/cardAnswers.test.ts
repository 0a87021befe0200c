// Forged answers through the window's own door (SPEC §2, §5): the router and a real dispatcher. The
// core asked the question, so only an answer to that question, for that version, counts.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiRouter } from '../../../src/main/api/router';
import { createTempDirs } from '../../support/tempDirs';
import { dispatchHarness } from './harness';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

const window = { trusted: true, describe: 'test window' };

async function setup() {
  const h = await dispatchHarness(temp.make(), { mode: 'ask' });
  const router = createApiRouter(h.core.api, { host: 'web', version: 't' }, () => undefined);
  const answer = (request: unknown) => router('cards.answer', request, window);
  return { ...h, answer };
}

describe('answers the window sends for cards', () => {
  it('refuses answers that name anything the core did not ask: extra fields, unknown ids, odd types', async () => {
    const h = await setup();
    const { result } = h.dispatch('write', { path: 'a.txt', content: 'new\n' });
    const card = await h.nextCard();
    for (const forged of [
      { cardId: card.id, decision: 'approve', baseHash: card.baseHash, argv: ['rm', '-rf', '/'] },
      { cardId: card.id, decision: 'approve', baseHash: card.baseHash, agentId: 'someone' },
      { cardId: card.id, decision: 'yes', baseHash: card.baseHash },
      { cardId: [card.id], decision: 'approve', baseHash: card.baseHash },
      { cardId: card.id, decision: 'approve', baseHash: 12 },
      { cardId: 'x'.repeat(10_000), decision: 'approve' },
      { cardId: '__proto__', decision: 'approve' },
      { cardId: 'constructor', decision: 'approve' },
    ]) {
      expect((await h.answer(forged)).ok, JSON.stringify(forged).slice(0, 80)).toBe(false);
    }
    expect(h.core.cards.list()).toHaveLength(1);
    expect(fs.existsSync(h.file('a.txt'))).toBe(false);
    await h.answer({ cardId: card.id, decision: 'deny' });
    expect(await result).toMatchObject({ ok: false });
    await h.core.shutdown();
  });

  it('a command card carries no hash: an answer that brings one answers another question', async () => {
    const h = await setup();
    const { result } = h.dispatch('run', { command: 'ls -la' });
    const card = await h.nextCard();
    expect(card.baseHash).toBeUndefined();
    expect(await h.answer({ cardId: card.id, decision: 'approve', baseHash: 'a'.repeat(64) })).toMatchObject({
      ok: false,
      error: { code: 'refused' },
    });
    expect(await h.answer({ cardId: card.id, decision: 'approve', baseHash: null })).toMatchObject({
      ok: false,
      error: { code: 'refused' },
    });
    expect(h.core.cards.list()).toHaveLength(1);
    await h.answer({ cardId: card.id, decision: 'deny' });
    expect(await result).toMatchObject({ ok: false });
    await h.core.shutdown();
  });

  it('a new file’s card has a null hash: an answer without it, or with a hash, is refused', async () => {
    const h = await setup();
    const { result } = h.dispatch('write', { path: 'fresh.txt', content: 'x\n' });
    const card = await h.nextCard();
    expect(card.baseHash).toBeNull();
    expect((await h.answer({ cardId: card.id, decision: 'approve' })).ok).toBe(false);
    expect(
      (
        await h.answer({
          cardId: card.id,
          decision: 'approve',
          baseHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        })
      ).ok,
    ).toBe(false);
    expect((await h.answer({ cardId: card.id, decision: 'approve', baseHash: null })).ok).toBe(true);
    expect(await result).toMatchObject({ ok: true });
    expect(fs.readFileSync(h.file('fresh.txt'), 'utf8')).toBe('x\n');
    await h.core.shutdown();
  });

  it('remember: refused on a card that offers none, and a prefix is refused when only the exact command was offered', async () => {
    const h = await setup();
    const write = h.dispatch('write', { path: 'a.txt', content: 'x\n' });
    const writeCard = await h.nextCard();
    expect((await h.answer({ cardId: writeCard.id, decision: 'approve', baseHash: null, remember: 'exact' })).ok).toBe(
      false,
    );
    await h.answer({ cardId: writeCard.id, decision: 'deny' });
    await write.result;

    const run = h.dispatch('run', { command: 'ls -la' });
    const card = await h.nextCard();
    expect(card.rememberChoices?.map((choice) => choice.kind)).toEqual(['exact']);
    expect(await h.answer({ cardId: card.id, decision: 'approve', remember: 'prefix' })).toMatchObject({
      ok: false,
      error: { code: 'refused' },
    });
    expect(h.core.remembered.listAll()).toHaveLength(0);
    expect((await h.answer({ cardId: card.id, decision: 'approve', remember: 'exact' })).ok).toBe(true);
    await run.result;
    // What is remembered is the core's own argv, bound to the card's agent and directory.
    expect(h.core.remembered.listAll()).toMatchObject([
      { agentId: h.agent.id, directory: h.workspace, argv: ['ls', '-la'], kind: 'exact' },
    ]);
    await h.core.shutdown();
  });

  it('two answers racing: exactly one counts, the other is refused as not pending', async () => {
    const h = await setup();
    const { result } = h.dispatch('write', { path: 'a.txt', content: 'x\n' });
    const card = await h.nextCard();
    const answers = await Promise.all([
      h.answer({ cardId: card.id, decision: 'deny' }),
      h.answer({ cardId: card.id, decision: 'approve', baseHash: null }),
      h.answer({ cardId: card.id, decision: 'approve', baseHash: null }),
    ]);
    expect(answers.filter((reply) => reply.ok)).toHaveLength(1);
    expect(answers[0].ok).toBe(true);
    expect(await result).toMatchObject({ ok: false, error: 'the owner denied this call' });
    expect(fs.existsSync(h.file('a.txt'))).toBe(false);
    await h.core.shutdown();
  });

  it('an answer after the turn was cancelled is refused, and the call never runs', async () => {
    const h = await setup();
    const turn = new AbortController();
    const { callId, result } = h.dispatch('write', { path: 'a.txt', content: 'x\n' }, {}, turn.signal);
    const card = await h.nextCard();
    turn.abort();
    expect(await result).toMatchObject({ ok: false, error: expect.stringMatching(/cancelled/) });
    expect(await h.answer({ cardId: card.id, decision: 'approve', baseHash: null })).toMatchObject({
      ok: false,
      error: { code: 'refused' },
    });
    expect(fs.existsSync(h.file('a.txt'))).toBe(false);
    expect(h.core.toolCalls.get(callId)).toMatchObject({ status: 'interrupted', answer: 'unanswered' });
    await h.core.shutdown();
  });
});
