// What Paddock's own file tools made in a workspace (a write the owner approved on its card, an
// edit-mode edit, an undo's restore), known by inode, so that the always-card watches of contained
// processes (sandbox/alwaysCardGuard.ts, alwaysCardLive.ts) keep it instead of moving it out as
// planted and stopping the process. A file is Paddock's only while it is as Paddock left it: its
// change time (which no process can set back) is recorded once it has its name, so a write in place
// since, or a planted file on a freed inode, is not Paddock's. A folder is Paddock's by inode alone:
// what is inside it is judged name by name.
import fs from 'node:fs';

/** "dev:ino" → the change time (ns) of the file as Paddock left it; null for a folder. */
const made = new Map<string, bigint | null>();
/** The registry is bounded: the oldest is dropped first (then judged as any entry, as before). */
const MAX_MADE = 4_096;

function remember(id: string, ctimeNs: bigint | null): void {
  made.delete(id);
  made.set(id, ctimeNs);
  if (made.size > MAX_MADE) made.delete(made.keys().next().value!);
}

/** A file Paddock just wrote and named, from its still-open descriptor (not its name, which a process could swap). */
export function notePaddockFile(fd: number): void {
  const st = fs.fstatSync(fd, { bigint: true });
  remember(`${st.dev}:${st.ino}`, st.ctimeNs);
}

/** A folder Paddock made to hold a file it writes, from its open descriptor. */
export function notePaddockFolder(fd: number): void {
  const st = fs.fstatSync(fd, { bigint: true });
  remember(`${st.dev}:${st.ino}`, null);
}

/** Whether the entry at `file`, listed with identity `id` ("dev:ino"), is one Paddock made and left as it is. */
export function isPaddockMade(file: string, id: string): boolean {
  if (!made.has(id)) return false;
  const ctimeNs = made.get(id)!;
  let st: fs.BigIntStats | undefined;
  try {
    st = fs.lstatSync(file, { bigint: true, throwIfNoEntry: false });
  } catch {
    return false;
  }
  if (st === undefined || `${st.dev}:${st.ino}` !== id) return false;
  return ctimeNs === null ? st.isDirectory() : st.isFile() && st.ctimeNs === ctimeNs;
}

/** Whether Paddock made something with this identity (kept or changed since): its entry is judged again on every sweep. */
export function wasPaddockMade(id: string): boolean {
  return made.has(id);
}
