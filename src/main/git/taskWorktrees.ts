// A task's branch and worktree (issue 34): `paddock/<task>` from a base branch, checked out in a
// linked worktree of the owner's repository. Every git process is the hardened runner's, started in
// the main repository (to add and remove) or in the worktree (to check it out and read it). Nothing
// here pushes, merges or rewrites: merging stays the owner's, and Paddock only says the command.
import fs from 'node:fs';
import path from 'node:path';
import { checkBranchName } from './actions';
import { GitRefusal, runGit, type GitRun } from './runner';

/** A task's name: its branch is paddock/<name> and its folder <name>. */
export const TASK_NAME = /^[a-z0-9][a-z0-9._-]{0,49}$/;

export interface TaskGit {
  gitBinary: string;
  dataDir: string;
  /** The main repository's root (its own .git directory). */
  repository: string;
  signal?: AbortSignal;
}

export function taskBranch(name: string): string {
  return `paddock/${name}`;
}

/** Where a task's worktree goes unless the owner picks a folder: <data>/worktrees/<name>. */
export function defaultWorktreePath(dataDir: string, name: string): string {
  return path.join(dataDir, 'worktrees', name);
}

// git writes the worktree's two pointers as absolute paths only with this off (worktreeLink.ts reads no other).
const ABSOLUTE_POINTERS: Array<[string, string]> = [['worktree.useRelativePaths', 'false']];

async function git(options: TaskGit, workspace: string, args: string[], readOnly = false): Promise<GitRun> {
  const run = await runGit({
    gitBinary: options.gitBinary,
    dataDir: options.dataDir,
    workspace,
    args,
    readOnly,
    signal: options.signal,
    extraConfig: ABSOLUTE_POINTERS,
  });
  if (run.exitCode !== 0) throw new GitRefusal(`git ${args[0]} failed: ${(run.stderr || run.stdout).trim()}`);
  return run;
}

/** The branch the main repository is on (the default base), or null on a detached HEAD. */
export async function currentBranch(options: TaskGit): Promise<string | null> {
  const run = await runGit({
    gitBinary: options.gitBinary,
    dataDir: options.dataDir,
    workspace: options.repository,
    args: ['symbolic-ref', '--quiet', '--short', 'HEAD'],
    readOnly: true,
  });
  return run.exitCode === 0 ? run.stdout.trim() : null;
}

/**
 * Creates branch paddock/<name> at `base` and its worktree at `worktree` (absent, its parent existing
 * or created). Added without a checkout and checked out from inside, so the checkout runs with the
 * worktree's own pinned index, never the main one's.
 */
export async function addTaskWorktree(
  options: TaskGit,
  input: { name: string; base: string; worktree: string },
): Promise<{ branch: string; worktree: string }> {
  if (!TASK_NAME.test(input.name))
    throw new GitRefusal(
      'refused: a task name is lower-case letters, digits and . _ - (at most 50, starting with a letter or digit)',
    );
  const badBase = checkBranchName(input.base);
  if (badBase) throw new GitRefusal(badBase.replace('a branch name', 'the base branch'));
  const branch = taskBranch(input.name);
  if (!path.isAbsolute(input.worktree)) throw new GitRefusal('refused: the worktree folder must be an absolute path');
  if (fs.existsSync(input.worktree))
    throw new GitRefusal(`refused: ${input.worktree} already exists; a task's worktree is a new folder`);
  fs.mkdirSync(path.dirname(input.worktree), { recursive: true, mode: 0o700 });
  const exists = await runGit({
    gitBinary: options.gitBinary,
    dataDir: options.dataDir,
    workspace: options.repository,
    args: ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`],
    readOnly: true,
  });
  if (exists.exitCode === 0)
    throw new GitRefusal(
      `refused: the branch ${branch} already exists; name the task differently, or delete the branch first`,
    );
  await git(options, options.repository, [
    'worktree',
    'add',
    '--quiet',
    '--no-checkout',
    '-b',
    branch,
    input.worktree,
    `refs/heads/${input.base}`,
  ]);
  const real = fs.realpathSync(input.worktree);
  await git(options, real, ['reset', '--quiet', '--hard', 'HEAD']);
  return { branch, worktree: real };
}

/**
 * Removes the worktree and keeps the branch; refused while it has changes not committed (unless
 * `force`). The check is ours, run in the worktree with its own pinned index: git's own would run a
 * child status that inherits the main repository's pinned index and compare the wrong files.
 */
export async function removeTaskWorktree(options: TaskGit, worktree: string, force = false): Promise<void> {
  if (!force && fs.existsSync(worktree)) {
    const status = await git(options, worktree, ['status', '--porcelain', '--untracked-files=normal'], true);
    if (status.stdout.trim() !== '') {
      throw new GitRefusal(
        `refused: ${worktree} has changes that are not committed; commit them (or Delete the task) before archiving it`,
      );
    }
  }
  if (!fs.existsSync(worktree)) {
    // Already gone from disk: git still lists it until pruned.
    await git(options, options.repository, ['worktree', 'prune']);
    return;
  }
  await git(options, options.repository, ['worktree', 'remove', '--force', '--force', worktree]);
}

/** Deletes the task's branch (after its worktree is gone). */
export async function deleteTaskBranch(options: TaskGit, name: string): Promise<void> {
  await git(options, options.repository, ['branch', '--quiet', '-D', taskBranch(name)]);
}

/** Files changed, lines added and removed on the task's branch (committed or not) against its base. */
export async function diffStatAgainstBase(
  options: TaskGit,
  worktree: string,
  base: string,
): Promise<{ files: number; additions: number; deletions: number }> {
  const mergeBase = (await git(options, worktree, ['merge-base', 'HEAD', `refs/heads/${base}`], true)).stdout.trim();
  const run = await git(options, worktree, ['diff', '--numstat', '--no-ext-diff', '--no-textconv', mergeBase], true);
  let files = 0;
  let additions = 0;
  let deletions = 0;
  for (const line of run.stdout.split('\n')) {
    const [added, removed] = line.split('\t');
    if (added === undefined || removed === undefined) continue;
    files++;
    additions += Number(added) || 0;
    deletions += Number(removed) || 0;
  }
  // Files the agent created and nobody added yet count too: their lines are all additions.
  const untracked = await git(options, worktree, ['ls-files', '--others', '--exclude-standard', '-z'], true);
  for (const rel of untracked.stdout.split('\0')) {
    if (rel === '') continue;
    files++;
    additions += linesOf(path.join(worktree, rel));
  }
  return { files, additions, deletions };
}

/** Lines of a plain file (never through a link at its name), bounded; 0 for anything else. */
function linesOf(file: string): number {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch {
    return 0;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size > 1024 * 1024) return 0;
    const text = fs.readFileSync(fd, 'utf8');
    if (text.includes('\0')) return 0;
    return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  } finally {
    fs.closeSync(fd);
  }
}

/** What the owner runs to merge a task (Paddock never merges nor pushes). */
export function mergeCommand(repository: string, base: string, name: string): string {
  return `git -C ${shellQuote(repository)} switch ${base} && git -C ${shellQuote(repository)} merge --no-ff ${taskBranch(name)}`;
}

function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
