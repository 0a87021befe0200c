// The second layer: even without the repository check, the hardened environment and `-c`
// overrides stop what a `-c` can stop. Each vector first proves its payload really fires under
// plain git (so an absent marker means something), then runs the hardened git on it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnGit } from '../../../src/main/git/runner';
import { createGitTool } from '../../../src/main/tools/git';
import { GIT, makeFixture, removeFixture, type GitFixture } from './fixture';

let fx: GitFixture;
afterEach(() => removeFixture(fx));

function hardened(args: string[]) {
  return spawnGit({
    gitBinary: GIT,
    workspace: fx.ws,
    dataDir: fx.dataDir,
    args,
    extraConfig: [
      ['user.name', 'T'],
      ['user.email', 't@x.invalid'],
    ],
  });
}

/** Plain git as an unprotected tool would run it, to prove the payload fires. */
function plain(args: string[]): void {
  try {
    execFileSync(GIT, args, {
      cwd: fx.ws,
      stdio: 'ignore',
      env: {
        PATH: process.env.PATH,
        HOME: fx.home,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_PAGER: '',
        PAGER: '',
        GIT_AUTHOR_NAME: 'a',
        GIT_AUTHOR_EMAIL: 'a@x',
        GIT_COMMITTER_NAME: 'a',
        GIT_COMMITTER_EMAIL: 'a@x',
      },
    });
  } catch {
    // Some payloads make git fail after they ran; only the marker matters.
  }
}

function config(key: string, value: string): void {
  fx.setup(['config', '--file', path.join(fx.ws, '.git', 'config'), key, value]);
}

function resetMarkers(): void {
  for (const marker of fx.markers()) fs.rmSync(path.join(fx.outside, marker));
}

describe('the -c overrides hold without the repository check', () => {
  it('core.fsmonitor is not run by status', async () => {
    fx = makeFixture();
    config('core.fsmonitor', fx.payload('fsmonitor'));
    plain(['status']);
    expect(fx.markers()).toEqual(['marker-fsmonitor']);
    resetMarkers();
    expect((await hardened(['status', '--short'])).exitCode).toBe(0);
    expect(fx.markers()).toEqual([]);
  });

  it('core.pager is not run by log', async () => {
    fx = makeFixture();
    config('core.pager', fx.payload('pager'));
    // A pager starts only on a terminal: util-linux `script` gives plain git one.
    execFileSync('script', ['-qec', `${GIT} log`, '/dev/null'], {
      cwd: fx.ws,
      stdio: 'ignore',
      env: {
        PATH: process.env.PATH,
        HOME: fx.home,
        TERM: 'dumb',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
      },
    });
    expect(fx.markers()).toEqual(['marker-pager']);
    resetMarkers();
    expect((await hardened(['log', '--oneline'])).exitCode).toBe(0);
    expect(fx.markers()).toEqual([]);
  });

  it('diff.external and diff.<driver>.textconv are not run by diff or log -p', async () => {
    fx = makeFixture();
    fx.writeFile('.gitattributes', '*.txt diff=evil\n');
    config('diff.evil.textconv', fx.payload('textconv'));
    fx.writeFile('src/a.txt', 'changed\n');
    plain(['diff']);
    expect(fx.markers()).toEqual(['marker-textconv']);
    resetMarkers();
    config('diff.external', fx.payload('external'));
    expect((await hardened(['diff', '--no-ext-diff', '--no-textconv'])).stdout).toContain('+changed');
    expect((await hardened(['log', '-p', '--no-ext-diff', '--no-textconv', '-1'])).exitCode).toBe(0);
    expect(fx.markers()).toEqual([]);
  });

  it('commit.gpgSign with gpg.program signs nothing and runs nothing', async () => {
    fx = makeFixture();
    config('commit.gpgSign', 'true');
    config('gpg.program', fx.payloadProgram('gpg'));
    fx.writeFile('src/a.txt', 'changed\n');
    plain(['commit', '-am', 'x']);
    expect(fx.markers()).toEqual(['marker-gpg']);
    resetMarkers();
    fx.writeFile('src/a.txt', 'changed again\n');
    const run = await hardened(['commit', '--no-verify', '-am', 'y']);
    expect(run.exitCode).toBe(0);
    expect(fx.markers()).toEqual([]);
  });

  it('an empty core.hooksPath does not send git to the filesystem root', async () => {
    fx = makeFixture();
    config('core.hooksPath', '');
    fx.writeFile('src/a.txt', 'changed\n');
    // Without the check, the override still names Paddock's empty directory, and commit succeeds.
    expect((await hardened(['commit', '-am', 'y'])).exitCode).toBe(0);
    expect(fx.markers()).toEqual([]);
  });

  it('core.worktree is overridden by the explicit work tree', async () => {
    fx = makeFixture();
    fs.writeFileSync(path.join(fx.outside, 'outside-file.txt'), 'x\n');
    config('core.worktree', fx.outside);
    const run = await hardened(['status', '--short', '--untracked-files=all']);
    expect(run.stdout).not.toContain('outside-file.txt');
    expect(run.stdout).not.toContain('payload.sh');
  });
});

describe('hooks in .git/hooks never run (no configuration involved, so the tool runs the action)', () => {
  for (const hook of [
    'pre-commit',
    'commit-msg',
    'post-commit',
    'prepare-commit-msg',
    'post-checkout',
    'reference-transaction',
    'post-index-change',
  ]) {
    it(`${hook}`, async () => {
      fx = makeFixture();
      fs.mkdirSync(path.join(fx.ws, '.git', 'hooks'), { recursive: true });
      fs.writeFileSync(path.join(fx.ws, '.git', 'hooks', hook), `#!/bin/sh\n${fx.payload(hook)} </dev/null\n`, {
        mode: 0o755,
      });
      fx.writeFile('src/a.txt', 'changed\n');
      plain(['commit', '-am', 'control']);
      plain(['switch', '-c', 'control-branch']);
      plain(['update-index', '--refresh']);
      // The control: plain git did run this hook on commit or switch.
      expect(fx.markers()).toEqual([`marker-${hook}`]);
      resetMarkers();
      const tool = createGitTool();
      fx.writeFile('src/a.txt', 'changed again\n');
      expect((await tool.run({ action: 'commit', message: 'm', paths: ['src/a.txt'] }, fx.ctx('run'))).ok).toBe(true);
      expect((await tool.run({ action: 'branch', name: 'next' }, fx.ctx('run'))).ok).toBe(true);
      fx.writeFile('src/a.txt', 'stash me\n');
      expect((await tool.run({ action: 'stash', op: 'push' }, fx.ctx('run'))).ok).toBe(true);
      expect(fx.markers()).toEqual([]);
    });
  }
});

describe('the environment is built from nothing', () => {
  it('carries no variable of Paddock or the owner, and names the repository explicitly', async () => {
    const { gitEnvironment, gitDirectories } = await import('../../../src/main/git/hardening');
    fx = makeFixture({ init: false });
    process.env.PADDOCK_TEST_SECRET = 'leak';
    const env = gitEnvironment({ gitBinary: GIT, dirs: gitDirectories(fx.dataDir), workspace: fx.ws, readOnly: true });
    delete process.env.PADDOCK_TEST_SECRET;
    expect(Object.values(env)).not.toContain('leak');
    expect(env).toMatchObject({
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_TERMINAL_PROMPT: '0',
      GIT_DIR: path.join(fx.ws, '.git'),
      GIT_WORK_TREE: fx.ws,
      GIT_OPTIONAL_LOCKS: '0',
    });
    expect(env.HOME?.startsWith(fx.dataDir)).toBe(true);
    for (const key of ['GIT_ASKPASS', 'SSH_ASKPASS', 'GIT_EXTERNAL_DIFF', 'GIT_SSH_COMMAND', 'SSH_AUTH_SOCK'])
      expect(env[key]).toBeUndefined();
  });

  it('a file placed in the empty hooks directory stops every git action', async () => {
    fx = makeFixture();
    const hooks = path.join(fx.dataDir, 'developer', 'empty-hooks');
    fs.mkdirSync(hooks, { recursive: true });
    fs.writeFileSync(path.join(hooks, 'pre-commit'), `#!/bin/sh\n${fx.payload('planted')}\n`, { mode: 0o755 });
    const result = await createGitTool().run({ action: 'status' }, fx.ctx());
    expect(!result.ok && result.error).toMatch(/empty hooks directory .* is not empty/);
    expect(fx.markers()).toEqual([]);
  });
});
