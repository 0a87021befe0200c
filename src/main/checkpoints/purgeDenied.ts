// Checkpoints recorded before snapshots left the deny list out (a workspace at the home once had
// ~/.ssh/id_rsa copied into its shadow repository) may still hold a denied place. When a shadow
// repository is opened, once for each version of the deny list's places inside the workspace, every
// kept snapshot is read; a checkpoint whose snapshot holds one is dropped (it can no longer be
// undone, and says so as a pruned one does) and the objects only it reached are removed from disk.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { deniedPathsIn } from './deniedPaths';
import { splitNul, type ShadowRepo } from './shadowGit';
import { dropTree } from './snapshot';

/** Written in the shadow repository: the deny list's places it was last purged for. */
const MARKER = 'paddock-denied-purged';

export interface PurgeRow {
  id: number;
  beforeTree: string | null;
  afterTree: string | null;
}

/** Returns the ids of the checkpoints dropped (none in the usual case: nothing denied inside, or already purged). */
export async function purgeDeniedOnce(
  repo: ShadowRepo,
  rows: readonly PurgeRow[],
  markPruned: (ids: number[]) => void,
): Promise<number[]> {
  const denied = deniedPathsIn(repo.workspace, repo.home, repo.dataDir);
  const stamp = crypto.createHash('sha256').update(JSON.stringify(denied.excludeLines)).digest('hex');
  const marker = path.join(repo.gitDir, MARKER);
  let last: string | null = null;
  try {
    last = fs.readFileSync(marker, 'utf8').trim();
  } catch {
    last = null;
  }
  if (last === stamp) return [];
  const dropped: number[] = [];
  if (denied.excludeLines.length > 0) {
    const holds = new Map<string, boolean>();
    const holdsDenied = async (tree: string): Promise<boolean> => {
      const known = holds.get(tree);
      if (known !== undefined) return known;
      const names = splitNul(await repo.git(['ls-tree', '-r', '-z', '--name-only', tree]));
      const found = names.some((name) => denied.covers(name));
      holds.set(tree, found);
      return found;
    };
    for (const row of rows) {
      const trees = [row.beforeTree, row.afterTree].filter((tree): tree is string => tree !== null);
      for (const tree of trees) {
        if (await holdsDenied(tree)) {
          dropped.push(row.id);
          break;
        }
      }
    }
    if (dropped.length > 0) {
      for (const id of dropped) for (const side of ['before', 'after']) dropTree(repo, `${id}-${side}`);
      markPruned(dropped);
      await repo.git(['prune', '--expire=now']);
      await repo.git(['repack', '-a', '-d', '-q']);
    }
  }
  fs.writeFileSync(marker, `${stamp}\n`, { mode: 0o600 });
  return dropped;
}
