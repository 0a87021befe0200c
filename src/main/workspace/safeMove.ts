// Moving an entry out of the workspace without following a link, whatever races it (the always-card
// guard moves what a contained command planted while that command's children may still run). The
// entry is named inside a held directory (safeOpen.ts), so a parent swapped for a symlink cannot
// redirect the move; across devices it is copied and removed level by level the same way: a link is
// copied as a link, a subdirectory is opened no-follow before it is read or emptied.
import fs from 'node:fs';
import path from 'node:path';
import { closeDir, dirPath, openAt, openDirAt, pathAt, type SafeDir } from './safeOpen';

const { O_RDONLY, O_NONBLOCK } = fs.constants;
const COPY_CHUNK = 1 << 16;

/** Moves `name` of the held directory to `to` (a path outside the workspace that does not exist yet). */
export function moveEntryAt(dir: SafeDir, name: string, to: string): void {
  try {
    fs.renameSync(pathAt(dir, name), to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyEntryAt(dir, name, to);
    removeEntryAt(dir, name);
  }
}

/** A copy of `name` at `to`: regular files, directories and links (as links); other kinds are left out. */
function copyEntryAt(dir: SafeDir, name: string, to: string): void {
  const st = fs.lstatSync(pathAt(dir, name));
  if (st.isSymbolicLink()) {
    fs.symlinkSync(fs.readlinkSync(pathAt(dir, name)), to);
  } else if (st.isDirectory()) {
    const sub = openDirAt(dir, name); // ELOOP if it became a link since the lstat
    try {
      fs.mkdirSync(to, { mode: 0o700 });
      for (const child of fs.readdirSync(dirPath(sub))) copyEntryAt(sub, child, path.join(to, child));
    } finally {
      closeDir(sub);
    }
  } else if (st.isFile()) {
    copyFileAt(dir, name, to);
  }
}

function copyFileAt(dir: SafeDir, name: string, to: string): void {
  // Non-blocking: a name swapped for a FIFO since the lstat must not hang Paddock.
  const from = openAt(dir, name, O_RDONLY | O_NONBLOCK);
  try {
    const st = fs.fstatSync(from);
    if (!st.isFile()) return;
    const out = fs.openSync(to, 'wx', st.mode & 0o777);
    try {
      const buffer = Buffer.alloc(COPY_CHUNK);
      for (let read = fs.readSync(from, buffer); read > 0; read = fs.readSync(from, buffer))
        fs.writeSync(out, buffer, 0, read);
    } finally {
      fs.closeSync(out);
    }
  } finally {
    fs.closeSync(from);
  }
}

/** Removes `name` of the held directory and, when it is a real directory, everything in it (never through a link). */
export function removeEntryAt(dir: SafeDir, name: string): void {
  const st = fs.lstatSync(pathAt(dir, name));
  if (!st.isDirectory()) {
    fs.unlinkSync(pathAt(dir, name)); // a link goes, never its target
    return;
  }
  const sub = openDirAt(dir, name);
  try {
    for (const child of fs.readdirSync(dirPath(sub))) removeEntryAt(sub, child);
  } finally {
    closeDir(sub);
  }
  fs.rmdirSync(pathAt(dir, name));
}
