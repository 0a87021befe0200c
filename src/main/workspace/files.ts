// Reading and writing a workspace file: resolve (the rules), then open with no-follow on every
// component and compare the descriptor's (dev, ino) with what was validated (SPEC §4). Writes go to a
// temp file in the destination directory, fsync, rename over: a reader sees old or new, never partial,
// and a link at the destination is replaced, never followed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isAlwaysCardPath } from './alwaysCard';
import type { PathContext } from './types';
import { notePaddockFile, notePaddockFolder } from './paddockMade';
import { resolveDetailed, type Resolution } from './resolve';
import { closeDir, openAt, openDirPath, openRoot, pathAt, sameFile, SwappedError, type SafeDir } from './safeOpen';

import { newTempName, noteTempFile, type TempNote } from './tempJournal';

/** Temp files of an unfinished write carry this prefix; `list` and `search` never show them. */
export { TEMP_PREFIX } from './tempJournal';

export type FileFailure = { ok: false; status: number; error: string };

export function sha256(content: Buffer | string | null): string | null {
  return content === null ? null : crypto.createHash('sha256').update(content).digest('hex');
}

function rootOf(ctx: PathContext): string {
  return ctx.workspace.length > 1 ? ctx.workspace.replace(/\/+$/, '') : ctx.workspace;
}

function changed(shown: string): FileFailure {
  return {
    ok: false,
    status: 403,
    error: `refused: ${shown} changed while it was being opened (a link appeared on the way); nothing was read or written.`,
  };
}

/** Maps an error from the no-follow walk to what the model sees. */
function failure(error: unknown, shown: string): FileFailure {
  if (error instanceof SwappedError) return changed(shown);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ELOOP' || code === 'EMLINK') return changed(shown);
  if (code === 'ENOENT') return { ok: false, status: 404, error: `${shown} does not exist.` };
  if (code === 'ENOTDIR') return { ok: false, status: 404, error: `${shown} does not exist (a part of it is a file).` };
  if (code === 'EISDIR') return { ok: false, status: 400, error: `${shown} is a directory.` };
  if (code === 'EACCES' || code === 'EPERM')
    return { ok: false, status: 403, error: `${shown}: permission denied by the system.` };
  return { ok: false, status: 500, error: `${shown}: ${(error as Error).message}` };
}

export interface OpenedFile {
  fd: number;
  path: string;
  rel: string[];
  stat: fs.Stats;
}

/** Opens a file or directory for reading; the caller closes `fd`. */
export function openInside(ctx: PathContext, requested: string): { ok: true; file: OpenedFile } | FileFailure {
  const res = resolveDetailed(ctx, { path: requested, for: 'read' });
  if (!res.ok) return { ok: false, status: 403, error: res.reason };
  return openResolved(ctx, res, requested);
}

export function openResolved(
  ctx: PathContext,
  res: Extract<Resolution, { ok: true }>,
  shown: string,
): { ok: true; file: OpenedFile } | FileFailure {
  const root = rootOf(ctx);
  if (res.rel.length > 0 && res.stat === undefined)
    return { ok: false, status: 404, error: `${shown} does not exist.` };
  let dir: SafeDir | null = null;
  let fd = -1;
  try {
    if (res.rel.length === 0) {
      fd = openRoot(root).fd;
    } else {
      dir = openDirPath(root, res.rel.slice(0, -1));
      fd = openAt(dir, res.rel[res.rel.length - 1]!, fs.constants.O_RDONLY);
    }
    const stat = fs.fstatSync(fd);
    // The file opened must be the file validated (seed 003 §9).
    if (res.stat !== undefined && !sameFile(stat, res.stat)) {
      fs.closeSync(fd);
      return changed(shown);
    }
    return { ok: true, file: { fd, path: res.path, rel: res.rel, stat } };
  } catch (error) {
    if (fd >= 0) fs.closeSync(fd);
    return failure(error, shown);
  } finally {
    if (dir) closeDir(dir);
  }
}

/** Reads at most `maxBytes` of a regular file; `size` is its whole size. */
export function readInside(
  ctx: PathContext,
  requested: string,
  maxBytes: number,
): { ok: true; path: string; rel: string[]; size: number; data: Buffer } | FileFailure {
  const opened = openInside(ctx, requested);
  if (!opened.ok) return opened;
  const { fd, stat, path, rel } = opened.file;
  try {
    if (stat.isDirectory()) return { ok: false, status: 400, error: `${path} is a directory; use list.` };
    if (!stat.isFile()) return { ok: false, status: 400, error: `${path} is not a regular file.` };
    const want = Math.min(stat.size, maxBytes);
    const data = Buffer.alloc(want);
    let got = 0;
    while (got < want) {
      const n = fs.readSync(fd, data, got, want - got, got);
      if (n === 0) break;
      got += n;
    }
    return { ok: true, path, rel, size: stat.size, data: got === want ? data : data.subarray(0, got) };
  } catch (error) {
    return failure(error, requested);
  } finally {
    fs.closeSync(fd);
  }
}

/** The whole current content of a file, or null when it does not exist (for diffs and base hashes). */
export function currentContent(
  ctx: PathContext,
  requested: string,
  maxBytes: number,
): { ok: true; path: string; content: Buffer | null } | FileFailure {
  const res = resolveDetailed(ctx, { path: requested, for: 'write' });
  if (!res.ok) return { ok: false, status: 403, error: res.reason };
  return contentOfResolved(ctx, res, requested, maxBytes);
}

/**
 * `currentContent` through a resolution already made (a prepared call's one resolution): the file
 * opened no-follow must still be the file resolved (dev, ino), or the read is refused.
 */
export function contentOfResolved(
  ctx: PathContext,
  res: Extract<Resolution, { ok: true }>,
  shown: string,
  maxBytes: number,
): { ok: true; path: string; content: Buffer | null } | FileFailure {
  if (res.stat === undefined) return { ok: true, path: res.path, content: null };
  if (!res.stat.isFile()) return { ok: false, status: 400, error: `${res.path} is not a regular file.` };
  if (res.stat.size > maxBytes)
    return {
      ok: false,
      status: 413,
      error: `${res.path} is ${res.stat.size} bytes, more than the ${maxBytes} a write or edit may replace.`,
    };
  const opened = openResolved(ctx, res, shown);
  if (!opened.ok) return opened;
  const { fd, stat } = opened.file;
  try {
    if (!stat.isFile()) return { ok: false, status: 400, error: `${res.path} is not a regular file.` };
    if (stat.size > maxBytes)
      return {
        ok: false,
        status: 413,
        error: `${res.path} is ${stat.size} bytes, more than the ${maxBytes} a write or edit may replace.`,
      };
    const data = Buffer.alloc(stat.size);
    let got = 0;
    while (got < data.length) {
      const n = fs.readSync(fd, data, got, data.length - got, got);
      if (n === 0) break;
      got += n;
    }
    return { ok: true, path: res.path, content: got === data.length ? data : data.subarray(0, got) };
  } catch (error) {
    return failure(error, shown);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Replaces (or creates) a file atomically. Parents are created one at a time inside the directory
 * just opened; the destination is renamed over, so a link there is replaced, never followed.
 */
export function writeInside(
  ctx: PathContext,
  requested: string,
  content: Buffer | string,
): { ok: true; path: string; created: boolean } | FileFailure {
  const res = resolveDetailed(ctx, { path: requested, for: 'write' });
  if (!res.ok) return { ok: false, status: 403, error: res.reason };
  return writeResolved(ctx, res, requested, content);
}

/**
 * `writeInside` through a resolution already made: the parent opened no-follow must be the parent
 * resolved, and what is at the name the file resolved (or still nothing), or nothing is written.
 */
export function writeResolved(
  ctx: PathContext,
  res: Extract<Resolution, { ok: true }>,
  requested: string,
  content: Buffer | string,
): { ok: true; path: string; created: boolean } | FileFailure {
  if (res.rel.length === 0)
    return { ok: false, status: 400, error: 'refused: the workspace itself is a directory, not a file to write.' };
  if (res.stat !== undefined && !res.stat.isFile())
    return { ok: false, status: 400, error: `${res.path} is not a regular file.` };
  const name = res.rel[res.rel.length - 1];
  let dir: SafeDir | null = null;
  let tmp: string | null = null;
  let note: TempNote | null = null;
  try {
    // What this write makes at an always-card path is Paddock's (paddockMade.ts): a contained
    // process's always-card watch keeps it there, as Paddock left it.
    const at = (rel: readonly string[]): string => path.join(ctx.workspace, ...rel);
    dir = openDirPath(rootOf(ctx), res.rel.slice(0, -1), true, (made, rel) => {
      if (isAlwaysCardPath(rel.join('/')) !== null) notePaddockFolder(made.fd, at(rel));
    });
    if (res.parentStat !== undefined && !sameFile(fs.fstatSync(dir.fd), res.parentStat)) return changed(requested);
    const existing = fs.lstatSync(pathAt(dir, name!), { throwIfNoEntry: false });
    if (existing !== undefined) {
      if (existing.isSymbolicLink() || res.stat === undefined || !sameFile(existing, res.stat))
        return changed(requested);
    }
    // Noted before it exists, so a kill -9 from here on leaves nothing recovery does not remove.
    note = noteTempFile(ctx.dataDir, dir.path, fs.fstatSync(dir.fd), newTempName());
    tmp = note.name;
    // Read and write: an always-card file's bytes are read back before it is noted as Paddock's.
    const flags = fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_EXCL;
    const fd = openAt(dir, tmp, flags, 0o666);
    try {
      if (existing !== undefined) fs.fchmodSync(fd, existing.mode & 0o7777);
      const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      let written = 0;
      while (written < data.length) written += fs.writeSync(fd, data, written, data.length - written);
      fs.fsyncSync(fd);
      fs.renameSync(pathAt(dir, tmp), pathAt(dir, name!));
      tmp = null;
      // Noted once named (a rename sets the change time), from the descriptor, never the name.
      if (isAlwaysCardPath(res.rel.join('/')) !== null) notePaddockFile(fd, at(res.rel), data);
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.fsyncSync(dir.fd); // the rename itself survives a crash
    } catch {
      // Some filesystems refuse fsync on a directory; the rename is still atomic.
    }
    return { ok: true, path: res.path, created: existing === undefined };
  } catch (error) {
    return failure(error, requested);
  } finally {
    if (tmp !== null && dir !== null) fs.rmSync(pathAt(dir, tmp), { force: true }); // a failed write leaves nothing behind
    note?.done();
    if (dir) closeDir(dir);
  }
}

/**
 * Removes a file through a resolution already made: the parent opened no-follow must be the parent
 * resolved and the name still the file resolved (a link or a swapped file is refused, never followed).
 */
export function removeResolved(
  ctx: PathContext,
  res: Extract<Resolution, { ok: true }>,
  shown: string,
): { ok: true; path: string } | FileFailure {
  if (res.rel.length === 0 || res.stat === undefined)
    return { ok: false, status: 404, error: `${shown} does not exist.` };
  if (!res.stat.isFile()) return { ok: false, status: 400, error: `${res.path} is not a regular file.` };
  let dir: SafeDir | null = null;
  try {
    dir = openDirPath(rootOf(ctx), res.rel.slice(0, -1));
    if (res.parentStat !== undefined && !sameFile(fs.fstatSync(dir.fd), res.parentStat)) return changed(shown);
    const name = res.rel[res.rel.length - 1]!;
    const existing = fs.lstatSync(pathAt(dir, name), { throwIfNoEntry: false });
    if (existing === undefined || existing.isSymbolicLink() || !sameFile(existing, res.stat)) return changed(shown);
    fs.unlinkSync(pathAt(dir, name));
    return { ok: true, path: res.path };
  } catch (error) {
    return failure(error, shown);
  } finally {
    if (dir) closeDir(dir);
  }
}
