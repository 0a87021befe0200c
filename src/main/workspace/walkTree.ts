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
  /** Every rule is a name rule (no slash but a trailing one): see `byNameOnly`. */
  byName: boolean;
  /** For name rules of plain shape: false when no rule could match the name (see `namePrefilter`). */
  mayMatch: ((name: string) => boolean) | null;
}

/**
 * Whether every line of a .gitignore is a rule without a slash (a trailing one aside). For such
 * rules git (and `ignore`, which hands them the basename) decides by the last component alone, so
 * testing `name` gives the very answer testing `dir/sub/name` would, without building or hashing
 * the long path. Any other slash, or a CR or space after one, answers false: the full path is used.
 */
function byNameOnly(lines: readonly string[]): boolean {
  for (const line of lines) {
    const slash = line.indexOf('/');
    if (slash >= 0 && slash !== line.length - 1) return false;
  }
  return true;
}

const PLAIN_RULE = /^!?[A-Za-z0-9._~*-]*\/?$/;

/** ASCII letters fold as `ignore`'s case-insensitive patterns do; nothing else matches but itself. */
function foldedAt(name: string, at: number, lit: string): boolean {
  for (let i = 0; i < lit.length; i++) {
    const c = name.charCodeAt(at + i);
    const l = lit.charCodeAt(i); // lower case already
    if (c !== l && !(l >= 97 && l <= 122 && c === l - 32)) return false;
  }
  return true;
}

/**
 * A necessary condition for rules of the plainest shape (letters, digits, `._~-`, `*` wildcards, a
 * leading `!`, a trailing `/`): a name such a rule matches starts with the text before its first `*`
 * and ends with the text after its last. Names failing it for every rule have no rule matching them,
 * so asking `ignore` is skipped; every other name is still decided by `ignore` itself. Any other
 * line (escapes, classes, `?`, spaces, CR) gives null: every name is asked.
 */
function namePrefilter(lines: readonly string[]): ((name: string) => boolean) | null {
  const ends: Array<{ head: string; tail: string }> = [];
  for (const line of lines) {
    if (line === '' || line.startsWith('#')) continue;
    if (!PLAIN_RULE.test(line)) return null;
    const body = line.replace(/^!/, '').replace(/\/$/, '').toLowerCase();
    const star = body.indexOf('*');
    ends.push(
      star < 0
        ? { head: body, tail: body }
        : { head: body.slice(0, star), tail: body.slice(body.lastIndexOf('*') + 1) },
    );
  }
  return (name) => {
    for (const { head, tail } of ends) {
      if (name.length < head.length || name.length < tail.length) continue;
      if (foldedAt(name, 0, head) && foldedAt(name, name.length - tail.length, tail)) return true;
    }
    return false;
  };
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
    const text = buf.subarray(0, n).toString('utf8');
    const lines = text.split('\n');
    const byName = byNameOnly(lines);
    return { base, rules: ignore().add(text), byName, mayMatch: byName ? namePrefilter(lines) : null };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * One rule file as seen from one directory, worked out once per directory instead of per entry:
 * whether `ignore` would find the directory itself ignored (its parent test for every child), and a
 * tester sharing the compiled rules whose result cache lives only as long as the directory.
 */
interface FrameView {
  byName: boolean;
  mayMatch: IgnoreFrame['mayMatch'];
  /** The directory relative to the rule file's directory, with a trailing '/', or ''. */
  prefix: string;
  parentIgnored: boolean;
  tester: Ignore;
}

function viewsAt(frames: readonly IgnoreFrame[], base: string): FrameView[] {
  const views: FrameView[] = [];
  for (const f of frames) {
    const tester = ignore().add(f.rules);
    const prefix = base === f.base ? '' : `${f.base === '' ? base : base.slice(f.base.length + 1)}/`;
    // The very call `ignore` makes for every child's parent before testing the child itself.
    const parentIgnored = prefix !== '' && tester.test(prefix).ignored;
    views.push({ byName: f.byName, mayMatch: f.mayMatch, prefix, parentIgnored, tester });
  }
  return views;
}

/** Deepest rule file that has an opinion decides, as git does. */
function isIgnored(views: readonly FrameView[], name: string, isDir: boolean): boolean {
  for (let i = views.length - 1; i >= 0; i--) {
    const v = views[i];
    if (v!.parentIgnored) return true;
    if (v!.mayMatch !== null && !v!.mayMatch(name)) continue; // no rule of this file matches: no opinion
    const sub = v!.byName ? name : v!.prefix + name;
    const result = v!.tester.test(isDir ? `${sub}/` : sub);
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

function descend(
  dir: SafeDir,
  root: string,
  base: string,
  depth: number,
  frames: IgnoreFrame[],
  options: WalkOptions,
  summary: WalkSummary,
): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dirPath(dir), { withFileTypes: true });
  } catch {
    return;
  }
  const own = entries.some((e) => e.name === '.gitignore') ? loadGitignore(dir, base) : null;
  const active = own ? [...frames, own] : frames;
  const views = viewsAt(active, base);
  const parentAbs = base === '' ? root : `${root}/${base}`;
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const name = entry.name;
    if (name.startsWith(TEMP_PREFIX) || name === 'node_modules') continue;
    if (!options.includeHidden && name.startsWith('.')) continue;
    if (entry.isSymbolicLink()) {
      summary.linksSkipped++;
      continue;
    }
    if (options.denied && options.denied(parentAbs, name)) {
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
    if (isIgnored(views, name, isDir)) continue;
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
