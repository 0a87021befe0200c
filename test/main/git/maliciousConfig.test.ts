// SPEC §6: no git action ever runs a program named by repository configuration, and none reads or
// writes outside the workspace and its own .git. Each vector plants a payload that would leave a
// marker file outside the workspace, then runs every action of the git tool.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGitTool } from '../../../src/main/tools/git';
import type { GitArgs } from '../../../src/main/git/actions';
import { makeFixture, removeFixture, type GitFixture } from './fixture';

const tool = createGitTool();
let fx: GitFixture;
afterEach(() => removeFixture(fx));

const EVERY_ACTION: GitArgs[] = [
  { action: 'status' },
  { action: 'diff' },
  { action: 'diff', stat: true },
  { action: 'log', limit: 5 },
  { action: 'branch' },
  { action: 'stash', op: 'list' },
  { action: 'branch', name: 'agent/work' },
  { action: 'commit', message: 'change a', paths: ['src/a.txt'] },
  { action: 'stash', op: 'push', message: 'parked' },
  { action: 'commit', message: 'everything', all: true },
];

/** Runs every action; a change is made before each so diff, commit and stash have work to do. */
async function runEveryAction(): Promise<Array<{ ok: boolean; error?: string }>> {
  const results = [];
  let n = 0;
  for (const args of EVERY_ACTION) {
    n += 1;
    fx.writeFile('src/a.txt', `one\ntwo\nchange ${n}\n`);
    fx.writeFile(`new-${n}.txt`, `new ${n}\n`);
    const result = await tool.run(args, fx.ctx('run'));
    results.push(result.ok ? { ok: true } : { ok: false, error: result.error });
  }
  return results;
}

function setConfig(key: string, value: string, file = path.join(fx.ws, '.git', 'config')): void {
  fx.setup(['config', '--file', file, key, value]);
}

async function expectRefusedEverywhere(key: string): Promise<void> {
  const results = await runEveryAction();
  for (const result of results) {
    expect(result.ok).toBe(false);
    expect(result.error).toContain(key);
  }
  expect(fx.markers()).toEqual([]);
}

describe('a malicious repository configuration runs nothing on any action', () => {
  it('core.fsmonitor', async () => {
    fx = makeFixture();
    setConfig('core.fsmonitor', fx.payload('fsmonitor'));
    await expectRefusedEverywhere('core.fsmonitor');
  });

  it('core.pager', async () => {
    fx = makeFixture();
    setConfig('core.pager', fx.payload('pager'));
    await expectRefusedEverywhere('core.pager');
  });

  it('pager.<command>', async () => {
    fx = makeFixture();
    setConfig('pager.log', fx.payload('pager-log'));
    await expectRefusedEverywhere('pager.log');
  });

  it('core.sshCommand', async () => {
    fx = makeFixture();
    setConfig('core.sshCommand', fx.payload('ssh'));
    await expectRefusedEverywhere('core.sshcommand');
  });

  it('diff.external', async () => {
    fx = makeFixture();
    setConfig('diff.external', fx.payload('external'));
    await expectRefusedEverywhere('diff.external');
  });

  it('diff.<driver>.textconv bound by .gitattributes', async () => {
    fx = makeFixture();
    fx.writeFile('.gitattributes', '*.txt diff=evil\n');
    setConfig('diff.evil.textconv', fx.payload('textconv'));
    await expectRefusedEverywhere('diff.evil.textconv');
  });

  it('diff.<driver>.command bound by .gitattributes', async () => {
    fx = makeFixture();
    fx.writeFile('.gitattributes', '*.txt diff=evil\n');
    setConfig('diff.evil.command', fx.payload('diffcommand'));
    await expectRefusedEverywhere('diff.evil.command');
  });

  for (const kind of ['clean', 'smudge', 'process'] as const) {
    it(`filter.<driver>.${kind} bound by .gitattributes`, async () => {
      fx = makeFixture();
      fx.writeFile('.gitattributes', '* filter=evil\n');
      setConfig(`filter.evil.${kind}`, fx.payload(`filter-${kind}`));
      await expectRefusedEverywhere(`filter.evil.${kind}`);
    });
  }

  it('merge.<driver>.driver', async () => {
    fx = makeFixture();
    fx.writeFile('.gitattributes', '* merge=evil\n');
    setConfig('merge.evil.driver', fx.payload('merge'));
    await expectRefusedEverywhere('merge.evil.driver');
  });

  it('commit.gpgSign with gpg.program', async () => {
    fx = makeFixture();
    setConfig('commit.gpgSign', 'true');
    setConfig('gpg.program', fx.payloadProgram('gpg'));
    await expectRefusedEverywhere('gpg.program');
  });

  it('credential.helper', async () => {
    fx = makeFixture();
    setConfig('credential.helper', `!${fx.payload('credential')}`);
    await expectRefusedEverywhere('credential.helper');
  });

  it('core.editor', async () => {
    fx = makeFixture();
    setConfig('core.editor', fx.payload('editor'));
    await expectRefusedEverywhere('core.editor');
  });

  it('empty core.hooksPath (git would look for hooks at the filesystem root)', async () => {
    fx = makeFixture();
    setConfig('core.hooksPath', '');
    await expectRefusedEverywhere('core.hookspath');
  });

  it('core.hooksPath pointing at an outside directory of hooks', async () => {
    fx = makeFixture();
    const hooks = path.join(fx.outside, 'hooks');
    fs.mkdirSync(hooks);
    for (const hook of ['pre-commit', 'post-commit', 'post-checkout']) {
      fs.writeFileSync(path.join(hooks, hook), `#!/bin/sh\n${fx.payload(hook)} </dev/null\n`, { mode: 0o755 });
    }
    setConfig('core.hooksPath', hooks);
    await expectRefusedEverywhere('core.hookspath');
  });

  it('include.path pulling in an outside file that sets core.fsmonitor', async () => {
    fx = makeFixture();
    const included = path.join(fx.outside, 'included.config');
    setConfig('core.fsmonitor', fx.payload('include-fsmonitor'), included);
    setConfig('filter.evil.clean', fx.payload('include-filter'), included);
    fx.writeFile('.gitattributes', '* filter=evil\n');
    setConfig('include.path', included);
    await expectRefusedEverywhere('include.path');
  });

  it('includeIf pulling in an outside file that sets a textconv', async () => {
    fx = makeFixture();
    const included = path.join(fx.outside, 'conditional.config');
    setConfig('diff.evil.textconv', fx.payload('includeif-textconv'), included);
    fx.writeFile('.gitattributes', '*.txt diff=evil\n');
    setConfig(`includeIf.gitdir:${fx.ws}/.path`, included);
    await expectRefusedEverywhere('includeif.gitdir:');
  });

  it('core.worktree pointing outside', async () => {
    fx = makeFixture();
    fs.writeFileSync(path.join(fx.outside, 'secret.txt'), 'outside\n');
    setConfig('core.worktree', fx.outside);
    await expectRefusedEverywhere('core.worktree');
    expect(fs.readdirSync(fx.outside).sort()).toEqual(['payload.sh', 'secret.txt']);
  });

  it('hook.<name>.command (configuration-defined hooks of newer git)', async () => {
    fx = makeFixture();
    setConfig('hook.evil.command', fx.payload('hook-command'));
    setConfig('hook.evil.event', 'pre-commit');
    await expectRefusedEverywhere('hook.evil.command');
  });
});

describe('a repository that is itself not the workspace is refused', () => {
  it('a .git file with gitdir: elsewhere is refused and the other repository is untouched', async () => {
    fx = makeFixture({ init: false });
    const elsewhere = path.join(fx.outside, 'real');
    fs.mkdirSync(elsewhere);
    fx.setup(['init', '--quiet', '--initial-branch=main'], elsewhere);
    fs.writeFileSync(path.join(fx.ws, '.git'), `gitdir: ${path.join(elsewhere, '.git')}\n`);
    fx.writeFile('a.txt', 'a\n');
    const before = fs.readdirSync(path.join(elsewhere, '.git')).sort();
    for (const result of await runEveryAction()) {
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(/\.git in the workspace is a file/);
    }
    expect(fs.readdirSync(path.join(elsewhere, '.git')).sort()).toEqual(before);
  });

  it('a .git link to another repository is refused', async () => {
    fx = makeFixture({ init: false });
    const elsewhere = path.join(fx.outside, 'real');
    fs.mkdirSync(elsewhere);
    fx.setup(['init', '--quiet'], elsewhere);
    fs.symlinkSync(path.join(elsewhere, '.git'), path.join(fx.ws, '.git'));
    const result = await tool.run({ action: 'status' }, fx.ctx());
    expect(result).toMatchObject({ ok: false, status: 403 });
    expect(!result.ok && result.error).toMatch(/link, not a directory/);
  });

  it('alternates reading objects from another repository are refused', async () => {
    fx = makeFixture();
    fs.writeFileSync(path.join(fx.ws, '.git', 'objects', 'info', 'alternates'), `${fx.outside}\n`);
    const result = await tool.run({ action: 'log' }, fx.ctx());
    expect(!result.ok && result.error).toMatch(/alternates makes git use another repository/);
  });

  it('a workspace that is a subfolder of a repository is refused, naming the repository', async () => {
    fx = makeFixture();
    const sub = path.join(fx.ws, 'src');
    const result = await tool.run({ action: 'status' }, fx.ctx('run', sub));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain(`the workspace is not a repository root; git would reach ${fx.ws}`);
  });
});
