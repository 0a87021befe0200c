// A walk below a workspace directory that never follows a link, bounded (policy/containedFiles.ts
// walks with it for the secrets, the losses and the links a descending program would meet).
import fs from 'node:fs';
import path from 'node:path';

/**
 * Most files a tree walk may visit before the rule asks instead: a Rust crate's target/ alone holds
 * tens of thousands (a walk of 100,000 entries takes about 70 ms here).
 */
export const WALK_LIMIT = 100_000;

/** Walks below `abs` without following links; true when it stopped at the walk limit. */
export function walkBelow(
  abs: string,
  rel: string,
  how: { hidden: boolean; skip: (entry: fs.Dirent) => boolean; ignoredToo: boolean },
  visit: (rel: string, entry: fs.Dirent) => 'go' | 'skip' | 'stop',
): boolean {
  const stack: [string, string][] = [[abs, rel]];
  let count = 0;
  while (stack.length > 0) {
    const [dir, dirRel] = stack.pop() as [string, string];
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++count > WALK_LIMIT) return true;
      if (!how.hidden && entry.name.startsWith('.')) continue;
      if (how.skip(entry)) continue;
      const childRel = dirRel === '' ? entry.name : `${dirRel}/${entry.name}`;
      const answer = visit(childRel, entry);
      if (answer === 'stop') return false;
      if (answer === 'go' && entry.isDirectory()) stack.push([path.join(dir, entry.name), childRel]);
    }
  }
  return false;
}
