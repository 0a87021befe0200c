// Opening with no-follow on every component (SPEC §4, seed 003 §9). The resolver answers with real
// components; these functions walk them again holding a descriptor per directory, so a directory
// swapped for a link after the check is an ELOOP, never a step outside.
//
// Linux: `/proc/self/fd/<dirfd>/<name>` gives openat semantics (the name is looked up inside the held
// directory; O_NOFOLLOW applies to it). Elsewhere (macOS) Node has no openat: each component is opened
// by full path with O_NOFOLLOW and the descriptor's (dev, ino) is compared with an lstat of the path
// and of its parent's descriptor afterwards — the residual window the seed states.
import fs from 'node:fs';

const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW } = fs.constants;

const useProcFd = process.platform === 'linux' && fs.existsSync('/proc/self/fd');

export interface SafeDir {
  fd: number;
  /** The real path this descriptor was opened as (for messages and the non-Linux fallback). */
  path: string;
}

/** A path naming `name` inside the held directory, usable with any fs call. */
export function pathAt(dir: SafeDir, name: string): string {
  return useProcFd ? `/proc/self/fd/${dir.fd}/${name}` : `${dir.path}/${name}`;
}

/**
 * A working directory for a child process that is the held directory itself (Linux: the child's
 * chdir goes through the descriptor, so a rename or a link swapped in since does not redirect it);
 * null where there is no such path.
 */
export function heldCwd(dir: SafeDir): string | null {
  return useProcFd ? `/proc/${process.pid}/fd/${dir.fd}` : null;
}

/** A path naming the held directory itself (readdir). */
export function dirPath(dir: SafeDir): string {
  return useProcFd ? `/proc/self/fd/${dir.fd}` : dir.path;
}

export function sameFile(a: fs.Stats, b: fs.Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

/** Thrown when what was opened is not what was validated; callers turn it into a 403. */
export class SwappedError extends Error {
  constructor(public readonly where: string) {
    super(`${where} changed while it was being opened`);
  }
}

function verifyFallback(fd: number, full: string, parent: SafeDir | null): void {
  if (useProcFd) return;
  const opened = fs.fstatSync(fd);
  const now = fs.lstatSync(full, { throwIfNoEntry: false });
  if (!now || !sameFile(opened, now)) throw new SwappedError(full);
  if (parent) {
    const parentNow = fs.lstatSync(parent.path, { throwIfNoEntry: false });
    if (!parentNow || !sameFile(fs.fstatSync(parent.fd), parentNow)) throw new SwappedError(parent.path);
  }
}

/** Opens the workspace root itself; it must be a directory and not a link. */
export function openRoot(root: string): SafeDir {
  const fd = fs.openSync(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  return { fd, path: root };
}

/** Opens `name` inside `dir` with O_NOFOLLOW plus `flags`; ELOOP when it is a link. */
export function openAt(dir: SafeDir, name: string, flags: number, mode?: number): number {
  const fd = fs.openSync(pathAt(dir, name), flags | O_NOFOLLOW, mode);
  try {
    verifyFallback(fd, `${dir.path}/${name}`, dir);
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
  return fd;
}

export function openDirAt(dir: SafeDir, name: string): SafeDir {
  return { fd: openAt(dir, name, O_RDONLY | O_DIRECTORY), path: `${dir.path}/${name}` };
}

export function closeDir(dir: SafeDir): void {
  try {
    fs.closeSync(dir.fd);
  } catch {
    // already closed
  }
}

/**
 * Opens the directory `rel` below `root`, one component at a time, none followed. With `create`,
 * missing directories are made inside the directory just opened (writes create parents), and `made`
 * is given each one this call made.
 */
export function openDirPath(
  root: string,
  rel: readonly string[],
  create = false,
  made: (dir: SafeDir, rel: readonly string[]) => void = () => undefined,
): SafeDir {
  let dir = openRoot(root);
  try {
    for (const [depth, name] of rel.entries()) {
      let next: SafeDir;
      try {
        next = openDirAt(dir, name);
      } catch (error) {
        if (!create || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        let madeHere = true;
        try {
          fs.mkdirSync(pathAt(dir, name));
        } catch (mkdirError) {
          if ((mkdirError as NodeJS.ErrnoException).code !== 'EEXIST') throw mkdirError;
          madeHere = false;
        }
        next = openDirAt(dir, name);
        if (madeHere) made(next, rel.slice(0, depth + 1));
      }
      closeDir(dir);
      dir = next;
    }
    return dir;
  } catch (error) {
    closeDir(dir);
    throw error;
  }
}
