// The git tool on a real repository: each action, the tiers of seed 003 §4, pathspec scoping, init.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGitTool, tierFor } from '../../../src/main/tools/git';
import { gitArgsSchema, type GitArgs } from '../../../src/main/git/actions';
import { makeFixture, removeFixture, type GitFixture } from './fixture';

const tool = createGitTool();
let fx: GitFixture;
afterEach(() => removeFixture(fx));

async function ok(args: GitArgs, mode: 'ask' | 'edit' | 'run' = 'run'): Promise<string> {
  const result = await tool.run(gitArgsSchema.parse(args), fx.ctx(mode));
  if (!result.ok) throw new Error(result.error);
  return result.text;
}

describe('each action on a real repository', () => {
  it('status, diff, log, branch list', async () => {
    fx = makeFixture();
    fx.writeFile('src/a.txt', 'one\nTWO\n');
    fx.writeFile('fresh.txt', 'x\n');
    expect(await ok({ action: 'status' })).toMatch(/## main[\s\S]*M src\/a\.txt[\s\S]*\?\? fresh\.txt/);
    const diff = await ok({ action: 'diff' });
    expect(diff).toContain('-two');
    expect(diff).toContain('+TWO');
    expect(await ok({ action: 'diff', stat: true })).toContain('src/a.txt | 2 +-');
    expect(await ok({ action: 'log' })).toMatch(/[0-9a-f]{7} \d{4}-\d\d-\d\d Owner first/);
    expect(await ok({ action: 'branch' })).toContain('* main');
    expect(await ok({ action: 'status', paths: ['fresh.txt'] })).not.toContain('src/a.txt');
  });

  it('branch create switches at HEAD and leaves the working tree alone', async () => {
    fx = makeFixture();
    fx.writeFile('src/a.txt', 'edited\n');
    await ok({ action: 'branch', name: 'agent/feature-1' });
    expect(fx.setup(['branch', '--show-current']).trim()).toBe('agent/feature-1');
    expect(fs.readFileSync(path.join(fx.ws, 'src/a.txt'), 'utf8')).toBe('edited\n');
  });

  it('branch names that are options or ref tricks are refused', async () => {
    fx = makeFixture();
    for (const name of ['-D', '--force', 'a..b', 'x@{1}', '.hidden', 'a/.b', 'x.lock', 'a b', 'HEAD', 'a//b', 'end/']) {
      const result = await tool.run({ action: 'branch', name }, fx.ctx());
      expect(result.ok, name).toBe(false);
    }
  });

  it('commit of named paths commits only those, as the agent when the repository names nobody', async () => {
    fx = makeFixture();
    fx.writeFile('src/a.txt', 'edited\n');
    fx.writeFile('other.txt', 'not this\n');
    fx.writeFile('new/file.txt', 'new\n');
    await ok({ action: 'commit', message: 'edit a', paths: ['src/a.txt', 'new'] });
    expect(fx.setup(['log', '-1', '--format=%an <%ae>|%s']).trim()).toBe('Dev (Paddock) <dev@paddock.invalid>|edit a');
    expect(fx.setup(['show', '--name-only', '--format=', 'HEAD']).trim().split('\n').sort()).toEqual([
      'new/file.txt',
      'src/a.txt',
    ]);
    expect(fx.setup(['status', '--short'])).toContain('?? other.txt');
  });

  it("commit uses the repository's own identity when it has one", async () => {
    fx = makeFixture();
    fx.setup(['config', 'user.name', 'Repo Person']);
    fx.setup(['config', 'user.email', 'repo@example.invalid']);
    fx.writeFile('src/a.txt', 'edited\n');
    await ok({ action: 'commit', message: 'm', paths: ['src/a.txt'] });
    expect(fx.setup(['log', '-1', '--format=%an']).trim()).toBe('Repo Person');
  });

  it('commit all stages additions and deletions', async () => {
    fx = makeFixture();
    fs.rmSync(path.join(fx.ws, 'README.md'));
    fx.writeFile('added.txt', 'a\n');
    await ok({ action: 'commit', message: 'all', all: true });
    expect(fx.setup(['status', '--short']).trim()).toBe('');
    expect(fx.setup(['show', '--name-status', '--format=', 'HEAD'])).toMatch(
      /D\s+README\.md[\s\S]*A\s+added\.txt|A\s+added\.txt[\s\S]*D\s+README\.md/,
    );
  });

  it('commit all in a repository at the owner home refuses a change inside the deny list', async () => {
    fx = makeFixture();
    const ctx = fx.ctx('run');
    ctx.home = fx.ws;
    fx.writeFile('.ssh/id_ed25519', 'PRIVATE KEY\n');
    const result = await tool.run({ action: 'commit', message: 'oops', all: true }, ctx);
    expect(result.ok).toBe(false);
    expect(fx.setup(['log', '--format=%s']).trim()).toBe('first');
  });

  it('stash push and list; pop and apply are not offered', async () => {
    fx = makeFixture();
    fx.writeFile('src/a.txt', 'parked\n');
    await ok({ action: 'stash', op: 'push', message: 'park it' });
    expect(fs.readFileSync(path.join(fx.ws, 'src/a.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(await ok({ action: 'stash', op: 'list' })).toContain('park it');
    expect(gitArgsSchema.safeParse({ action: 'stash', op: 'pop' }).success).toBe(false);
    for (const action of ['push', 'reset', 'checkout', 'rebase', 'merge']) {
      expect(gitArgsSchema.safeParse({ action }).success, action).toBe(false);
    }
  });

  it('init makes a repository without sample hooks, and is refused inside an existing one', async () => {
    fx = makeFixture({ init: false });
    expect(await ok({ action: 'init' })).toContain('initialised');
    expect(fs.statSync(path.join(fx.ws, '.git')).isDirectory()).toBe(true);
    expect(fs.existsSync(path.join(fx.ws, '.git', 'hooks'))).toBe(false);
    const again = await tool.run({ action: 'init' }, fx.ctx());
    expect(!again.ok && again.error).toMatch(/already a git repository/);
    fs.mkdirSync(path.join(fx.ws, 'nested'));
    const nested = await tool.run({ action: 'init' }, fx.ctx('run', path.join(fx.ws, 'nested')));
    expect(!nested.ok && nested.error).toContain(`is inside the repository at ${fx.ws}`);
    expect(fs.existsSync(path.join(fx.ws, 'nested', '.git'))).toBe(false);
  });
});

describe('pathspecs are scoped to the workspace', () => {
  const outsideSpecs = ['../outside', '/etc/passwd', '~/x', 'src/../../x', '.git/config', 'src/.GIT/x', ''];
  for (const spec of outsideSpecs) {
    it(`refuses ${JSON.stringify(spec)}`, async () => {
      fx = makeFixture();
      for (const args of [
        { action: 'status', paths: [spec] },
        { action: 'diff', paths: [spec] },
        { action: 'commit', message: 'm', paths: [spec] },
      ] as GitArgs[]) {
        const result = await tool.run(args, fx.ctx());
        expect(result).toMatchObject({ ok: false, status: 403 });
      }
    });
  }

  it('pathspec magic is read literally', async () => {
    fx = makeFixture();
    fx.writeFile('src/a.txt', 'edited\n');
    // With magic, ":(top)" or a glob would match src/a.txt; literally, they match nothing.
    expect(await ok({ action: 'diff', paths: [':(top)src'] })).not.toContain('edited');
    expect(await ok({ action: 'diff', paths: ['src/*.txt'] })).not.toContain('edited');
  });

  it('a symlink inside the workspace pointing outside is refused as a pathspec', async () => {
    fx = makeFixture();
    fs.symlinkSync(fx.outside, path.join(fx.ws, 'escape'));
    const result = await tool.run({ action: 'commit', message: 'm', paths: ['escape/payload.sh'] }, fx.ctx());
    expect(result).toMatchObject({ ok: false, status: 403 });
  });
});

describe('tiers (seed 003 §4)', () => {
  const table: Array<[GitArgs, 'ask' | 'edit' | 'run', 'auto' | 'gated']> = [
    [{ action: 'status' }, 'ask', 'auto'],
    [{ action: 'diff' }, 'ask', 'auto'],
    [{ action: 'log' }, 'ask', 'auto'],
    [{ action: 'branch' }, 'ask', 'auto'],
    [{ action: 'stash', op: 'list' }, 'ask', 'auto'],
    [{ action: 'init' }, 'ask', 'gated'],
    [{ action: 'init' }, 'edit', 'gated'],
    [{ action: 'init' }, 'run', 'gated'],
    [{ action: 'branch', name: 'x' }, 'ask', 'gated'],
    [{ action: 'branch', name: 'x' }, 'edit', 'auto'],
    [{ action: 'branch', name: 'x' }, 'run', 'auto'],
    [{ action: 'commit', message: 'm', all: true }, 'ask', 'gated'],
    [{ action: 'commit', message: 'm', all: true }, 'edit', 'gated'],
    [{ action: 'commit', message: 'm', all: true }, 'run', 'auto'],
    [{ action: 'stash', op: 'push' }, 'ask', 'gated'],
    [{ action: 'stash', op: 'push' }, 'edit', 'auto'],
    [{ action: 'stash', op: 'push' }, 'run', 'auto'],
  ];
  for (const [args, mode, tier] of table) {
    it(`${JSON.stringify(args)} in ${mode} is ${tier}`, () => {
      fx = makeFixture({ init: false });
      const decision = tierFor(args, fx.ctx(mode));
      expect(decision.tier).toBe(tier);
      expect(decision.reason.length).toBeGreaterThan(10);
    });
  }

  it('no workspace is gated, and run refuses', async () => {
    fx = makeFixture({ init: false });
    expect(tierFor({ action: 'status' }, fx.ctx('run', null)).tier).toBe('gated');
    expect(await tool.run({ action: 'status' }, fx.ctx('run', null))).toMatchObject({ ok: false });
  });

  it('a workspace with no git binary is refused', async () => {
    fx = makeFixture();
    const ctx = fx.ctx('run');
    if (ctx.workspace) ctx.workspace.gitBinary = null;
    const result = await tool.run({ action: 'status' }, ctx);
    expect(!result.ok && result.error).toMatch(/no git binary/);
  });
});
