// git that writes the working tree (the git tool's stash push and init, the owner's Pull) never runs
// while a long-lived contained process runs in the workspace: that process could swap a folder for a
// link while git writes, and git would write through it (a stash push wrote the owner's .git/config,
// a Pull wrote into ~/.ssh). The refusal names what to do; once the process ends, git runs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGitTool } from '../../../src/main/tools/git';
import { sandboxStatus, testSandbox } from '../../support/sandbox';
import { createTempDirs } from '../../support/tempDirs';
import { toolContext } from '../processes/helpers';

const temp = createTempDirs('paddock-writers-wait-');
afterEach(() => temp.cleanup());
const GIT = '/usr/bin/git';

describe.skipIf(!sandboxStatus().available)('git that writes the working tree waits for no long-lived process', () => {
  it('stash push and init are refused while one runs in the workspace, and run once it ended', async () => {
    const root = temp.make();
    const home = path.join(root, 'home');
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(home, { recursive: true });
    const ws = path.join(root, 'project');
    fs.mkdirSync(ws);
    execFileSync(GIT, ['init', '-q', ws]);
    execFileSync(GIT, [
      '-C',
      ws,
      '-c',
      'user.email=t@t',
      '-c',
      'user.name=t',
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      'start',
    ]);
    fs.writeFileSync(path.join(ws, 'a.txt'), 'a\n');
    execFileSync(GIT, ['-C', ws, 'add', 'a.txt']);
    execFileSync(GIT, ['-C', ws, '-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-q', '-m', 'a']);
    fs.writeFileSync(path.join(ws, 'a.txt'), 'changed\n');
    const sandbox = testSandbox({ home, dataDir });
    const git = createGitTool({ sandbox });
    const ctx = toolContext({ workspace: ws, home, dataDir });
    if (ctx.workspace) ctx.workspace.gitBinary = GIT;

    // What a `start` holds while its process runs (containment.longLived).
    const live = sandbox.watchAlwaysCardLive(ws, () => undefined);
    const refused = await git.run({ action: 'stash', op: 'push' }, ctx);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused.ok ? '' : refused.error).toMatch(
      /git stash push writes files in the workspace, and a contained process of the agent still runs there .*Stop it with `stop`, then call git again/,
    );
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('changed\n');
    const other = path.join(root, 'other');
    fs.mkdirSync(other);
    const otherCtx = toolContext({ workspace: other, home, dataDir });
    if (otherCtx.workspace) otherCtx.workspace.gitBinary = GIT;
    const init = await git.run({ action: 'init' }, otherCtx);
    expect(init.ok, init.ok ? '' : init.error).toBe(true); // another folder: nothing of it runs there
    expect(sandbox.longLivedIn(ws)).toBe(1);

    live.finish();
    expect(sandbox.longLivedIn(ws)).toBe(0);
    const stashed = await git.run({ action: 'stash', op: 'push' }, ctx);
    expect(stashed.ok, stashed.ok ? '' : stashed.error).toBe(true);
    expect(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('a\n');
  }, 60_000);
});

describe.skipIf(!sandboxStatus().available)('the owner’s Pull', () => {
  it('is refused while the agent’s long-lived process runs in the folder, naming what to do', async () => {
    const { buildTestCore } = await import('../../support/testCore');
    const root = temp.make();
    const { core } = await buildTestCore(root);
    try {
      const ws = path.join(root, 'project');
      fs.mkdirSync(ws);
      execFileSync(GIT, ['init', '-q', ws]);
      const agent = core.agents.list()[0]!;
      core.workspaces.set({
        agentId: agent.id,
        directory: fs.realpathSync(ws),
        capturedPath: process.env.PATH ?? '/usr/bin:/bin',
        gitBinary: GIT,
      });
      const live = core.sandbox.watchAlwaysCardLive(ws, () => undefined);
      await expect(core.api.owner.pull({ agentId: agent.id }, { host: 'web', version: 't' } as const)).rejects.toThrow(
        /Pull writes files in this folder as you, and .* still runs in it: .*Stop it \(Processes\), then pull\./,
      );
      live.finish();
      // Without one running it goes on to git (this repository has no remote: git's own answer).
      await expect(
        core.api.owner.pull({ agentId: agent.id }, { host: 'web', version: 't' } as const),
      ).resolves.toMatchObject({ ok: false });
    } finally {
      await core.shutdown();
    }
  }, 60_000);
});
