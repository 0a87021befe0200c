// The edit tool (SPEC §5, §6, seed 000): exact string, absent or ambiguous refused, tiers, AC-4.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editTool } from '../../../src/main/tools/edit';
import { agent, link, makeTree, toolContext, type Tree } from '../workspace/fixture';

let t: Tree;
beforeAll(() => {
  t = makeTree();
  fs.writeFileSync(path.join(t.ws, 'f.txt'), 'one two one $& three\n');
  link(path.join(t.outside, 'secret.txt'), path.join(t.ws, 'out-link'));
});
afterAll(() => t.cleanup());

const run = (args: Parameters<typeof editTool.run>[0]) => editTool.run(args, toolContext(t));
const read = () => fs.readFileSync(path.join(t.ws, 'f.txt'), 'utf8');

describe('edit', () => {
  it('replaces an exact unique string and returns the diff', async () => {
    const r = await run({ path: 'f.txt', old: 'two', new: '2' });
    if (!r.ok) throw new Error(r.error);
    expect(read()).toBe('one 2 one $& three\n');
    expect(r.text).toContain('f.txt');
    expect((r.data as { diff: string }).diff).toMatch(/-one two one/);
  });

  it('refuses an absent or ambiguous string unless all, and treats $ literally', async () => {
    expect(await run({ path: 'f.txt', old: 'missing', new: 'x' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not found/),
    });
    expect(await run({ path: 'f.txt', old: 'one', new: 'x' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/occurs 2 times/),
    });
    expect(read()).toBe('one 2 one $& three\n');
    expect(await run({ path: 'f.txt', old: 'one', new: '$&1', all: true })).toMatchObject({ ok: true });
    expect(read()).toBe('$&1 2 $&1 $& three\n');
  });

  it('AC-4: refuses paths outside, through an outward link, and a missing file', async () => {
    expect(await run({ path: 'out-link', old: 'OUTSIDE', new: 'PWNED' })).toMatchObject({ ok: false, status: 403 });
    expect(await run({ path: '../outside/secret.txt', old: 'OUTSIDE', new: 'PWNED' })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(fs.readFileSync(path.join(t.outside, 'secret.txt'), 'utf8')).toBe('OUTSIDE-SECRET\n');
    expect(await run({ path: 'nope.txt', old: 'a', new: 'b' })).toMatchObject({ ok: false, status: 404 });
  });

  it('is a card in ask mode, under propose, and for always-a-card files', () => {
    const ctx = (mode: 'ask' | 'edit' | 'run', acceptancePolicy: 'apply' | 'propose' = 'apply') =>
      toolContext(t, { agent: agent({ mode, acceptancePolicy }) });
    const args = { path: 'f.txt', old: '2', new: 'two' };
    expect(editTool.tierFor(args, ctx('ask'))).toMatchObject({ tier: 'gated' });
    expect(editTool.tierFor(args, ctx('run', 'propose'))).toMatchObject({
      tier: 'gated',
      reason: expect.stringMatching(/propose/),
    });
    expect(editTool.tierFor(args, ctx('edit'))).toMatchObject({ tier: 'auto' });
    fs.writeFileSync(path.join(t.ws, '.envrc'), 'export A=1\n');
    expect(editTool.tierFor({ path: '.envrc', old: 'A=1', new: 'A=2' }, ctx('run'))).toMatchObject({
      tier: 'gated',
      reason: expect.stringMatching(/always a card/),
    });
  });

  it('refuses after approval when the file changed meanwhile', async () => {
    const ctx = toolContext(t, { agent: agent({ acceptancePolicy: 'propose' }) });
    const args = { path: 'f.txt', old: 'three', new: '3' };
    const preview = await editTool.preview!(args, ctx);
    expect(preview.diff).toContain('+$&1 2 $&1 $& 3');
    fs.appendFileSync(path.join(t.ws, 'f.txt'), 'more\n');
    expect(await editTool.run(args, { ...ctx, approval: { baseHash: preview.baseHash ?? null } })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/changed while you were deciding/),
    });
    const fresh = await editTool.preview!(args, ctx);
    expect(await editTool.run(args, { ...ctx, approval: { baseHash: fresh.baseHash ?? null } })).toMatchObject({
      ok: true,
    });
  });
});
