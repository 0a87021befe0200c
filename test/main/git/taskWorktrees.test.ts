// A task's branch and worktree against real git in temporary directories: created from a base
// (paddock/<task>, under <data>/worktrees/), worked in with the git tool, measured against its base,
// archived (worktree gone, branch kept; refused while changes are not committed) and deleted
// (worktree and branch gone). The main work tree and its index are never touched.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addTaskWorktree,
  currentBranch,
  defaultWorktreePath,
  deleteTaskBranch,
  diffStatAgainstBase,
  mergeCommand,
  removeTaskWorktree,
  type TaskGit,
} from '../../../src/main/git/taskWorktrees';
import { createGitTool } from '../../../src/main/tools/git';
import { GIT, makeFixture, removeFixture, type GitFixture } from './fixture';

let fx: GitFixture;
let options: TaskGit;
beforeEach(() => {
  fx = makeFixture();
  options = { gitBinary: GIT, dataDir: fx.dataDir, repository: fx.ws };
});
afterEach(() => removeFixture(fx));

describe("a task's worktree", () => {
  it('is created, worked in, measured, archived and deleted', async () => {
    expect(await currentBranch(options)).toBe('main');
    const target = defaultWorktreePath(fx.dataDir, 'fix-login');
    const { branch, worktree } = await addTaskWorktree(options, { name: 'fix-login', base: 'main', worktree: target });
    expect(branch).toBe('paddock/fix-login');
    expect(worktree).toBe(target);
    expect(fs.readFileSync(path.join(worktree, 'src', 'a.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(fx.setup(['status', '--porcelain'])).toBe('');
    expect(fx.setup(['status', '--porcelain'], worktree)).toBe('');

    // Work: a file changed and committed through the git tool, a second one left uncommitted.
    fs.writeFileSync(path.join(worktree, 'src', 'a.txt'), 'one\ntwo\nthree\n');
    const tool = createGitTool();
    const commit = await tool.run(
      { action: 'commit', message: 'three', paths: ['src/a.txt'] },
      fx.ctx('run', worktree),
    );
    expect(commit.ok, JSON.stringify(commit)).toBe(true);
    fs.writeFileSync(path.join(worktree, 'notes.txt'), 'x\n');
    fx.setup(['add', 'notes.txt'], worktree);
    expect(await diffStatAgainstBase(options, worktree, 'main')).toEqual({ files: 2, additions: 2, deletions: 0 });
    fs.writeFileSync(path.join(worktree, 'new.txt'), 'a\nb\n');
    expect(await diffStatAgainstBase(options, worktree, 'main')).toEqual({ files: 3, additions: 4, deletions: 0 });
    fs.rmSync(path.join(worktree, 'new.txt'));
    expect(fs.readFileSync(path.join(fx.ws, 'src', 'a.txt'), 'utf8')).toBe('one\ntwo\n');
    expect(mergeCommand(fx.ws, 'main', 'fix-login')).toBe(
      `git -C ${fx.ws} switch main && git -C ${fx.ws} merge --no-ff paddock/fix-login`,
    );

    // Archive: refused while a change is not committed; then the worktree goes and the branch stays.
    await expect(removeTaskWorktree(options, worktree)).rejects.toThrow(/not committed/);
    expect(fs.existsSync(worktree)).toBe(true);
    fx.setup(['commit', '--quiet', '-m', 'notes'], worktree);
    expect(fx.setup(['status', '--porcelain', '--ignored'], worktree)).toBe('');
    await removeTaskWorktree(options, worktree);
    expect(fs.existsSync(worktree)).toBe(false);
    expect(fx.setup(['log', '--format=%s', 'paddock/fix-login']).split('\n').slice(0, 2)).toEqual(['notes', 'three']);
    expect(fx.setup(['worktree', 'list', '--porcelain'])).not.toContain(worktree);

    // Delete: the branch goes too.
    await deleteTaskBranch(options, 'fix-login');
    expect(fx.setup(['branch', '--list', 'paddock/*'])).toBe('');
    expect(fx.setup(['status', '--porcelain'])).toBe('');
  });

  it('deletes a task with changes that are not committed (the owner said so): worktree and branch gone', async () => {
    const { worktree } = await addTaskWorktree(options, {
      name: 'scratch',
      base: 'main',
      worktree: defaultWorktreePath(fx.dataDir, 'scratch'),
    });
    fs.writeFileSync(path.join(worktree, 'wip.txt'), 'wip\n');
    await removeTaskWorktree(options, worktree, true);
    await deleteTaskBranch(options, 'scratch');
    expect(fs.existsSync(worktree)).toBe(false);
    expect(fx.setup(['branch', '--list', 'paddock/scratch'])).toBe('');
  });

  it('refuses a bad name, a taken branch, an existing folder and a base that is not a branch name', async () => {
    const at = (name: string) => defaultWorktreePath(fx.dataDir, name);
    await expect(addTaskWorktree(options, { name: '../escape', base: 'main', worktree: at('x') })).rejects.toThrow(
      /task name/,
    );
    await expect(addTaskWorktree(options, { name: 'ok', base: '--orphan', worktree: at('ok') })).rejects.toThrow(
      /base branch/,
    );
    fs.mkdirSync(at('taken'), { recursive: true });
    await expect(addTaskWorktree(options, { name: 'taken', base: 'main', worktree: at('taken') })).rejects.toThrow(
      /already exists/,
    );
    fx.setup(['branch', 'paddock/twice']);
    await expect(addTaskWorktree(options, { name: 'twice', base: 'main', worktree: at('twice') })).rejects.toThrow(
      /branch paddock\/twice already exists/,
    );
    await expect(
      addTaskWorktree(options, { name: 'nobase', base: 'no-such-branch', worktree: at('nobase') }),
    ).rejects.toThrow(/worktree failed/);
  });
});
