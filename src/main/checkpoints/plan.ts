// What a restore would do (issue 20 §2), computed before the owner is asked: for every path the
// reverted turns changed, the content it goes back to, and whether the file is still as the last of
// those turns left it. A file changed since (by the owner, an editor, a process) is a conflict and is
// never overwritten.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { deniedPathsIn } from './deniedPaths';
import { blobId, changedPaths, sameEntry, type Entry } from './trees';
import type { ShadowRepo } from './shadowGit';

/** One reverted turn or restore: its two snapshots and the files each left out for size. */
export interface RevertedSpan {
  id: number;
  beforeTree: string;
  afterTree: string;
  beforeOversize: readonly string[];
  afterOversize: readonly string[];
}

export type PlanStatus = 'restore' | 'conflict' | 'unchanged' | 'too-large';

export interface PlannedFile {
  path: string;
  /** What the file becomes (null: it is removed, the turn created it). */
  target: Entry | null;
  /** What the turns left (null: they removed it). */
  left: Entry | null;
  /** What is on disk now ('unreadable': a directory, or a link on the way). */
  current: Entry | null | 'unreadable';
  status: PlanStatus;
}

export interface RestorePlan {
  files: PlannedFile[];
  /** Ties the owner's answer to exactly this plan (pendingCards checks it). */
  hash: string;
}

/** What is at `rel` now, without following a link at the end or on the way. */
export function diskEntry(workspace: string, rel: string): Entry | null | 'unreadable' {
  const parts = rel.split('/');
  let at = workspace;
  for (const part of parts.slice(0, -1)) {
    at = path.join(at, part);
    const stat = fs.lstatSync(at, { throwIfNoEntry: false });
    if (stat === undefined) return null;
    if (!stat.isDirectory()) return stat.isSymbolicLink() ? 'unreadable' : null;
  }
  const full = path.join(workspace, rel);
  const stat = fs.lstatSync(full, { throwIfNoEntry: false });
  if (stat === undefined) return null;
  if (stat.isSymbolicLink()) return { mode: '120000', oid: blobId(Buffer.from(fs.readlinkSync(full, { encoding: 'buffer' }))) };
  if (!stat.isFile()) return 'unreadable';
  const mode = (stat.mode & 0o111) !== 0 ? '100755' : '100644';
  return { mode, oid: blobId(fs.readFileSync(full)) };
}

function sameAsDisk(entry: Entry | null, current: Entry | null | 'unreadable'): boolean {
  return current !== 'unreadable' && sameEntry(entry, current);
}

/** Spans oldest first. For each path: the content before the first span that changed it, the content after the last. */
export async function planRestore(repo: ShadowRepo, spans: readonly RevertedSpan[]): Promise<RestorePlan> {
  const byPath = new Map<string, { target: Entry | null; left: Entry | null; tooLarge: boolean }>();
  // A snapshot taken before the deny list covered a path may hold it: a restore neither shows nor writes it.
  const denied = deniedPathsIn(repo.workspace, repo.home, repo.dataDir);
  for (const span of spans) {
    const tooLarge = new Set([...span.beforeOversize, ...span.afterOversize]);
    for (const change of await changedPaths(repo, span.beforeTree, span.afterTree)) {
      if (denied.covers(change.path)) continue;
      const known = byPath.get(change.path);
      if (known) {
        known.left = change.after;
        known.tooLarge ||= tooLarge.has(change.path);
      } else {
        byPath.set(change.path, { target: change.before, left: change.after, tooLarge: tooLarge.has(change.path) });
      }
    }
    // A file that crossed the size cap looks added or removed between trees; it was never stored.
    for (const rel of tooLarge) {
      const known = byPath.get(rel);
      if (known) known.tooLarge = true;
      else byPath.set(rel, { target: null, left: null, tooLarge: true });
    }
  }
  const files: PlannedFile[] = [];
  for (const [rel, { target, left, tooLarge }] of [...byPath].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const current = diskEntry(repo.workspace, rel);
    let status: PlanStatus;
    if (tooLarge) status = 'too-large';
    else if (sameAsDisk(target, current)) status = 'unchanged';
    else if (sameAsDisk(left, current)) status = 'restore';
    else status = 'conflict';
    files.push({ path: rel, target, left, current, status });
  }
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify(files.map((file) => [file.path, file.status, file.target, file.current])))
    .digest('hex');
  return { files: files.filter((file) => file.status !== 'unchanged'), hash };
}
