// No link inside `.git` (SPEC §4, §6: no git action reads outside the workspace and its own .git).
// Git follows a link wherever it finds one in its directory, so a process the agent started could
// point `.git/objects`, `.git/refs` or `.git/index` at another project's repository, or at Paddock's
// own checkpoint repository, and a git read (auto in every mode) would print what it holds.
//
// What is walked, and why that is enough:
// - every entry at the top of `.git` (HEAD, index, packed-refs, config, objects, refs, logs, info,
//   modules, worktrees, …): a link there moves a whole area, so nothing at the top may be one;
// - all of `objects/` (fan-out directories, loose objects, pack/, info/), `refs/` and `logs/`: git
//   opens any file below them by name, so a link at any depth would be followed;
// - `info/` and `worktrees/` (`branch` reads each worktree's HEAD): both small.
// `modules/` is not entered: submodules are never recursed into (hardening.ts), so git opens nothing
// below it. The walk uses readdir's entry types (lstat, never following) and is bounded: a repository
// with more entries than the bound is refused with a way out rather than half checked.
import fs from 'node:fs';
import path from 'node:path';

/** Areas walked to every depth; everything else at the top of .git is only checked for being a link. */
const WALKED = ['objects', 'refs', 'logs', 'info', 'worktrees'];
/** Far above a packed repository (a few hundred entries) and a busy one with loose objects and tags. */
export const GIT_DIR_ENTRY_BOUND = 200_000;

export type GitDirLinks = { ok: true } | { ok: false; link: string } | { ok: false; tooMany: true };

/** The first link found inside `gitDir` (as `.git/<relative path>`), or ok. */
export function findLinkInGitDir(gitDir: string, bound = GIT_DIR_ENTRY_BOUND): GitDirLinks {
  let seen = 0;
  const pending: string[] = [];
  for (const entry of fs.readdirSync(gitDir, { withFileTypes: true })) {
    seen++;
    const kind = kindOf(gitDir, entry);
    if (kind === 'link') return { ok: false, link: `.git/${entry.name}` };
    if (kind === 'directory' && WALKED.includes(entry.name)) pending.push(entry.name);
  }
  while (pending.length > 0) {
    const rel = pending.pop() as string;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(gitDir, rel), { withFileTypes: true });
    } catch {
      // Removed meanwhile, or unreadable: git cannot read through it either.
      continue;
    }
    for (const entry of entries) {
      if (++seen > bound) return { ok: false, tooMany: true };
      const child = `${rel}/${entry.name}`;
      const kind = kindOf(path.join(gitDir, rel), entry);
      if (kind === 'link') return { ok: false, link: `.git/${child}` };
      if (kind === 'directory') pending.push(child);
    }
  }
  return { ok: true };
}

/** The entry's type from readdir; some filesystems report none, and then lstat (never following) says. */
function kindOf(dir: string, entry: fs.Dirent): 'link' | 'directory' | 'other' {
  if (entry.isSymbolicLink()) return 'link';
  if (entry.isDirectory()) return 'directory';
  if (entry.isFile() || entry.isFIFO() || entry.isSocket() || entry.isBlockDevice() || entry.isCharacterDevice())
    return 'other';
  const stat = fs.lstatSync(path.join(dir, entry.name), { throwIfNoEntry: false });
  if (stat === undefined) return 'other';
  return stat.isSymbolicLink() ? 'link' : stat.isDirectory() ? 'directory' : 'other';
}
