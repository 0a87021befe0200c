// SPEC §6: no git action reads outside the workspace and its own .git. A process the agent started can
// make entries inside .git links to another project's repository; git would follow them, and a read
// (auto in every mode) would print that repository's history and files. Each placement is refused;
// ordinary repositories (loose and packed objects, packed refs, a clone) still work.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findLinkInGitDir } from '../../../src/main/git/gitDirLinks';
import { createGitTool } from '../../../src/main/tools/git';
import { makeFixture, removeFixture, type GitFixture } from './fixture';

const tool = createGitTool();
let fx: GitFixture;
/** Another project of the owner's, with a secret in its history. */
let other: string;

beforeEach(() => {
  fx = makeFixture();
  other = path.join(fx.home, 'other-project');
  fs.mkdirSync(other);
  fs.writeFileSync(path.join(other, 'credentials.env'), 'API_TOKEN=OTHER-PROJECT-SECRET\n');
  fx.setup(['init', '--quiet', '--initial-branch=main'], other);
  fx.setup(['add', '-A'], other);
  fx.setup(['commit', '--quiet', '-m', 'secret commit'], other);
  fx.setup(['gc', '--quiet'], other);
});
afterEach(() => removeFixture(fx));

function replaceWithLink(rel: string, target: string): void {
  const at = path.join(fx.ws, '.git', rel);
  fs.rmSync(at, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(at), { recursive: true });
  fs.symlinkSync(target, at);
}

async function expectRefused(link: string | RegExp): Promise<void> {
  for (const args of [
    { action: 'log' as const },
    { action: 'diff' as const, staged: true },
    { action: 'status' as const },
  ]) {
    const result = await tool.run(args, fx.ctx('ask'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(typeof link === 'string' ? `${link} is a link` : link);
    expect(result.error).not.toContain('OTHER-PROJECT-SECRET');
    expect(result.error).not.toContain('secret commit');
  }
}

describe('links inside .git', () => {
  it('refuses the attack as reported: objects, refs and index linked to another repository', async () => {
    for (const name of ['objects', 'refs', 'index']) replaceWithLink(name, path.join(other, '.git', name));
    await expectRefused(/\.git\/(objects|refs|index) is a link/);
  });

  const placements: Array<[string, () => string]> = [
    ['objects', () => path.join(other, '.git', 'objects')],
    ['refs', () => path.join(other, '.git', 'refs')],
    ['index', () => path.join(other, '.git', 'index')],
    ['HEAD', () => path.join(other, '.git', 'HEAD')],
    ['packed-refs', () => path.join(other, '.git', 'packed-refs')],
    ['logs', () => path.join(other, '.git', 'logs')],
    ['info', () => path.join(other, '.git', 'info')],
    ['modules', () => path.join(other, '.git')],
    ['worktrees', () => path.join(other, '.git')],
    ['objects/pack', () => path.join(other, '.git', 'objects', 'pack')],
    ['objects/info', () => path.join(other, '.git', 'objects', 'info')],
    ['refs/heads', () => path.join(other, '.git', 'refs', 'heads')],
    ['refs/heads/main', () => path.join(other, '.git', 'refs', 'heads', 'main')],
    ['refs/tags/deep/er', () => path.join(other, '.git', 'packed-refs')],
    ['logs/HEAD', () => path.join(other, '.git', 'logs', 'HEAD')],
  ];
  for (const [rel, target] of placements) {
    it(`refuses a link at .git/${rel}`, async () => {
      replaceWithLink(rel, target());
      await expectRefused(`.git/${rel}`);
    });
  }

  it('refuses a link at a fan-out directory and at a loose object', async () => {
    const objects = path.join(fx.ws, '.git', 'objects');
    const fanOut = fs.readdirSync(objects).find((name) => /^[0-9a-f]{2}$/.test(name)) as string;
    const loose = fs.readdirSync(path.join(objects, fanOut))[0];
    replaceWithLink(`objects/${fanOut}/${loose}`, path.join(other, 'credentials.env'));
    await expectRefused(`.git/objects/${fanOut}/${loose}`);
    replaceWithLink(`objects/${fanOut}`, path.join(other, '.git', 'objects'));
    await expectRefused(`.git/objects/${fanOut}`);
  });

  it('refuses a link at a pack file', async () => {
    fx.setup(['gc', '--quiet']);
    const pack = path.join(fx.ws, '.git', 'objects', 'pack');
    const idx = fs.readdirSync(pack).find((name) => name.endsWith('.idx')) as string;
    replaceWithLink(`objects/pack/${idx}`, path.join(other, 'credentials.env'));
    await expectRefused(`.git/objects/pack/${idx}`);
  });

  it('still reads and commits in an ordinary repository: loose objects, then packed objects and refs', async () => {
    fx.writeFile('src/a.txt', 'one\ntwo\nthree\n');
    const diff = await tool.run({ action: 'diff' }, fx.ctx('run'));
    expect(diff.ok && diff.text).toContain('+three');
    expect((await tool.run({ action: 'commit', message: 'loose', all: true }, fx.ctx('run'))).ok).toBe(true);
    fx.setup(['gc', '--quiet']);
    fx.setup(['pack-refs', '--all']);
    const log = await tool.run({ action: 'log' }, fx.ctx('ask'));
    expect(log.ok && log.text).toContain('loose');
    expect(log.ok && log.text).toContain('first');
    fx.writeFile('src/a.txt', 'four\n');
    expect((await tool.run({ action: 'commit', message: 'after packing', all: true }, fx.ctx('run'))).ok).toBe(true);
    const status = await tool.run({ action: 'status' }, fx.ctx('ask'));
    expect(status.ok).toBe(true);
  });

  it('works in a clone (packed objects and refs, no worktrees directory)', async () => {
    const clone = path.join(fx.root, 'clone');
    fx.setup(['clone', '--quiet', '--no-hardlinks', other, clone], fx.root);
    expect(fs.existsSync(path.join(clone, '.git', 'worktrees'))).toBe(false);
    const log = await tool.run({ action: 'log' }, fx.ctx('ask', clone));
    expect(log.ok && log.text).toContain('secret commit');
    const branch = await tool.run({ action: 'branch' }, fx.ctx('ask', clone));
    expect(branch.ok && branch.text).toContain('main');
  });

  it('refuses a .git with more entries than the bound, with a way out', () => {
    expect(findLinkInGitDir(path.join(fx.ws, '.git'), 5)).toEqual({ ok: false, tooMany: true });
    expect(findLinkInGitDir(path.join(fx.ws, '.git'))).toEqual({ ok: true });
  });
});
