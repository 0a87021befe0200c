// Reading what the shadow repository holds: which paths two snapshots differ in, the blobs
// themselves, and the git object id of what is on disk now (to tell the owner's later change from
// the turn's own).
import crypto from 'node:crypto';
import { splitNul, type ShadowRepo } from './shadowGit';

/** A path as a snapshot holds it: git's mode ('100644', '100755', '120000') and blob id. */
export interface Entry {
  mode: string;
  oid: string;
}

export interface TreeChange {
  path: string;
  before: Entry | null;
  after: Entry | null;
}

const ABSENT_MODE = '000000';

/** The paths that differ between two trees, file by file (no rename detection). */
export async function changedPaths(repo: ShadowRepo, before: string, after: string): Promise<TreeChange[]> {
  if (before === after) return [];
  const out = await repo.git(['diff-tree', '-r', '-z', '--no-renames', '--no-ext-diff', before, after]);
  const parts = splitNul(out);
  const changes: TreeChange[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const [oldMode, newMode, oldOid, newOid] = parts[i]!.replace(/^:/, '').split(' ');
    const entry = (mode: string, oid: string): Entry | null => (mode === ABSENT_MODE ? null : { mode, oid });
    // A gitlink (160000) is a repository of its own: its files were never stored.
    if (oldMode === '160000' || newMode === '160000') continue;
    changes.push({ path: parts[i + 1]!, before: entry(oldMode!, oldOid!), after: entry(newMode!, newOid!) });
  }
  return changes;
}

/** Blob contents by id, in one `cat-file --batch`. */
export async function readBlobs(repo: ShadowRepo, oids: readonly string[]): Promise<Map<string, Buffer>> {
  const unique = [...new Set(oids)];
  const blobs = new Map<string, Buffer>();
  if (unique.length === 0) return blobs;
  const out = await repo.git(['cat-file', '--batch'], { input: `${unique.join('\n')}\n` });
  let at = 0;
  while (at < out.length) {
    const newline = out.indexOf(0x0a, at);
    if (newline < 0) break;
    const header = out.subarray(at, newline).toString('utf8').split(' ');
    if (header[1] === 'missing') {
      at = newline + 1;
      continue;
    }
    const size = Number(header[2]);
    blobs.set(header[0]!, out.subarray(newline + 1, newline + 1 + size));
    at = newline + 1 + size + 1;
  }
  return blobs;
}

/** git's object id of a blob with this content (the shadow repository uses SHA-1). */
export function blobId(content: Buffer): string {
  return crypto.createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

export function sameEntry(a: Entry | null, b: Entry | null): boolean {
  if (a === null || b === null) return a === b;
  return a.oid === b.oid && a.mode === b.mode;
}
