// Carrying out an approved restore (issue 20 §2). Every file is checked once more just before it is
// touched: one that changed since the card was drawn is kept and named, never overwritten. Regular
// files go through the workspace's atomic write (resolver, deny list, no-follow walk, rename over);
// removals and links are made in the directory held open by the same no-follow walk. Nothing is ever
// written into .git.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { isGitComponent } from '../workspace/gitName';
import { openInside, TEMP_PREFIX, writeInside } from '../workspace/files';
import { resolveDetailed } from '../workspace/resolve';
import { closeDir, openDirPath, pathAt, type SafeDir } from '../workspace/safeOpen';
import type { PathContext } from '../workspace/types';
import { diskEntry, type PlannedFile } from './plan';
import { sameEntry, type Entry } from './trees';

export type FileOutcome =
  { path: string; outcome: 'restored' | 'removed' } | { path: string; outcome: 'kept'; why: string };

function refusedOutcome(rel: string, why: string): FileOutcome {
  return { path: rel, outcome: 'kept', why };
}

function withParent<T>(ctx: PathContext, rel: string, create: boolean, action: (dir: SafeDir, name: string) => T): T {
  const parts = rel.split('/');
  const dir = openDirPath(ctx.workspace, parts.slice(0, -1), create);
  try {
    return action(dir, parts[parts.length - 1]!);
  } finally {
    closeDir(dir);
  }
}

/** Removes the file at `rel`, then the `createdFolders` deepest parents if now empty (the plan counted the turn's). */
function removeEntry(ctx: PathContext, rel: string, createdFolders: number): void {
  withParent(ctx, rel, false, (dir, name) => {
    const stat = fs.lstatSync(pathAt(dir, name), { throwIfNoEntry: false });
    if (stat === undefined) return;
    if (stat.isDirectory()) throw new Error(`${rel} is now a directory`);
    fs.unlinkSync(pathAt(dir, name));
  });
  // Folders the turn created and that are now empty go too (git keeps no empty folders); a folder
  // that was there before the turn stays, even empty.
  const parts = rel.split('/').slice(0, -1);
  for (let removed = 0; removed < createdFolders && parts.length > 0; removed += 1) {
    try {
      withParent(ctx, parts.join('/'), false, (dir, name) => fs.rmdirSync(pathAt(dir, name)));
    } catch {
      return;
    }
    parts.pop();
  }
}

function writeLink(ctx: PathContext, rel: string, target: Buffer): void {
  withParent(ctx, rel, true, (dir, name) => {
    const tmp = `${TEMP_PREFIX}${crypto.randomBytes(8).toString('hex')}`;
    fs.symlinkSync(target, pathAt(dir, tmp));
    try {
      fs.renameSync(pathAt(dir, tmp), pathAt(dir, name));
    } catch (error) {
      fs.rmSync(pathAt(dir, tmp), { force: true });
      throw error;
    }
  });
}

function writeFile(ctx: PathContext, rel: string, content: Buffer, entry: Entry): void {
  // A link where a file goes back is removed first: the atomic write replaces files, never links.
  const now = diskEntry(ctx.workspace, rel);
  if (now !== null && now !== 'unreadable' && now.mode === '120000') removeEntry(ctx, rel, 0);
  const written = writeInside(ctx, rel, content);
  if (!written.ok) throw new Error(written.error);
  const opened = openInside(ctx, rel);
  if (!opened.ok) throw new Error(opened.error);
  try {
    const mode = entry.mode === '100755' ? 0o755 : 0o644;
    if ((opened.file.stat.mode & 0o777) !== mode) fs.fchmodSync(opened.file.fd, mode);
  } finally {
    fs.closeSync(opened.file.fd);
  }
}

/** Applies the planned files whose status is 'restore'; blobs holds every target's content. */
export function applyPlan(
  ctx: PathContext,
  files: readonly PlannedFile[],
  blobs: ReadonlyMap<string, Buffer>,
): FileOutcome[] {
  const outcomes: FileOutcome[] = [];
  const todo = files.filter((file) => file.status === 'restore');
  // Removals first, deepest first, so a directory the turn replaced with a file is free again.
  const ordered = [...todo.filter((f) => f.target === null).reverse(), ...todo.filter((f) => f.target !== null)];
  for (const file of ordered) {
    if (file.path.split('/').some(isGitComponent)) {
      outcomes.push(refusedOutcome(file.path, 'refused: nothing is ever written inside a .git directory'));
      continue;
    }
    let now: ReturnType<typeof diskEntry>;
    try {
      now = diskEntry(ctx.workspace, file.path);
    } catch (error) {
      // A process swapping links here: the file is kept, and the sentence says what to do.
      outcomes.push(refusedOutcome(file.path, (error as Error).message));
      continue;
    }
    if (now === 'unreadable' || !sameEntry(now, file.current === 'unreadable' ? null : file.current)) {
      outcomes.push(refusedOutcome(file.path, 'it changed after this card was drawn, so it was kept as it is'));
      continue;
    }
    const allowed = resolveDetailed(ctx, { path: file.path, for: 'write' });
    if (!allowed.ok) {
      outcomes.push(refusedOutcome(file.path, allowed.reason));
      continue;
    }
    try {
      if (file.target === null) {
        removeEntry(ctx, file.path, file.createdFolders);
        outcomes.push({ path: file.path, outcome: 'removed' });
        continue;
      }
      const content = blobs.get(file.target.oid);
      if (!content) throw new Error('its stored content is missing from the checkpoint history');
      if (file.target.mode === '120000') writeLink(ctx, file.path, content);
      else writeFile(ctx, file.path, content, file.target);
      outcomes.push({ path: file.path, outcome: 'restored' });
    } catch (error) {
      outcomes.push(refusedOutcome(file.path, `it could not be restored: ${(error as Error).message}`));
    }
  }
  return outcomes;
}
