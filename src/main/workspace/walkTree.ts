// Walks a directory tree below a resolved directory for `list` and the `search` fallback (SPEC §4,
// seed 003 §2): descends by descriptor with no-follow, honours .gitignore at every level (the
// `ignore` package, git's own rules), always skips node_modules and unfinished-write temp files, and
// steps over links, counting them — a link met while walking is never followed.
import fs from 'node:fs';
import ignore, { type Ignore } from 'ignore';
import { closeDir, dirPath, openAt, openDirAt, openDirPath, type SafeDir } from './safeOpen';
import { TEMP_PREFIX } from './files';
import type { PathContext } from './types';
import { compileDenyList, denyFilterBelow, foldFor } from './denyList';
import { volumeIgnoresCase } from './volume';

const GITIGNORE_MAX_BYTES = 1 << 20;

export interface TreeEntry {
  /** Relative to the workspace, '/'-separated. */
  rel: string;
  name: string;
  /** 1 for the walked directory's own children. */
  depth: number;
  kind: 'dir' | 'file' | 'other';
}

export interface WalkOptions {
  maxDepth: number;
  /** Dot-files and dot-directories (list shows them; search skips them, as ripgrep does). */
  includeHidden: boolean;
  /** Denied places (SPEC §4) below the walked directory: stepped over, never shown or entered. */
  denied?: ((parentAbs: string, name: string) => boolean) | null;
  /** Called in sorted pre-order; return false to stop the whole walk. */
  visit(entry: TreeEntry, parent: SafeDir): boolean;
}

export interface WalkSummary {
  linksSkipped: number;
  deniedSkipped: number;
  stopped: boolean;
}

interface IgnoreFrame {
  base: string;
  rules: Ignore;
}

function loadGitignore(dir: SafeDir, base: string): IgnoreFrame | null {
  let fd: number;
  try {
    fd = openAt(dir, '.gitignore', fs.constants.O_RDONLY);
  } catch {
    return null; // absent, or a link: a link is never followed, not even for rules
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return null;
    const buf = Buffer.alloc(Math.min(st.size, GITIGNORE_MAX_BYTES));
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    return { base, rules: ignore().add(buf.subarray(0, n).toString('utf8')) };
  } finally {
    fs.closeSync(fd);
  }
}

/** Deepest rule file that has an opinion decides, as git does. */
function isIgnored(frames: readonly IgnoreFrame[], rel: string, isDir: boolean): boolean {
  for (let i = frames.length - 1; i >= 0; i--) {
    const f = frames[i];
    const sub = f.base === '' ? rel : rel.slice(f.base.length + 1);
    const result = f.rules.test(isDir ? `${sub}/` : sub);
    if (result.ignored) return true;
    if (result.unignored) return false;
  }
  return false;
}

/** Rule files of the directories above the walked one, from the workspace root down. */
function ancestorFrames(root: string, rel: readonly string[]): IgnoreFrame[] {
  const frames: IgnoreFrame[] = [];
  for (let i = 0; i < rel.length; i++) {
    let dir: SafeDir | null = null;
    try {
      dir = openDirPath(root, rel.slice(0, i));
      const frame = loadGitignore(dir, rel.slice(0, i).join('/'));
      if (frame) frames.push(frame);
    } catch {
      // unreadable ancestor: no rules from it
    } finally {
      if (dir) closeDir(dir);
    }
  }
  return frames;
}

/** Walks the directory `rel` (real components below `root`, as the resolver returned them). */
export function walkTree(workspace: string, rel: readonly string[], options: WalkOptions): WalkSummary {
  const root = workspace.length > 1 ? workspace.replace(/\/+$/, '') : workspace;
  const summary: WalkSummary = { linksSkipped: 0, deniedSkipped: 0, stopped: false };
  const frames = ancestorFrames(root, rel);
  const top = openDirPath(root, rel);
  try {
    descend(top, root, rel.join('/'), 1, frames, options, summary);
  } finally {
    closeDir(top);
  }
  return summary;
}

function descend(dir: SafeDir, root: string, base: string, depth: number, frames: IgnoreFrame[], options: WalkOptions, summary: WalkSummary): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dirPath(dir), { withFileTypes: true });
  } catch {
    return;
  }
  const own = entries.some((e) => e.name === '.gitignore') ? loadGitignore(dir, base) : null;
  const active = own ? [...frames, own] : frames;
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const name = entry.name;
    if (name.startsWith(TEMP_PREFIX) || name === 'node_modules') continue;
    if (!options.includeHidden && name.startsWith('.')) continue;
    if (entry.isSymbolicLink()) {
      summary.linksSkipped++;
      continue;
    }
    if (options.denied && options.denied(base === '' ? root : `${root}/${base}`, name)) {
      summary.deniedSkipped++;
      continue;
    }
    const isDir = entry.isDirectory();
    const rel = base === '' ? name : `${base}/${name}`;
    if (name === '.git' && isDir) {
      if (!options.visit({ rel, name, depth, kind: 'dir' }, dir)) summary.stopped = true;
      if (summary.stopped) return;
      continue; // shown, never walked: its contents are git's, not the project's
    }
    if (isIgnored(active, rel, isDir)) continue;
    const kind = isDir ? 'dir' : entry.isFile() ? 'file' : 'other';
    if (!options.visit({ rel, name, depth, kind }, dir)) {
      summary.stopped = true;
      return;
    }
    if (isDir && depth < options.maxDepth) {
      let child: SafeDir;
      try {
        child = openDirAt(dir, name);
      } catch {
        summary.linksSkipped++; // swapped for a link since readdir: stepped over like any link
        continue;
      }
      try {
        descend(child, root, rel, depth + 1, active, options, summary);
      } finally {
        closeDir(child);
      }
      if (summary.stopped) return;
    }
  }
}

/** The deny-list test a walk of `rel` below the workspace needs, or null when none lies below it. */
export function denyFilterFor(ctx: PathContext, rel: readonly string[]): WalkOptions['denied'] {
  const root = ctx.workspace.length > 1 ? ctx.workspace.replace(/\/+$/, '') : ctx.workspace;
  const fold = foldFor(ctx.caseInsensitive ?? volumeIgnoresCase(root));
  const dir = rel.length === 0 ? root : `${root}/${rel.join('/')}`;
  return denyFilterBelow(compileDenyList(ctx.home, ctx.dataDir, fold), fold, dir);
}
