import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Mode } from '../../../src/shared/domain';
import { createTempDirs } from '../../support/tempDirs';
import { buildTestCore } from '../../support/testCore';
import { dispatchHarness } from './harness';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

describe('the dispatcher: granted → floor → tier → card → run → recorded', () => {
  it('AC-8: a tool installed but not granted is refused at dispatch with no effect', async () => {
    const h = await dispatchHarness(temp.make(), { scopes: ['file_read'] });
    const { callId, result } = h.dispatch('write', { path: 'new.txt', content: 'x' });
    expect(await result).toMatchObject({
      ok: false,
      status: 403,
      error: expect.stringMatching(/not granted the file_write scope/),
    });
    expect(fs.existsSync(h.file('new.txt'))).toBe(false);
    expect(h.core.toolCalls.get(callId)).toMatchObject({ status: 'refused', tool: 'write' });
    await h.core.shutdown();
  });

  it('a read the fence refuses (outside the workspace) is recorded as refused, not failed; a read that fails is failed', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'run' });
    const outside = h.dispatch('read', { path: '/etc/passwd' });
    expect(await outside.result).toMatchObject({ ok: false, error: expect.stringMatching(/^refused:/) });
    expect(h.core.toolCalls.get(outside.callId)).toMatchObject({ status: 'refused', tool: 'read' });
    const missing = h.dispatch('read', { path: 'nope.txt' });
    expect(await missing.result).toMatchObject({ ok: false, error: expect.stringMatching(/does not exist/) });
    expect(h.core.toolCalls.get(missing.callId)).toMatchObject({ status: 'failed' });
    await h.core.shutdown();
  });

  it('the floor: a delegate gets session-not-authorized even in run mode, whatever tierFor says', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'run' });
    const { result } = h.dispatch('write', { path: 'new.txt', content: 'x' }, { delegationDepth: 1 });
    expect(await result).toMatchObject({ ok: false, error: expect.stringMatching(/^session-not-authorized/) });
    const read = h.dispatch('read', { path: 'new.txt' }, { delegationDepth: 2 });
    expect(await read.result).toMatchObject({ ok: false, error: expect.stringMatching(/^session-not-authorized/) });
    expect(fs.existsSync(h.file('new.txt'))).toBe(false);
    await h.core.shutdown();
  });

  it('the floor: a scheduled run (no live owner request) gets session-not-authorized', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'run' });
    const { result } = h.dispatch('write', { path: 'new.txt', content: 'x' }, { ownerRequestId: null });
    expect(await result).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^session-not-authorized: no live owner request/),
    });
    expect(fs.existsSync(h.file('new.txt'))).toBe(false);
    await h.core.shutdown();
  });

  it('the floor: an owner request id that names no live turn of this conversation gets session-not-authorized', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'run' });
    const invented = h.dispatch('write', { path: 'new.txt', content: 'x' }, { ownerRequestId: 'turn-that-never-was' });
    expect(await invented.result).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^session-not-authorized: the owner request turn-that-never-was is not a live turn/),
    });
    // A live request of another conversation does not lend itself to this one.
    const other = h.core.conversations.create(h.agent.id, 'other');
    h.core.ownerRequests.open('turn-elsewhere', other.id);
    const borrowed = h.dispatch('write', { path: 'new.txt', content: 'x' }, { ownerRequestId: 'turn-elsewhere' });
    expect(await borrowed.result).toMatchObject({ ok: false, error: expect.stringMatching(/is not a live turn/) });
    // Once ended, a request authorises nothing more.
    const end = h.core.ownerRequests.open('turn-2', h.conversation.id);
    expect(
      await h.dispatch('write', { path: 'a.txt', content: 'x' }, { ownerRequestId: 'turn-2' }).result,
    ).toMatchObject({ ok: true });
    end();
    expect(
      await h.dispatch('write', { path: 'b.txt', content: 'x' }, { ownerRequestId: 'turn-2' }).result,
    ).toMatchObject({ ok: false, error: expect.stringMatching(/is not a live turn/) });
    expect(fs.existsSync(h.file('new.txt'))).toBe(false);
    expect(fs.existsSync(h.file('b.txt'))).toBe(false);
    await h.core.shutdown();
  });

  it('refuses malformed arguments and unknown tools, recording both', async () => {
    const h = await dispatchHarness(temp.make());
    const bad = h.dispatch('write', { path: 3 });
    expect(await bad.result).toMatchObject({
      ok: false,
      status: 400,
      error: expect.stringMatching(/invalid arguments for write/),
    });
    const unknown = h.dispatch('rm', { path: '.' });
    expect(await unknown.result).toMatchObject({ ok: false, error: expect.stringMatching(/not installed/) });
    expect(h.core.toolCalls.get(unknown.callId)?.status).toBe('refused');
    await h.core.shutdown();
  });

  const table: { mode: Mode; policy: 'apply' | 'propose'; read: string; write: string; edit: string }[] = [
    { mode: 'ask', policy: 'apply', read: 'auto', write: 'gated', edit: 'gated' },
    { mode: 'edit', policy: 'apply', read: 'auto', write: 'auto', edit: 'auto' },
    { mode: 'run', policy: 'apply', read: 'auto', write: 'auto', edit: 'auto' },
    { mode: 'ask', policy: 'propose', read: 'auto', write: 'gated', edit: 'gated' },
    { mode: 'edit', policy: 'propose', read: 'auto', write: 'auto', edit: 'gated' },
    { mode: 'run', policy: 'propose', read: 'auto', write: 'auto', edit: 'gated' },
  ];
  for (const row of table) {
    it(`mode ${row.mode}, policy ${row.policy}: read ${row.read}, write ${row.write} (never the policy's), edit ${row.edit}`, async () => {
      const h = await dispatchHarness(temp.make(), { mode: row.mode });
      h.core.agents.update(h.agent.id, { acceptancePolicy: row.policy });
      fs.writeFileSync(h.file('a.txt'), 'one\n');
      const controller = new AbortController();
      for (const [tool, args, expected] of [
        ['read', { path: 'a.txt' }, row.read],
        ['write', { path: 'b.txt', content: 'two\n' }, row.write],
        ['edit', { path: 'a.txt', old: 'one', new: 'uno' }, row.edit],
      ] as const) {
        const { callId, result } = h.dispatch(tool, args, {}, controller.signal);
        if (expected === 'gated') {
          await h.nextCard();
          expect(h.core.toolCalls.get(callId)).toMatchObject({ tier: 'gated', status: 'pending' });
          h.core.cards.cancelAll('test over');
        }
        await result;
        expect(h.core.toolCalls.get(callId)?.tier, `${tool}`).toBe(expected);
      }
      await h.core.shutdown();
    });
  }

  it('.gitattributes and .gitmodules are a card even in run mode', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'run' });
    const { callId, result } = h.dispatch('write', { path: '.gitattributes', content: '* filter=x\n' });
    const card = await h.nextCard();
    expect(card.reason).toMatch(/gitattributes/);
    h.core.cards.answer({ cardId: card.id, decision: 'deny' });
    expect(await result).toMatchObject({ ok: false, error: 'the owner denied this call' });
    expect(fs.existsSync(h.file('.gitattributes'))).toBe(false);
    expect(h.core.toolCalls.get(callId)).toMatchObject({ status: 'refused', answer: 'deny' });
    await h.core.shutdown();
  });
});

describe('approval cards', () => {
  it('a gated write shows the diff and the base hash; approval applies it and the record says so', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'ask' });
    fs.writeFileSync(h.file('a.txt'), 'old\n');
    const { callId, result } = h.dispatch('write', { path: 'a.txt', content: 'new\n' });
    const card = await h.nextCard();
    expect(card).toMatchObject({ tool: 'write', path: h.file('a.txt'), reason: expect.stringMatching(/ask mode/) });
    expect(card.diff).toContain('-old');
    expect(card.diff).toContain('+new');
    expect(card.baseHash).toMatch(/^[0-9a-f]{64}$/);
    expect(h.core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash })).toEqual({
      ok: true,
    });
    expect(await result).toMatchObject({ ok: true });
    expect(fs.readFileSync(h.file('a.txt'), 'utf8')).toBe('new\n');
    expect(h.core.toolCalls.get(callId)).toMatchObject({ status: 'done', tier: 'gated', answer: 'approve' });
    await h.core.shutdown();
  });

  it('a file that changed while the owner decided is a refusal, not a different change', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'ask' });
    fs.writeFileSync(h.file('a.txt'), 'old\n');
    const { result } = h.dispatch('edit', { path: 'a.txt', old: 'old', new: 'agent' });
    const card = await h.nextCard();
    fs.writeFileSync(h.file('a.txt'), 'old, and the owner typed more\n');
    h.core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash });
    expect(await result).toMatchObject({ ok: false, error: expect.stringMatching(/changed while you were deciding/) });
    expect(fs.readFileSync(h.file('a.txt'), 'utf8')).toBe('old, and the owner typed more\n');
    await h.core.shutdown();
  });

  it('refuses forged answers: an unknown card, another hash, a second answer, an unoffered remember', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'ask' });
    fs.writeFileSync(h.file('a.txt'), 'old\n');
    const { result } = h.dispatch('write', { path: 'a.txt', content: 'new\n' });
    const card = await h.nextCard();
    expect(h.core.cards.answer({ cardId: 'no-such-card', decision: 'approve' })).toMatchObject({
      ok: false,
      code: 'card-not-pending',
    });
    expect(h.core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: '0'.repeat(64) })).toMatchObject({
      ok: false,
      code: 'card-hash-mismatch',
    });
    expect(
      h.core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash, remember: 'exact' }),
    ).toMatchObject({
      ok: false,
      code: 'card-not-rememberable',
    });
    expect(fs.readFileSync(h.file('a.txt'), 'utf8')).toBe('old\n');
    expect(h.core.cards.list()).toHaveLength(1);
    h.core.cards.answer({ cardId: card.id, decision: 'deny' });
    expect(h.core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash })).toMatchObject({
      ok: false,
      code: 'card-not-pending',
    });
    expect(await result).toMatchObject({ ok: false });
    expect(fs.readFileSync(h.file('a.txt'), 'utf8')).toBe('old\n');
    await h.core.shutdown();
  });

  it('a card still pending when Paddock quits is recorded as unanswered and interrupted', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'ask' });
    const { callId, result } = h.dispatch('write', { path: 'a.txt', content: 'new\n' });
    await h.nextCard();
    const view = () => h.core.toolCalls.get(callId);
    expect(view()?.status).toBe('pending');
    const { core } = h;
    const closing = core.shutdown();
    expect(await result).toMatchObject({
      ok: false,
      error: expect.stringMatching(/quit before the card was answered/),
    });
    await closing;
    const reopened = (await buildTestCore(path.dirname(h.dataDir))).core;
    expect(reopened.toolCalls.get(callId)).toMatchObject({ status: 'interrupted', answer: 'unanswered' });
    expect(fs.existsSync(h.file('a.txt'))).toBe(false);
    await reopened.shutdown();
  });
});
