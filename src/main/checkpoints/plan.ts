// What a restore would do (issue 20 §2), computed before the owner is asked: for every path the
// reverted turns changed, the content it goes back to, and whether the file is still as the last of
// those turns left it. A file changed since (by the owner, an editor, a process) is a conflict and is
// never overwritten.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { deniedPathsIn } from './deniedPaths';
import { blobId, changedPaths, sameEntry, type Entry } from './trees';
import type { ShadowRepo } from './shadowGit';
import { folderWasLeftOut, readLeftOut, wasLeftOut, type LeftOut } from './snapshot';
import { closeDir, openAt, openDirAt, openRoot, pathAt, type SafeDir } from '../workspace/safeOpen';

/** One reverted turn or restore: its two snapshots and the files each left out for size. */
export interface RevertedSpan {
  id: number;
  beforeTree: string;
  afterTree: string;
  beforeOversize: readonly string[];
  afterOversize: readonly string[];
}

/** 'left-out': on disk before the turn but not stored (ignored, say), so it is not the turn's to remove. */
export type PlanStatus = 'restore' | 'conflict' | 'unchanged' | 'too-large' | 'left-out';

export interface PlannedFile {
  path: string;
  /** What the file becomes (null: it is removed, the turn created it). */
  target: Entry | null;
  /** What the turns left (null: they removed it). */
  left: Entry | null;
  /** What is on disk now ('unreadable': a directory, or a link on the way). */
  current: Entry | null | 'unreadable';
  status: PlanStatus;
  /** For a removal: how many of its deepest parent folders the turns created (only those may go). */
  createdFolders: number;
}

export interface RestorePlan {
  files: PlannedFile[];
  /** Ties the owner's answer to exactly this plan (pendingCards checks it). */
  hash: string;
}

// A file is hashed whole to compare it with a snapshot. No snapshot stores a file above the largest
// size cap Settings accept, so past it a file is 'unreadable' (kept, never overwritten) unread.
const MAX_HASHED_BYTES = 1024 * 1024 * 1024;

/** The file's content through an fd opened without following a link or waiting on a FIFO; null past `max`. */
function readBounded(fd: number, size: number, max: number): Buffer | null {
  if (size > max) return null;
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.alloc(Math.min(Math.max(size - total, 0) + 1, 1024 * 1024));
    const read = fs.readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) return Buffer.concat(chunks, total);
    total += read;
    if (total > max) return null;
    chunks.push(chunk.subarray(0, read));
  }
}

/**
 * A process in the workspace changed an entry between two looks at it (a link, then a directory):
 * what a plan would be computed from is not standing still, so nothing is planned or restored.
 */
export class WorkspaceSwapping extends Error {
  constructor(public readonly rel: string) {
    super(
      `refused: ${rel} in the workspace kept changing between a link and a file or folder while Paddock read it, so a process is swapping links in the workspace (one the agent started, most likely). Stop that process (Processes, or stop it in the turn's card), then undo again.`,
    );
  }
}

/**
 * The regular file `name` in the held directory, read whole up to `max` bytes: opened with O_NOFOLLOW
 * and O_NONBLOCK (a link or a FIFO swapped in after a stat is never followed or waited on), its type
 * taken from the opened fd. null: absent; 'unreadable': anything else.
 */
function readRegularFileAt(
  dir: SafeDir,
  name: string,
  max: number,
): { content: Buffer; executable: boolean } | null | 'unreadable' {
  let fd: number;
  try {
    fd = openAt(dir, name, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : 'unreadable';
  }
  try {
    const opened = fs.fstatSync(fd);
    if (!opened.isFile()) return 'unreadable';
    const content = readBounded(fd, opened.size, max);
    return content === null ? 'unreadable' : { content, executable: (opened.mode & 0o111) !== 0 };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Runs `look` in the directory holding `rel`, walked from the workspace root with no link followed
 * on the way (a link swapped in for a folder is never a way out). null: a folder on the way is absent
 * or a file; 'unreadable': one is a link.
 */
function inParentOf<T>(
  workspace: string,
  rel: string,
  look: (dir: SafeDir, name: string) => T,
): T | null | 'unreadable' {
  const parts = rel.split('/');
  let dir: SafeDir;
  try {
    dir = openRoot(workspace);
  } catch {
    return 'unreadable';
  }
  try {
    for (const part of parts.slice(0, -1)) {
      let next: SafeDir;
      try {
        next = openDirAt(dir, part);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        // O_DIRECTORY|O_NOFOLLOW says ENOTDIR for a link and for a file alike: the entry says which.
        const stat = fs.lstatSync(pathAt(dir, part), { throwIfNoEntry: false });
        return stat?.isSymbolicLink() ? 'unreadable' : null;
      }
      closeDir(dir);
      dir = next;
    }
    return look(dir, parts[parts.length - 1]!);
  } finally {
    closeDir(dir);
  }
}

/** The regular file at `rel` in the workspace (no link followed at the end or on the way), up to `max` bytes. */
export function readWorkspaceFile(
  workspace: string,
  rel: string,
  max = MAX_HASHED_BYTES,
): { content: Buffer; executable: boolean } | null | 'unreadable' {
  return inParentOf(workspace, rel, (dir, name) => readRegularFileAt(dir, name, max));
}

/**
 * What is at `rel` now, without following a link at the end or on the way. Throws WorkspaceSwapping
 * when the entry is seen as a link and then is none (or the other way round): a racing process.
 */
export function diskEntry(workspace: string, rel: string): Entry | null | 'unreadable' {
  return inParentOf(workspace, rel, (dir, name): Entry | null | 'unreadable' => {
    const stat = fs.lstatSync(pathAt(dir, name), { throwIfNoEntry: false });
    if (stat === undefined) return null;
    if (stat.isSymbolicLink()) {
      let target: Buffer;
      try {
        target = fs.readlinkSync(pathAt(dir, name), { encoding: 'buffer' });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EINVAL' || code === 'ENOENT') throw new WorkspaceSwapping(rel);
        return 'unreadable';
      }
      return { mode: '120000', oid: blobId(target) };
    }
    if (!stat.isFile()) return 'unreadable';
    const file = readRegularFileAt(dir, name, MAX_HASHED_BYTES);
    // A file a moment ago, and now a link or a folder: the same race, the other way round.
    if (file === 'unreadable') {
      const now = fs.lstatSync(pathAt(dir, name), { throwIfNoEntry: false });
      if (now && !now.isFile()) throw new WorkspaceSwapping(rel);
    }
    if (file === null || file === 'unreadable') return file;
    return { mode: file.executable ? '100755' : '100644', oid: blobId(file.content) };
  });
}

function sameAsDisk(entry: Entry | null, current: Entry | null | 'unreadable'): boolean {
  return current !== 'unreadable' && sameEntry(entry, current);
}

/** What the span's "before" left out; none kept (a restore's own snapshot): nothing was. */
function leftOutBefore(repo: ShadowRepo, span: RevertedSpan): LeftOut {
  return readLeftOut(repo, `${span.id}-before`) ?? { entries: [], emptyFolders: [], complete: true };
}

/** The folders among `dirs` that the tree holds (one `cat-file --batch-check`). */
async function foldersIn(repo: ShadowRepo, tree: string, dirs: readonly string[]): Promise<Set<string>> {
  const asked = dirs.filter((dir) => !/[\n\r]/.test(dir));
  if (asked.length === 0) return new Set();
  const out = (
    await repo.git(['cat-file', '--batch-check'], { input: asked.map((dir) => `${tree}:${dir}\n`).join('') })
  ).toString('utf8');
  const lines = out.split('\n');
  return new Set(asked.filter((_dir, i) => / tree \d+$/.test(lines[i] ?? '')));
}

/**
 * How many of `rel`'s deepest parent folders did not exist before the first reverted span: only
 * those may be removed with it (an owner's folder, even an empty one, stays).
 */
function createdFolderCount(rel: string, existedBefore: (dir: string) => boolean): number {
  const parents = rel.split('/').slice(0, -1);
  let count = 0;
  for (let depth = parents.length; depth > 0; depth -= 1) {
    if (existedBefore(parents.slice(0, depth).join('/'))) break;
    count += 1;
  }
  return count;
}

/** Spans oldest first. For each path: the content before the first span that changed it, the content after the last. */
export async function planRestore(repo: ShadowRepo, spans: readonly RevertedSpan[]): Promise<RestorePlan> {
  const byPath = new Map<string, { target: Entry | null; left: Entry | null; tooLarge: boolean; leftOut: boolean }>();
  // A snapshot taken before the deny list covered a path may hold it: a restore neither shows nor writes it.
  const denied = deniedPathsIn(repo.workspace, repo.home, repo.dataDir);
  for (const span of spans) {
    const tooLarge = new Set([...span.beforeOversize, ...span.afterOversize]);
    const leftOut = leftOutBefore(repo, span);
    for (const change of await changedPaths(repo, span.beforeTree, span.afterTree)) {
      if (denied.covers(change.path)) continue;
      const known = byPath.get(change.path);
      if (known) {
        known.left = change.after;
        known.tooLarge ||= tooLarge.has(change.path);
      } else {
        // Absent from the "before" tree is not created by the turn: it may have been on disk, ignored
        // then and not now (the turn edited .gitignore), or more was left out than could be named.
        const wasThere = change.before === null && (!leftOut.complete || wasLeftOut(leftOut, change.path));
        byPath.set(change.path, {
          target: change.before,
          left: change.after,
          tooLarge: tooLarge.has(change.path),
          leftOut: wasThere,
        });
      }
    }
    // A file that crossed the size cap looks added or removed between trees; it was never stored.
    for (const rel of tooLarge) {
      const known = byPath.get(rel);
      if (known) known.tooLarge = true;
      else byPath.set(rel, { target: null, left: null, tooLarge: true, leftOut: false });
    }
  }
  const files: PlannedFile[] = [];
  for (const [rel, { target, left, tooLarge, leftOut }] of [...byPath].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  )) {
    // A file too large to have been stored is never touched, so it is not read either.
    const current = tooLarge ? 'unreadable' : diskEntry(repo.workspace, rel);
    let status: PlanStatus;
    if (tooLarge) status = 'too-large';
    else if (sameAsDisk(target, current)) status = 'unchanged';
    else if (leftOut && target === null) status = 'left-out';
    else if (sameAsDisk(left, current)) status = 'restore';
    else status = 'conflict';
    files.push({ path: rel, target, left, current, status, createdFolders: 0 });
  }
  const removals = files.filter((file) => file.status === 'restore' && file.target === null && file.path.includes('/'));
  if (removals.length > 0 && spans.length > 0) {
    const first = spans[0];
    const leftOut = leftOutBefore(repo, first!);
    const parents = [
      ...new Set(
        removals.flatMap((file) =>
          file.path
            .split('/')
            .slice(0, -1)
            .map((_part, i, all) => all.slice(0, i + 1).join('/')),
        ),
      ),
    ];
    const inTree = await foldersIn(repo, first!.beforeTree, parents);
    const existedBefore = (dir: string): boolean =>
      !leftOut.complete || inTree.has(dir) || folderWasLeftOut(leftOut, dir) || /[\n\r]/.test(dir);
    for (const file of removals) file.createdFolders = createdFolderCount(file.path, existedBefore);
  }
  const hash = crypto
    .createHash('sha256')
    .update(
      JSON.stringify(files.map((file) => [file.path, file.status, file.target, file.current, file.createdFolders])),
    )
    .digest('hex');
  return { files: files.filter((file) => file.status !== 'unchanged'), hash };
}
