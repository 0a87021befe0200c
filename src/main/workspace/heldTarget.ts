// What ripgrep is pointed at (SPEC §4, seed 003 §9). ripgrep follows a link given as its root path
// whatever --no-follow says, so naming the validated directory by its path again would search
// wherever that path points when ripgrep starts: a directory swapped for a link between the check
// and the spawn would be searched outside. Instead the validated directory (or file) is opened with
// no-follow on every component and checked against what was validated, and ripgrep is given that
// open object: a directory as its working directory through the descriptor (Linux), a file as its
// standard input. Elsewhere (macOS) the path is used, with the residual window the seed states.
import fs from 'node:fs';
import type { PathContext } from './types';
import type { Resolution } from './resolve';
import { openResolved, type FileFailure } from './files';
import { closeDir, heldCwd, openDirPath, sameFile } from './safeOpen';

export interface HeldTarget {
  /** ripgrep's working directory. */
  cwd: string;
  /** The path argument: '.', a workspace-relative path, or '-' for standard input. */
  target: string;
  /** A descriptor for ripgrep's standard input, or 'ignore'. */
  stdin: number | 'ignore';
  /** Turns a path ripgrep printed into the workspace-relative path shown to the model. */
  label(printed: string): string;
  /** Closes what was held; call after ripgrep exits. */
  release(): void;
}

function rootOf(ctx: PathContext): string {
  return ctx.workspace.length > 1 ? ctx.workspace.replace(/\/+$/, '') : ctx.workspace;
}

export function holdSearchTarget(
  ctx: PathContext,
  res: Extract<Resolution, { ok: true }>,
  shown: string,
): { ok: true; held: HeldTarget } | FileFailure {
  const root = rootOf(ctx);
  const strip = (p: string): string => p.replace(/^\.\//, '');
  if (res.stat !== undefined && !res.stat.isDirectory()) {
    const opened = openResolved(ctx, res, shown);
    if (!opened.ok) return opened;
    const fd = opened.file.fd;
    return {
      ok: true,
      held: { cwd: root, target: '-', stdin: fd, label: () => shown, release: () => fs.closeSync(fd) },
    };
  }
  let dir;
  try {
    dir = openDirPath(root, res.rel);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      ok: false,
      status: code === 'ENOENT' ? 404 : 403,
      error: `refused: ${shown} changed while it was being opened (${code ?? 'error'}); nothing was searched.`,
    };
  }
  if (res.rel.length > 0 && res.stat !== undefined && !sameFile(fs.fstatSync(dir.fd), res.stat)) {
    closeDir(dir);
    return {
      ok: false,
      status: 403,
      error: `refused: ${shown} changed while it was being opened (a link appeared on the way); nothing was searched.`,
    };
  }
  const cwd = heldCwd(dir);
  if (cwd === null) {
    closeDir(dir);
    return { ok: true, held: { cwd: root, target: shown, stdin: 'ignore', label: strip, release: () => undefined } };
  }
  const prefix = res.rel.length === 0 ? '' : `${res.rel.join('/')}/`;
  const held = dir;
  return {
    ok: true,
    held: { cwd, target: '.', stdin: 'ignore', label: (p) => `${prefix}${strip(p)}`, release: () => closeDir(held) },
  };
}
