// The write tool (SPEC §5, §6, seed 000): atomic, creates parents, diff + base hash, tiers, AC-4.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTool } from '../../../src/main/tools/write';
import { link, makeTree, toolContext, agent, type Tree } from '../workspace/fixture';

let t: Tree;
beforeAll(() => {
  t = makeTree();
  link(t.outside, path.join(t.ws, 'out-link'));
  link('src/lib/a.ts', path.join(t.ws, 'file-link'));
  link('src', path.join(t.ws, 'dir-link'));
});
afterAll(() => t.cleanup());

const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

describe('write', () => {
  it('creates parents, names the path and returns the diff and the hash of what it replaced', async () => {
    const created = await writeTool.run({ path: 'new/deep/file.txt', content: 'hello\n' }, toolContext(t));
    expect(created).toMatchObject({
      ok: true,
      data: { path: path.join(t.ws, 'new/deep/file.txt'), baseHash: null, created: true },
    });
    const replaced = await writeTool.run({ path: 'new/deep/file.txt', content: 'bye\n' }, toolContext(t));
    if (!replaced.ok) throw new Error(replaced.error);
    expect(replaced.text).toContain('new/deep/file.txt');
    expect(replaced.data).toMatchObject({ baseHash: sha('hello\n'), created: false });
    expect((replaced.data as { diff: string }).diff).toMatch(/-hello\n\+bye/);
    expect(fs.readFileSync(path.join(t.ws, 'new/deep/file.txt'), 'utf8')).toBe('bye\n');
    expect(fs.readdirSync(path.join(t.ws, 'new/deep'))).toEqual(['file.txt']);
  });

  it('writes through a directory link inside the workspace, never through a link at the destination', async () => {
    expect(await writeTool.run({ path: 'dir-link/via.txt', content: 'x' }, toolContext(t))).toMatchObject({ ok: true });
    expect(fs.readFileSync(path.join(t.ws, 'src/via.txt'), 'utf8')).toBe('x');
    expect(await writeTool.run({ path: 'file-link', content: 'x' }, toolContext(t))).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(fs.readFileSync(path.join(t.ws, 'src/lib/a.ts'), 'utf8')).toBe('export const a = 1;\n');
  });

  it('AC-4: a path outside is refused with 403 and the file outside is unchanged', async () => {
    const secret = path.join(t.outside, 'secret.txt');
    for (const p of [
      '../outside/secret.txt',
      secret,
      'out-link/secret.txt',
      '~/x',
      '',
      '.git/config',
      '.GIT/hooks/pre-commit',
    ]) {
      expect(await writeTool.run({ path: p, content: 'PWNED' }, toolContext(t)), p).toMatchObject({
        ok: false,
        status: 403,
      });
    }
    expect(fs.readFileSync(secret, 'utf8')).toBe('OUTSIDE-SECRET\n');
    expect(fs.existsSync(path.join(t.ws, '.git'))).toBe(false);
  });

  it('refuses when the file changed while the owner was deciding', async () => {
    const ctx = toolContext(t);
    const preview = await writeTool.preview!({ path: 'README.md', content: 'new\n' }, ctx);
    expect(preview).toMatchObject({ path: path.join(t.ws, 'README.md'), baseHash: sha('# project\n') });
    expect(preview.diff).toContain('+new');
    fs.writeFileSync(path.join(t.ws, 'README.md'), '# changed meanwhile\n');
    const r = await writeTool.run(
      { path: 'README.md', content: 'new\n' },
      { ...ctx, approval: { baseHash: preview.baseHash ?? null } },
    );
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/changed while you were deciding/) });
    expect(fs.readFileSync(path.join(t.ws, 'README.md'), 'utf8')).toBe('# changed meanwhile\n');
  });

  it('is a card in ask mode and for always-a-card files in every mode; never governed by the acceptance policy', () => {
    const ctx = (mode: 'ask' | 'edit' | 'run', acceptancePolicy: 'apply' | 'propose' = 'apply') =>
      toolContext(t, { agent: agent({ mode, acceptancePolicy }) });
    expect(writeTool.tierFor({ path: 'x.ts', content: '' }, ctx('ask'))).toMatchObject({ tier: 'gated' });
    expect(writeTool.tierFor({ path: 'x.ts', content: '' }, ctx('edit', 'propose'))).toMatchObject({ tier: 'auto' });
    expect(writeTool.tierFor({ path: 'x.ts', content: '' }, ctx('run'))).toMatchObject({ tier: 'auto' });
    for (const mode of ['ask', 'edit', 'run'] as const) {
      expect(writeTool.tierFor({ path: '.vscode/tasks.json', content: '' }, ctx(mode))).toMatchObject({
        tier: 'gated',
        reason: expect.stringMatching(/always a card/),
      });
    }
    // Through a link inside the workspace that lands on an always-a-card directory.
    fs.mkdirSync(path.join(t.ws, '.github', 'workflows'), { recursive: true });
    link('.github/workflows', path.join(t.ws, 'wf'));
    expect(writeTool.tierFor({ path: 'wf/ci.yml', content: '' }, ctx('run'))).toMatchObject({ tier: 'gated' });
    expect(writeTool.effects.replaySafe).toBe(false);
  });
});
