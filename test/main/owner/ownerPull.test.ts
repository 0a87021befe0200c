// Issue 14 §2, SPEC §6: the owner's Pull goes through the hardened git runner like every other git
// action. A run-mode script can write .git/config; each vector plants a payload that would leave a
// marker file outside the workspace, and the owner's Pull (through the real window call) runs none.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiRouter } from '../../../src/main/api/router';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

const GIT_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Owner',
  GIT_AUTHOR_EMAIL: 'owner@example.invalid',
  GIT_COMMITTER_NAME: 'Owner',
  GIT_COMMITTER_EMAIL: 'owner@example.invalid',
};
const git = (cwd: string, args: string[]): string =>
  execFileSync('git', args, { cwd, env: { ...GIT_ENV, HOME: cwd }, encoding: 'utf8' });

async function setup() {
  const root = temp.make();
  const { core } = await buildTestCore(root);
  const router = createApiRouter(core.api, { host: 'web', version: 't' }, () => undefined);
  const call = (name: string, request: unknown) => router(name, request, { trusted: true, describe: 'test window' });
  const upstream = path.join(root, 'upstream');
  const workspace = path.join(root, 'project');
  const outside = path.join(root, 'outside');
  fs.mkdirSync(outside);
  fs.mkdirSync(upstream);
  git(upstream, ['init', '--quiet', '--initial-branch=main']);
  fs.writeFileSync(path.join(upstream, 'a.txt'), 'one\n');
  git(upstream, ['add', '-A']);
  git(upstream, ['commit', '--quiet', '-m', 'first']);
  git(root, ['clone', '--quiet', upstream, workspace]);
  // The upstream moves on, so the Pull has a fast-forward to make (and hooks and filters to trigger).
  fs.writeFileSync(path.join(upstream, 'a.txt'), 'one\ntwo\n');
  fs.writeFileSync(path.join(upstream, 'b.txt'), 'new\n');
  git(upstream, ['add', '-A']);
  git(upstream, ['commit', '--quiet', '-m', 'second']);
  const agent = core.agents.list()[0]!;
  expect((await call('workspaces.set', { agentId: agent.id, directory: workspace })).ok).toBe(true);
  const script = path.join(outside, 'payload.sh');
  fs.writeFileSync(script, `#!/bin/sh\ntouch "${outside}/marker-$1"\ncat\n`, { mode: 0o755 });
  return {
    workspace,
    root,
    upstream,
    agentId: agent.id,
    call,
    pull: () => call('owner.pull', { agentId: agent.id }),
    summary: () => call('summary.get', { agentId: agent.id }),
    payload: (name: string) => `${script} ${name}`,
    markers: () => fs.readdirSync(outside).filter((f) => f.startsWith('marker-')),
    setConfig: (key: string, value: string) =>
      git(workspace, ['config', '--file', path.join(workspace, '.git', 'config'), key, value]),
  };
}

describe("the owner's Pull runs nothing the workspace planted", () => {
  it('a clean repository fast-forwards through the hardened runner', async () => {
    const s = await setup();
    const result = await s.pull();
    expect(result).toMatchObject({ ok: true, value: { ok: true } });
    expect(fs.readFileSync(path.join(s.workspace, 'b.txt'), 'utf8')).toBe('new\n');
  });

  it('core.fsmonitor', async () => {
    const s = await setup();
    s.setConfig('core.fsmonitor', s.payload('fsmonitor'));
    const result = await s.pull();
    expect(result).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(JSON.stringify(result)).toContain('core.fsmonitor');
    expect(s.markers()).toEqual([]);
    expect(fs.existsSync(path.join(s.workspace, 'b.txt'))).toBe(false);
  });

  it("the owner's Summary with every vector planted at once", async () => {
    const s = await setup();
    s.setConfig('core.fsmonitor', s.payload('fsmonitor'));
    fs.writeFileSync(path.join(s.workspace, '.gitattributes'), '* filter=evil diff=evil\n');
    s.setConfig('filter.evil.clean', s.payload('clean'));
    s.setConfig('diff.evil.textconv', s.payload('textconv'));
    fs.writeFileSync(path.join(s.workspace, 'a.txt'), 'changed\n');
    await s.summary();
    expect(s.markers()).toEqual([]);
  });

  it('a smudge filter bound by .gitattributes', async () => {
    const s = await setup();
    fs.writeFileSync(path.join(s.workspace, '.gitattributes'), '* filter=evil\n');
    s.setConfig('filter.evil.smudge', s.payload('smudge'));
    const result = await s.pull();
    expect(JSON.stringify(result)).toContain('filter.evil.smudge');
    expect(s.markers()).toEqual([]);
  });

  it('hooks from core.hooksPath: post-merge, post-index-change, reference-transaction', async () => {
    const s = await setup();
    const hooks = path.join(path.dirname(s.workspace), 'planted-hooks');
    fs.mkdirSync(hooks);
    for (const hook of ['post-merge', 'post-index-change', 'reference-transaction', 'post-checkout']) {
      fs.writeFileSync(path.join(hooks, hook), `#!/bin/sh\n${s.payload(hook)} </dev/null\n`, { mode: 0o755 });
    }
    s.setConfig('core.hooksPath', hooks);
    const result = await s.pull();
    expect(JSON.stringify(result)).toContain('core.hookspath');
    expect(s.markers()).toEqual([]);
  });

  it('hooks planted in .git/hooks do not run on a Pull that goes ahead', async () => {
    const s = await setup();
    for (const hook of ['post-merge', 'post-index-change', 'reference-transaction']) {
      fs.writeFileSync(path.join(s.workspace, '.git', 'hooks', hook), `#!/bin/sh\n${s.payload(hook)} </dev/null\n`, {
        mode: 0o755,
      });
    }
    const result = await s.pull();
    expect(result).toMatchObject({ ok: true, value: { ok: true } });
    expect(fs.existsSync(path.join(s.workspace, 'b.txt'))).toBe(true);
    expect(s.markers()).toEqual([]);
  });

  it('an ext:: remote is never used', async () => {
    const s = await setup();
    git(s.workspace, [
      'remote',
      'set-url',
      'origin',
      `ext::sh -c "touch ${path.dirname(s.payload('x').split(' ')[0]!)}/marker-ext"`,
    ]);
    const result = await s.pull();
    expect(result).toMatchObject({ ok: true, value: { ok: false } });
    expect(s.markers()).toEqual([]);
  });
});

describe("the owner's clone runs nothing planted, in the repository or in Paddock's own git configuration", () => {
  it('a filter bound by the cloned .gitattributes, and hooks, fsmonitor and filters in the global config Paddock was started with', async () => {
    const s = await setup();
    fs.writeFileSync(path.join(s.upstream, '.gitattributes'), '* filter=evil\n');
    git(s.upstream, ['add', '-A']);
    git(s.upstream, ['commit', '--quiet', '-m', 'attributes']);
    fs.writeFileSync(
      path.join(s.upstream, '.git', 'hooks', 'post-checkout'),
      `#!/bin/sh\n${s.payload('upstream-hook')} </dev/null\n`,
      { mode: 0o755 },
    );
    const hooks = path.join(s.root, 'global-hooks');
    fs.mkdirSync(hooks);
    fs.writeFileSync(path.join(hooks, 'post-checkout'), `#!/bin/sh\n${s.payload('global-hook')} </dev/null\n`, {
      mode: 0o755,
    });
    const global = path.join(s.root, 'global.gitconfig');
    fs.writeFileSync(
      global,
      `[filter "evil"]\n\tsmudge = ${s.payload('smudge')}\n\trequired = true\n[core]\n\thooksPath = ${hooks}\n\tfsmonitor = ${s.payload('fsmonitor')}\n`,
    );
    const saved = process.env.GIT_CONFIG_GLOBAL;
    process.env.GIT_CONFIG_GLOBAL = global;
    try {
      const result = await s.call('repositories.clone', { agentId: s.agentId, url: `file://${s.upstream}` });
      expect(result).toMatchObject({ ok: true });
    } finally {
      if (saved === undefined) delete process.env.GIT_CONFIG_GLOBAL;
      else process.env.GIT_CONFIG_GLOBAL = saved;
    }
    expect(s.markers()).toEqual([]);
  });
});
