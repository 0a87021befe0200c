// What Paddock's own file tools made at an always-card path of a workspace (a write the owner
// approved on its card, an undo's restore), so that the always-card watches of contained processes
// (sandbox/alwaysCardGuard.ts, alwaysCardLive.ts) keep it instead of moving it out as planted and
// stopping the process. Each record is bound to the exact path Paddock wrote and to the inode there:
//   - a file is Paddock's only while it is as Paddock left it: one link (a hard link made to the
//     temp file before the rename would be another name for it), the content Paddock wrote (read
//     back through the descriptor) and the change time seen then, which no process can set back;
//   - a folder Paddock made is Paddock's by inode at its path; what is inside it is judged name by name;
//   - the same inode anywhere else (a folder renamed into place) is not Paddock's.
// Only always-card paths are recorded, and each is a card the owner answered, so the record stays
// small; a record is replaced when Paddock writes its path again and is never dropped otherwise (a
// dropped one would make a changed entry look unchanged).
import fs from 'node:fs';
import { fileIdentity } from './fileIdentity';

interface Made {
  id: string;
  /** The change time (ns) of the file as Paddock left it; null for a folder. */
  ctimeNs: bigint | null;
}

/** Absolute path → what Paddock made there. */
const byPath = new Map<string, Made>();
/** An identity (workspace/fileIdentity.ts) → the path Paddock made it at. */
const byId = new Map<string, string>();

function remember(file: string, made: Made): void {
  const before = byPath.get(file);
  if (before) byId.delete(before.id);
  byPath.set(file, made);
  byId.set(made.id, file);
}

function sameBytes(fd: number, data: Buffer): boolean {
  const back = Buffer.alloc(data.length + 1);
  let read = 0;
  while (read < back.length) {
    const n = fs.readSync(fd, back, read, back.length - read, read);
    if (n === 0) break;
    read += n;
  }
  return read === data.length && back.subarray(0, read).equals(data);
}

/**
 * A file Paddock just wrote with `data` and named `file`, from its still-open descriptor (never its
 * name, which a process could swap). Recorded only when it is still exactly that: one link, those
 * bytes, and no change while they were read back; otherwise it is judged as anything else is.
 */
export function notePaddockFile(fd: number, file: string, data: Buffer): void {
  const st = fs.fstatSync(fd, { bigint: true });
  if (st.nlink !== 1n || !sameBytes(fd, data)) return;
  const after = fs.fstatSync(fd, { bigint: true });
  if (after.ctimeNs !== st.ctimeNs || after.nlink !== 1n) return;
  remember(file, { id: fileIdentity(st), ctimeNs: st.ctimeNs });
}

/** A folder Paddock made at `folder` to hold a file it writes, from its open descriptor. */
export function notePaddockFolder(fd: number, folder: string): void {
  const st = fs.fstatSync(fd, { bigint: true });
  remember(folder, { id: fileIdentity(st), ctimeNs: null });
}

/** Whether the entry at `file`, listed with identity `id` (workspace/fileIdentity.ts), is what Paddock made there, as it left it. */
export function isPaddockMade(file: string, id: string): boolean {
  const made = byPath.get(file);
  if (made?.id !== id) return false;
  let st: fs.BigIntStats | undefined;
  try {
    st = fs.lstatSync(file, { bigint: true, throwIfNoEntry: false });
  } catch {
    return false;
  }
  if (st === undefined || fileIdentity(st) !== id) return false;
  return made.ctimeNs === null ? st.isDirectory() : st.isFile() && st.nlink === 1n && st.ctimeNs === made.ctimeNs;
}

/** Whether Paddock made something with this identity (kept or changed since): its entry is judged again on every listing. */
export function wasPaddockMade(id: string): boolean {
  return byId.has(id);
}
