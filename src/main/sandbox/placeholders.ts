// What an earlier Paddock left in owners' folders: it made empty read-only placeholder folders
// (`.git`, `.vscode`, …) for its long-lived processes and wrote them down in the data directory; a
// crash left them there. Paddock makes none any more (alwaysCardLive.ts), and at start removes each
// one written down that is still an empty directory, then the record.
import fs from 'node:fs';
import path from 'node:path';
import { atHeldParent } from './alwaysCardGuard';
import { pathAt } from '../workspace/safeOpen';

export function removeLeftPlaceholders(record: string): void {
  let left: unknown;
  try {
    left = JSON.parse(fs.readFileSync(record, 'utf8')) as unknown;
  } catch {
    return; // none written down (never made, or already cleaned), or unreadable
  }
  for (const p of Array.isArray(left) ? left : []) {
    if (typeof p !== 'string' || !path.isAbsolute(p)) continue;
    try {
      // Named inside its parent opened no-follow, and only when empty: what the owner put there stays.
      atHeldParent(p, (dir, name) => fs.rmdirSync(pathAt(dir, name)));
    } catch {
      /* not empty, or gone */
    }
  }
  fs.rmSync(record, { force: true });
}
