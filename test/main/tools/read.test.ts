// The read tool (SPEC §6) and AC-4/AC-5 through the tool.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTool } from '../../../src/main/tools/read';
import { link, makeTree, toolContext, type Tree } from '../workspace/fixture';

let t: Tree;
beforeAll(() => {
  t = makeTree();
  fs.writeFileSync(
    path.join(t.ws, 'many.txt'),
    Array.from({ length: 5000 }, (_, i) => `line ${i + 1}`).join('\n') + '\n',
  );
  fs.writeFileSync(path.join(t.ws, 'wide.txt'), `${'x'.repeat(300 * 1024)}\nsecond\n`);
  fs.writeFileSync(path.join(t.ws, 'bin.dat'), Buffer.from([1, 2, 0, 3, 4]));
  fs.writeFileSync(path.join(t.ws, 'empty.txt'), '');
  link('src/lib/a.ts', path.join(t.ws, 'inside-link'));
  link(path.join(t.outside, 'secret.txt'), path.join(t.ws, 'outside-link'));
});
afterAll(() => t.cleanup());

const run = (args: Parameters<typeof readTool.run>[0]) => readTool.run(args, toolContext(t));

describe('read', () => {
  it('shows numbered lines and names the path', async () => {
    const r = await run({ path: 'src/lib/a.ts' });
    expect(r).toMatchObject({ ok: true });
    if (r.ok) {
      expect(r.text).toContain('src/lib/a.ts');
      expect(r.text).toContain('     1\texport const a = 1;');
      expect(r.data).toMatchObject({ path: path.join(t.ws, 'src/lib/a.ts') });
    }
  });

  it('stops at 2,000 lines and says where to continue; from/lines page', async () => {
    const r = await run({ path: 'many.txt' });
    if (!r.ok) throw new Error(r.error);
    expect(r.text.split('\n')).toHaveLength(2001);
    expect(r.text).toContain('from=2001');
    const page = await run({ path: 'many.txt', from: 4999, lines: 10 });
    if (!page.ok) throw new Error(page.error);
    expect(page.text).toContain('  4999\tline 4999');
    expect(page.text).toContain('  5000\tline 5000');
    expect(page.text).not.toContain('more follow');
  });

  it('stops at 200 KB', async () => {
    const r = await run({ path: 'wide.txt' });
    if (!r.ok) throw new Error(r.error);
    expect(r.text.length).toBeLessThan(210 * 1024);
    expect(r.text).toContain('more follow');
  });

  it('refuses a binary file with its size, and says when a file is empty', async () => {
    expect(await run({ path: 'bin.dat' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/binary file \(5 bytes\)/),
    });
    expect(await run({ path: 'empty.txt' })).toMatchObject({ ok: true, text: expect.stringMatching(/empty/) });
  });

  it('AC-4: a path outside the workspace is refused with 403', async () => {
    for (const p of ['../outside/secret.txt', path.join(t.outside, 'secret.txt'), '~/.ssh/id_rsa', '', 'a\0b']) {
      const r = await run({ path: p });
      expect(r, p).toMatchObject({ ok: false, status: 403 });
    }
  });

  it('AC-5: a link that leaves the workspace cannot be read; one that stays inside can', async () => {
    const out = await run({ path: 'outside-link' });
    expect(out).toMatchObject({ ok: false, status: 403 });
    if (!out.ok) expect(out.error).not.toContain('OUTSIDE-SECRET');
    const inside = await run({ path: 'inside-link' });
    expect(inside).toMatchObject({ ok: true, text: expect.stringContaining('export const a = 1;') });
  });

  it('refuses when the agent has no workspace', async () => {
    expect(await readTool.run({ path: 'README.md' }, toolContext(null))).toMatchObject({
      ok: false,
      status: 403,
      error: expect.stringMatching(/no workspace/),
    });
  });

  it('is auto in every mode', () => {
    for (const mode of ['ask', 'edit', 'run'] as const) {
      const ctx = toolContext(t);
      ctx.agent.mode = mode;
      expect(readTool.tierFor({ path: 'README.md' }, ctx)).toMatchObject({ tier: 'auto' });
    }
  });
});
