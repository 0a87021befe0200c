// What a checkpoint never records (SPEC §4): the deny list's places that lie inside the workspace.
// A workspace may be the home directory, and the shadow repository is a copy under the data
// directory: storing ~/.ssh/id_rsa there would put the key where the deny list no longer guards it,
// and a restore would write it back. The same compiled list and folding as the resolver are used.
import { compileDenyList, deniedStep, foldFor } from '../workspace/denyList';
import { volumeIgnoresCase } from '../workspace/volume';

export interface DeniedPaths {
  /**
   * gitignore lines anchored at the workspace, one per denied place inside it: git then skips a
   * denied directory whole, without descending. Folded (lower case on a volume that ignores case,
   * where the shadow runs with core.ignoreCase on). Empty in the usual case: nothing denied inside.
   */
  excludeLines: string[];
  /** Whether a workspace-relative path is a denied place or lies inside one. */
  covers(rel: string): boolean;
  /** Whether the workspace's volume ignores case (the shadow's core.ignoreCase). */
  caseInsensitive: boolean;
}

function escapeIgnore(rel: string): string {
  return rel.replace(/[\\*?[\]!#]/g, (c) => `\\${c}`).replace(/ $/, '\\ ');
}

/** A gitignore line matching exactly this one path (anchored, every pattern character escaped). */
export function literalIgnoreLine(rel: string): string | null {
  if (/[\n\r]/.test(rel)) return null;
  return `/${escapeIgnore(rel)}`;
}

/** Compiled once per snapshot or plan (the deny list itself is cached for two seconds). */
export function deniedPathsIn(workspace: string, home: string, dataDir: string): DeniedPaths {
  const caseInsensitive = volumeIgnoresCase(workspace);
  const fold = foldFor(caseInsensitive);
  const list = compileDenyList(home, dataDir, fold);
  const root = fold(workspace.replace(/\/+$/, ''));
  const below = `${root}/`;
  const lines = new Set<string>();
  for (const key of list.exact.keys()) {
    if (!key.startsWith(below)) continue;
    const line = literalIgnoreLine(key.slice(below.length));
    if (line !== null) lines.add(line);
  }
  for (const [dir, entries] of list.prefixed) {
    if (dir !== root && !dir.startsWith(below)) continue;
    const relDir = dir === root ? '' : `${escapeIgnore(dir.slice(below.length))}/`;
    for (const entry of entries) {
      if (!/[\n\r]/.test(entry.namePrefix ?? '')) lines.add(`/${relDir}${escapeIgnore(entry.namePrefix ?? '')}*`);
    }
  }
  const excludeLines = [...lines].sort();
  const covers = (rel: string): boolean => {
    if (excludeLines.length === 0) return false;
    let parent = root;
    for (const part of rel.split('/')) {
      const folded = `${parent}/${fold(part)}`;
      if (deniedStep(list, parent, folded) !== null) return true;
      parent = folded;
    }
    return false;
  };
  return { excludeLines, covers, caseInsensitive };
}
