// Which file or folder a name held at a moment: its device, inode and birth time. A file made where
// another was removed may get the freed inode; its birth time still tells it apart, so a plant
// cannot pass for the owner's entry it replaced (sandbox/alwaysCardLive.ts, workspace/paddockMade.ts).
import type fs from 'node:fs';

/** The identity of what a (bigint) stat describes; the same file gives the same string through any path or descriptor. */
export function fileIdentity(st: fs.BigIntStats): string {
  return `${st.dev}:${st.ino}:${st.birthtimeNs}`;
}
