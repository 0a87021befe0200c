// A task's Summary against real git: the commits and the whole diff since the task's branch left
// its base (committed and not, added and deleted files), hunk by hunk as the cards offer them. A
// hunk the owner rejects is reverted in the worktree through the core; the other hunks stay, the
// owner's own work tree and the base are untouched, and a file that changed since the owner saw it
// (or became a link) is refused with nothing written.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TaskDiffView } from '../../../src/shared/domain';
import { startFakeModelServer } from '../../support/fakeModelServer';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const HOST = { host: 'web', version: 't' } as const;
const temp = createTempDirs();
afterEach(() => temp.cleanup());

function git(cwd: string, ...args: string[]): string {
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'Owner',
    GIT_AUTHOR_EMAIL: 'o@example.invalid',
    GIT_COMMITTER_NAME: 'Owner',
    GIT_COMMITTER_EMAIL: 'o@example.invalid',
  };
  return execFileSync('git', args, { cwd, env, encoding: 'utf8' });
}

const LINES = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`);
const text = (lines: string[]): string => lines.join('\n') + '\n';

async function setUp(env: NodeJS.ProcessEnv = {}) {
  const root = temp.make();
  const { core } = await buildTestCore(root, env);
  const repository = path.join(root, 'project');
  fs.mkdirSync(repository);
  fs.writeFileSync(path.join(repository, 'app.txt'), text(LINES));
  fs.writeFileSync(path.join(repository, 'old.txt'), 'to be deleted\n');
  git(repository, 'init', '--quiet', '--initial-branch=main');
  git(repository, 'add', '-A');
  git(repository, 'commit', '--quiet', '-m', 'first');
  // The task's base is a feature branch one commit ahead of main: the review starts from it, not main.
  git(repository, 'switch', '--quiet', '-c', 'feature');
  fs.writeFileSync(path.join(repository, 'feature.txt'), 'the feature\n');
  git(repository, 'add', '-A');
  git(repository, 'commit', '--quiet', '-m', 'feature work');
  const developer = core.agents.list()[0]!;
  await core.assignment.assign(developer.id, repository);
  const task = await core.api.tasks.start({ fromAgentId: developer.id, name: 'review' }, HOST);
  const worktree = task.worktree;

  // The task's work: one commit, then changes not committed.
  const changed = [...LINES];
  changed[1] = 'line 2, changed and committed';
  fs.writeFileSync(path.join(worktree, 'app.txt'), text(changed));
  git(worktree, 'commit', '--quiet', '-am', 'task: line 2');
  changed[25] = 'line 26, changed in the work tree';
  fs.writeFileSync(path.join(worktree, 'app.txt'), text(changed));
  fs.writeFileSync(path.join(worktree, 'new.txt'), 'a new file\n');
  fs.rmSync(path.join(worktree, 'old.txt'));
  return { core, repository, worktree, task, changed };
}

const fileOf = (diff: TaskDiffView, name: string) => {
  const file = diff.files.find((one) => one.path === name);
  if (!file) throw new Error(`${name} is not in the diff: ${diff.files.map((one) => one.path).join(', ')}`);
  return file;
};

describe("a task's Summary reviewed hunk by hunk", () => {
  it('shows the commits and the diff since the base, and reverts only the hunks the owner rejects', async () => {
    const { core, repository, worktree, task, changed } = await setUp();

    const summary = await core.api.summary.get({ agentId: task.agentId as string }, HOST);
    expect(summary.commits.map((commit) => commit.subject)).toEqual(['task: line 2']);
    expect(summary.base).toMatch(/^feature at /);

    const diff = await core.api.tasks.diff({ taskId: task.id }, HOST);
    expect(diff.base?.ref).toBe('feature');
    expect(diff.files.map((file) => [file.path, file.status]).sort()).toEqual([
      ['app.txt', 'M'],
      ['new.txt', 'U'],
      ['old.txt', 'D'],
    ]);
    const app = fileOf(diff, 'app.txt');
    expect(app.hunks?.map((hunk) => hunk.lines.filter((line) => /^[+-]/.test(line)))).toEqual([
      ['-line 2', '+line 2, changed and committed'],
      ['-line 26', '+line 26, changed in the work tree'],
    ]);

    // Reject the committed change to line 2 and the new file; delete's revert brings old.txt back.
    const result = await core.api.tasks.revertHunks(
      {
        taskId: task.id,
        files: [
          { path: 'app.txt', fingerprint: app.fingerprint, hunkIds: [app.hunks![0]!.id] },
          { path: 'new.txt', fingerprint: fileOf(diff, 'new.txt').fingerprint, hunkIds: ['hunk-1'] },
          { path: 'old.txt', fingerprint: fileOf(diff, 'old.txt').fingerprint, hunkIds: ['hunk-1'] },
        ],
      },
      HOST,
    );
    expect(result.reverted).toBe(3);
    const kept = [...LINES];
    kept[25] = changed[25]!;
    expect(fs.readFileSync(path.join(worktree, 'app.txt'), 'utf8')).toBe(text(kept));
    expect(fs.existsSync(path.join(worktree, 'new.txt'))).toBe(false);
    expect(fs.readFileSync(path.join(worktree, 'old.txt'), 'utf8')).toBe('to be deleted\n');
    // What is left against the base is the one hunk the owner kept.
    expect(result.diff.files.map((file) => file.path)).toEqual(['app.txt']);
    expect(fileOf(result.diff, 'app.txt').hunks).toHaveLength(1);
    expect(git(worktree, 'diff', '--name-only', 'feature').trim()).toBe('app.txt');
    // The owner's own checkout and its branches are untouched; the commit stays (the revert is a change on top).
    expect(git(repository, 'status', '--porcelain')).toBe('');
    expect(fs.readFileSync(path.join(repository, 'app.txt'), 'utf8')).toBe(text(LINES));
    expect(git(worktree, 'log', '--format=%s', '-1').trim()).toBe('task: line 2');
    await core.shutdown();
  });

  it('refuses a revert of a file that changed since the Summary showed it, and writes nothing', async () => {
    const { core, worktree, task } = await setUp();
    const diff = await core.api.tasks.diff({ taskId: task.id }, HOST);
    const app = fileOf(diff, 'app.txt');
    // The agent writes again after the owner looked.
    fs.appendFileSync(path.join(worktree, 'app.txt'), 'one more line\n');
    const before = fs.readFileSync(path.join(worktree, 'app.txt'), 'utf8');
    await expect(
      core.api.tasks.revertHunks(
        {
          taskId: task.id,
          files: [
            { path: 'app.txt', fingerprint: app.fingerprint, hunkIds: ['hunk-1'] },
            { path: 'new.txt', fingerprint: fileOf(diff, 'new.txt').fingerprint, hunkIds: ['hunk-1'] },
          ],
        },
        HOST,
      ),
    ).rejects.toThrow('app.txt changed since the Summary showed it; nothing was reverted');
    // All or nothing: the other file was not touched either.
    expect(fs.readFileSync(path.join(worktree, 'app.txt'), 'utf8')).toBe(before);
    expect(fs.existsSync(path.join(worktree, 'new.txt'))).toBe(true);
    // A hunk the diff does not have is refused the same way.
    const fresh = fileOf(await core.api.tasks.diff({ taskId: task.id }, HOST), 'app.txt');
    await expect(
      core.api.tasks.revertHunks(
        { taskId: task.id, files: [{ path: 'app.txt', fingerprint: fresh.fingerprint, hunkIds: ['hunk-9'] }] },
        HOST,
      ),
    ).rejects.toThrow('app.txt has no hunk-9');
    await core.shutdown();
  });

  it('never writes through a link that replaced the file, even with the same content', async () => {
    const { core, worktree, task } = await setUp();
    const diff = await core.api.tasks.diff({ taskId: task.id }, HOST);
    const app = fileOf(diff, 'app.txt');
    const outside = path.join(path.dirname(worktree), 'outside.txt');
    fs.writeFileSync(outside, fs.readFileSync(path.join(worktree, 'app.txt')));
    const outsideBefore = fs.readFileSync(outside, 'utf8');
    fs.rmSync(path.join(worktree, 'app.txt'));
    fs.symlinkSync(outside, path.join(worktree, 'app.txt'));
    await expect(
      core.api.tasks.revertHunks(
        { taskId: task.id, files: [{ path: 'app.txt', fingerprint: app.fingerprint, hunkIds: ['hunk-2'] }] },
        HOST,
      ),
    ).rejects.toThrow('app.txt changed since the Summary showed it');
    expect(fs.readFileSync(outside, 'utf8')).toBe(outsideBefore);
    expect(fs.lstatSync(path.join(worktree, 'app.txt')).isSymbolicLink()).toBe(true);
    await core.shutdown();
  });

  it("refuses a revert while the task's agent is working, and writes nothing", async () => {
    const model = await startFakeModelServer([{ text: 'thinking it over…', hang: true }]);
    try {
      const { core, worktree, task } = await setUp({ ANTHROPIC_BASE_URL: model.url });
      const diff = await core.api.tasks.diff({ taskId: task.id }, HOST);
      const app = fileOf(diff, 'app.txt');
      const before = fs.readFileSync(path.join(worktree, 'app.txt'), 'utf8');
      const agentId = task.agentId as string;
      const conversation = core.conversations.create(agentId, 'working');
      const turn = core.runner.startTurn({ agentId, conversationId: conversation.id, text: 'go on' });
      await model.waitForRequests(1);
      await expect(
        core.api.tasks.revertHunks(
          { taskId: task.id, files: [{ path: 'app.txt', fingerprint: app.fingerprint, hunkIds: ['hunk-1'] }] },
          HOST,
        ),
      ).rejects.toThrow("the task review's agent is working");
      expect(fs.readFileSync(path.join(worktree, 'app.txt'), 'utf8')).toBe(before);
      core.runner.cancel(turn);
      await core.runner.settled(turn);
      await core.shutdown();
    } finally {
      await model.close();
    }
  });

  it('refuses the review of an archived task', async () => {
    const { core, worktree, task } = await setUp();
    git(worktree, 'add', '-A');
    git(worktree, 'commit', '--quiet', '-m', 'all of it');
    await core.api.tasks.archive({ taskId: task.id }, HOST);
    await expect(core.api.tasks.diff({ taskId: task.id }, HOST)).rejects.toThrow(/archived/);
    await core.shutdown();
  });
});
