// Temp files of unfinished writes (issue 14 §4). A write puts its content in a `.paddock-tmp-*` file
// beside the destination, then renames it over; a `kill -9` in between leaves the temp file behind
// (one held 6 MB). So before the temp file is created, its directory and name are noted in
// `<data>/developer/pending-writes/`, and the note is removed once the rename (or the cleanup) is
// done. Recovery at start removes every temp file still noted: only a regular file with exactly the
// noted name, in the very directory noted (same real path, same device and inode), nothing else.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const TEMP_PREFIX = '.paddock-tmp-';
const TEMP_NAME = /^\.paddock-tmp-[0-9a-f]{16}$/;

export interface TempNote {
  /** The temp file's name inside `directory`. */
  name: string;
  /** Remove the note: the temp file was renamed over its destination or removed. */
  done(): void;
}

interface NoteBody {
  directory: string;
  dev: number;
  ino: number;
  name: string;
}

export function pendingWritesDir(dataDir: string): string {
  return path.join(dataDir, 'developer', 'pending-writes');
}

export function newTempName(): string {
  return `${TEMP_PREFIX}${crypto.randomBytes(8).toString('hex')}`;
}

/**
 * Notes a temp file about to be created in `directory` (its real path) whose descriptor stat is
 * `dirStat`. A note that cannot be written does not stop the write: the write is still atomic, and
 * only the cleanup after a crash is lost.
 */
export function noteTempFile(dataDir: string, directory: string, dirStat: fs.Stats, name: string): TempNote {
  if (!path.isAbsolute(dataDir)) return { name, done: () => undefined };
  const notes = pendingWritesDir(dataDir);
  const file = path.join(notes, `${name.slice(TEMP_PREFIX.length)}.json`);
  try {
    fs.mkdirSync(notes, { recursive: true, mode: 0o700 });
    const body: NoteBody = { directory, dev: dirStat.dev, ino: dirStat.ino, name };
    fs.writeFileSync(file, JSON.stringify(body), { mode: 0o600, flag: 'wx' });
  } catch {
    return { name, done: () => undefined };
  }
  return { name, done: () => fs.rmSync(file, { force: true }) };
}

function parseNote(text: string): NoteBody | null {
  try {
    const body = JSON.parse(text) as Partial<NoteBody>;
    if (typeof body.directory !== 'string' || !path.isAbsolute(body.directory)) return null;
    if (typeof body.name !== 'string' || !TEMP_NAME.test(body.name)) return null;
    if (typeof body.dev !== 'number' || typeof body.ino !== 'number') return null;
    return body as NoteBody;
  } catch {
    return null;
  }
}

/** Removes one noted temp file when it is still exactly what was noted; true when one was removed. */
function removeNoted(note: NoteBody): boolean {
  let dir: fs.Stats;
  try {
    // No link on the way: the noted path must still be its own real path, and the same directory.
    if (fs.realpathSync(note.directory) !== note.directory) return false;
    dir = fs.lstatSync(note.directory);
  } catch {
    return false;
  }
  if (!dir.isDirectory() || dir.dev !== note.dev || dir.ino !== note.ino) return false;
  const full = path.join(note.directory, note.name);
  const stat = fs.lstatSync(full, { throwIfNoEntry: false });
  if (stat === undefined || !stat.isFile()) return false;
  fs.rmSync(full, { force: true });
  return true;
}

/** Recovery at start: removes the temp files of writes a crash interrupted; returns how many. */
export function removeInterruptedTempFiles(dataDir: string): number {
  const notes = pendingWritesDir(dataDir);
  let entries: string[];
  try {
    entries = fs.readdirSync(notes);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const entry of entries) {
    const file = path.join(notes, entry);
    try {
      const stat = fs.lstatSync(file);
      const note = stat.isFile() && stat.size < 8192 ? parseNote(fs.readFileSync(file, 'utf8')) : null;
      if (note !== null && removeNoted(note)) removed += 1;
    } catch {
      /* a note that cannot be read is dropped below */
    }
    fs.rmSync(file, { force: true });
  }
  return removed;
}
