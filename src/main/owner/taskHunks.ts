// A task's whole diff against its base, hunk by hunk, and the owner's per-hunk review of it (issue
// 34): the hunks are those a write or edit card offers (workspace/hunks.ts), from the base's side of
// each file to the worktree's. A hunk the owner rejects is reverted in the worktree: the core
// recomputes the diff, refuses a file that changed since the owner saw it (its fingerprint), and
// writes the base's side of those hunks only — its own copy, never text from the window — through
// the fence, which refuses a link or a swapped file on the way.
import crypto from 'node:crypto';
import type { TaskDiffFileView, TaskDiffView, Workspace } from '../../shared/domain';
import { summariseRepository, type DiffSummary, type FileChange } from '../git/summary';
import { contentOfResolved, removeResolved, writeResolved } from '../workspace/files';
import { applyAcceptedHunks, hunksOf } from '../workspace/hunks';
import { resolveDetailed, resolveInsideWorkspace } from '../workspace/resolve';
import { pathContextFor } from '../workspace/types';

/** The largest file reverted hunk by hunk (the summary reads no more of either side). */
const REVERT_MAX_BYTES = 512 * 1024;

export class TaskHunkRefusal extends Error {}

export interface TaskHunkDeps {
  dataDir: string;
  home: string;
  /** The commits agents made in a directory through the git tool (the Summary marks them). */
  agentCommitsIn(directory: string): ReadonlySet<string>;
}

export interface HunkRevert {
  path: string;
  fingerprint: string;
  hunkIds: readonly string[];
}

function fingerprintOf(file: FileChange): string {
  return crypto
    .createHash('sha256')
    .update(`${file.status}\0${file.oldPath ?? ''}\0${file.path}\0`)
    .update(file.original ?? '\0binary')
    .update('\0')
    .update(file.modified ?? '\0binary')
    .digest('hex');
}

function fileView(file: FileChange): TaskDiffFileView {
  const reviewable = !file.binary && file.original !== null && file.modified !== null;
  const hunks = reviewable ? hunksOf(file.original, file.modified as string) : null;
  const why = file.binary
    ? 'a binary file: it is not reviewed hunk by hunk'
    : !reviewable
      ? 'too large to review hunk by hunk'
      : hunks?.length === 0
        ? 'no line changed (only its mode or name)'
        : null;
  return {
    path: file.path,
    oldPath: file.oldPath,
    status: file.status,
    additions: file.additions,
    deletions: file.deletions,
    fingerprint: fingerprintOf(file),
    hunks: hunks && hunks.length > 0 ? hunks : null,
    why,
  };
}

async function summarise(deps: TaskHunkDeps, workspace: Workspace, base: string): Promise<DiffSummary> {
  if (!workspace.gitBinary) throw new TaskHunkRefusal("git was not found on the workspace's captured PATH");
  return summariseRepository(
    { gitBinary: workspace.gitBinary, workspace: workspace.directory, dataDir: deps.dataDir },
    pathContextFor(workspace, deps),
    resolveInsideWorkspace,
    deps.agentCommitsIn(workspace.directory),
    base,
  );
}

/** The task's diff from where its branch left the base to the worktree, committed or not. */
export async function taskDiff(
  deps: TaskHunkDeps,
  taskId: string,
  workspace: Workspace,
  base: string,
): Promise<TaskDiffView> {
  const diff = await summarise(deps, workspace, base);
  return { taskId, base: diff.base, files: diff.files.map(fileView), more: diff.moreUntracked ?? 0 };
}

interface PlannedRevert {
  file: FileChange;
  /** The file's new content, or null: it goes (an added file whose every hunk was rejected). */
  content: string | null;
  hunks: number;
}

function plan(diff: DiffSummary, pick: HunkRevert): PlannedRevert {
  const file = diff.files.find((one) => one.path === pick.path);
  const again = 'nothing was reverted; Refresh the Summary and review it again';
  if (!file) throw new TaskHunkRefusal(`refused: ${pick.path} no longer differs from the base; ${again}`);
  if (fingerprintOf(file) !== pick.fingerprint)
    throw new TaskHunkRefusal(`refused: ${pick.path} changed since the Summary showed it; ${again}`);
  const view = fileView(file);
  if (!view.hunks) throw new TaskHunkRefusal(`refused: ${pick.path} is ${view.why}`);
  const offered = new Set(view.hunks.map((hunk) => hunk.id));
  const unknown = pick.hunkIds.find((id) => !offered.has(id));
  if (unknown) throw new TaskHunkRefusal(`refused: ${pick.path} has no ${unknown}; ${again}`);
  const rejected = new Set(pick.hunkIds);
  const accepted = new Set(view.hunks.filter((hunk) => !rejected.has(hunk.id)).map((hunk) => hunk.id));
  const selected = applyAcceptedHunks(file.original as string, view.hunks, accepted);
  if (!selected.ok) throw new TaskHunkRefusal(selected.error.replace('nothing was written', 'nothing was reverted'));
  const added = file.status === 'A' || file.status === 'U';
  return { file, content: added && accepted.size === 0 ? null : selected.content, hunks: rejected.size };
}

/**
 * Reverts the hunks the owner rejected, file by file: every file is checked before any is written,
 * and each is written only while it still holds what the Summary showed.
 */
export async function revertTaskHunks(
  deps: TaskHunkDeps,
  workspace: Workspace,
  base: string,
  picks: readonly HunkRevert[],
): Promise<{ reverted: number }> {
  const diff = await summarise(deps, workspace, base);
  const plans = picks.map((pick) => plan(diff, pick));
  const ctx = pathContextFor(workspace, deps);
  let reverted = 0;
  for (const { file, content, hunks } of plans) {
    const res = resolveDetailed(ctx, { path: file.path, for: 'write' });
    if (!res.ok) throw new TaskHunkRefusal(res.reason);
    const now = contentOfResolved(ctx, res, file.path, REVERT_MAX_BYTES);
    if (!now.ok) throw new TaskHunkRefusal(now.error);
    const expected = file.status === 'D' ? null : (file.modified as string);
    if ((now.content === null ? null : now.content.toString('utf8')) !== expected)
      throw new TaskHunkRefusal(`refused: ${file.path} changed while it was being reverted; it was left as it is`);
    const done = content === null ? removeResolved(ctx, res, file.path) : writeResolved(ctx, res, file.path, content);
    if (!done.ok) throw new TaskHunkRefusal(done.error);
    reverted += hunks;
  }
  return { reverted };
}
