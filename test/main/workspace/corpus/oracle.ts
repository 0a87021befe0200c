// The corpus's expected answers, computed from first principles and never from Paddock's code: the
// kernel's own link resolution (realpath of each link met) walked one component at a time from the
// workspace, then SPEC §4's rules on the result. Where SPEC leaves a choice (a backslash, a
// look-alike Unicode name, a Windows spelling, a detour through a denied directory), the answer is
// "either": refusing is fine, and an accepted path must still pass the invariant below.
import fs from 'node:fs';
import path from 'node:path';
import { DENY_ROOTS, type CorpusTree } from './tree';

export type Purpose = 'read' | 'write' | 'run';
export type Expect = { ok: true; path: string } | { ok: false } | { either: true; path?: string };

const REFUSED: Expect = { ok: false };
const ALIASES = ['/dev', '/proc', '/sys'];

/** /dev, /proc or /sys in any spelling the kernel reads as one (`//proc`, `/x/../proc`). */
function isAlias(abs: string): boolean {
  const n = path.posix.normalize(abs);
  return [abs, n].some((p) => ALIASES.some((a) => p === a || p.startsWith(`${a}/`)));
}

function inside(ws: string, p: string): boolean {
  return p === ws || p.startsWith(`${ws}/`);
}

/** `.git` in any case (SPEC §4); the NTFS and 8.3 spellings are only `.git` on Windows: "either". */
function gitName(c: string): 'git' | 'maybe' | null {
  if (c.toLowerCase() === '.git') return 'git';
  const f = c
    .toLowerCase()
    .replace(/:.*$/s, '')
    .replace(/[. ]+$/, '');
  return f === '.git' || /^git~\d+$/.test(f) ? 'maybe' : null;
}

function realOr(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

interface DenyRoot {
  rel: string;
  /** The entry's spelled and real absolute paths (for `*` entries: its directory's). */
  places: string[];
  prefix?: string;
}

const rootsOf = new WeakMap<CorpusTree, DenyRoot[]>();

function denyRoots(t: CorpusTree): DenyRoot[] {
  let roots = rootsOf.get(t);
  if (!roots) {
    roots = DENY_ROOTS.map((rel) => {
      const spelled = rel.endsWith('*') ? path.join(t.home, path.dirname(rel)) : path.join(t.home, rel);
      const places = [...new Set([spelled, realOr(spelled)])];
      return rel.endsWith('*') ? { rel, places, prefix: path.basename(rel).slice(0, -1) } : { rel, places };
    });
    rootsOf.set(t, roots);
  }
  return roots;
}

/** Why an absolute real path is denied (SPEC §4: compared as real paths), or null. */
export function deniedBy(t: CorpusTree, p: string): string | null {
  for (const r of denyRoots(t)) {
    for (const place of r.places) {
      if (
        r.prefix === undefined
          ? inside(place, p)
          : p.startsWith(`${place}/`) &&
            p
              .slice(place.length + 1)
              .split('/')[0]!
              .startsWith(r.prefix)
      )
        return r.rel;
    }
  }
  if (inside(t.dataDir, p)) {
    const below = p.slice(t.dataDir.length + 1).split('/');
    const worktree =
      (below.length >= 3 && below[0] === 'repositories' && below[1] !== '' && below[2] === 'agent') ||
      (below.length >= 2 && below[0] === 'worktrees' && below[1] !== '');
    if (!worktree) return 'data';
  }
  return null;
}

function lstat(p: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Whether a chain of links, followed one at a time, names /dev, /proc or /sys on the way. */
function chainHasAlias(link: string): boolean {
  let at = link;
  for (let k = 0; k < 40; k++) {
    const target = fs.readlinkSync(at);
    const abs = path.isAbsolute(target) ? target : `${path.dirname(at)}/${target}`;
    if (isAlias(abs)) return true;
    const norm = path.posix.normalize(abs);
    at = path.join(realOr(path.dirname(norm)), path.basename(norm));
    if (!lstat(at)?.isSymbolicLink()) return false;
  }
  return false;
}

type Walked = { ok: true; path: string; either: boolean; links: number } | { ok: false; either: boolean };

/** Walks `comps` from the real directory `start` the way the kernel would, with SPEC's link rules. */
function walk(t: CorpusTree, ws: string, start: string, comps: string[], purpose: Purpose): Walked {
  let cur = start;
  let missing = false;
  let either = false;
  let links = 0;
  let onFile = false;
  const meaningful = comps.map((c, i) => ({ c, i })).filter(({ c }) => c !== '' && c !== '.');
  const lastIndex = meaningful.length > 0 ? meaningful[meaningful.length - 1]!.i : -1;
  for (let i = 0; i < comps.length; i++) {
    const c = comps[i];
    if (c === '' || c === '.') continue;
    if (c === '..') {
      if (onFile) either = true;
      onFile = false;
      if (cur === ws) return { ok: false, either };
      cur = path.dirname(cur);
      if (missing && lstat(cur) !== undefined) missing = false;
      continue;
    }
    const next = `${cur}/${c}`;
    // A detour through a denied directory that leaves it again: the final path is fine, but SPEC
    // lets a resolver refuse as soon as it meets the place.
    if (deniedBy(t, next)) either = true;
    if (onFile) either = true; // `file/x`, `file/..`: ENOTDIR to the kernel; refusing or reading lexically are both fine
    const st = missing ? undefined : lstat(next);
    if (st === undefined) {
      missing = true;
      cur = next;
      continue;
    }
    if (st.isSymbolicLink()) {
      links++;
      if (purpose === 'run') return { ok: false, either };
      if (purpose === 'write' && i === lastIndex) return { ok: false, either };
      if (chainHasAlias(next)) return { ok: false, either };
      let real: string;
      try {
        real = fs.realpathSync(next);
      } catch {
        return { ok: false, either }; // dangling or looping (AC-5)
      }
      if (!inside(ws, real)) return { ok: false, either };
      // Reached through a link to .git: SPEC lets a write refuse at the component, wherever it ends.
      if (
        purpose === 'write' &&
        path
          .relative(ws, real)
          .split('/')
          .some((x) => x.toLowerCase() === '.git')
      )
        either = true;
      cur = real;
      onFile = !lstat(real)?.isDirectory();
      continue;
    }
    onFile = !st.isDirectory();
    cur = next;
  }
  return { ok: true, path: cur, either, links };
}

function shapeRefused(p: string): boolean {
  return p === '' || p.includes('\0') || /[\u0001-\u001f\u007f]/.test(p) || p.startsWith('~');
}

/** SPEC §4's answer for one request, or "either" where SPEC leaves the choice. */
export function expected(t: CorpusTree, ws: string, purpose: Purpose, cwd: string | undefined, p: string): Expect {
  if (shapeRefused(p) || (cwd !== undefined && cwd !== '' && shapeRefused(cwd))) return REFUSED;
  let either = false;
  // A backslash is a separator to a Windows reader and a literal to POSIX: no one accepted path.
  const literalOnly = p.includes('\\') || (cwd ?? '').includes('\\');
  for (const s of [p, cwd ?? '']) {
    // A backslash (separator or literal), non-ASCII look-alikes, a drive prefix: SPEC-silent spellings.
    if (s.includes('\\') || /[^\u0000-\u007f]/.test(s) || /^[A-Za-z]:/.test(s)) either = true;
  }
  if (purpose === 'run' && (p.startsWith('/') || p.split(/[\\/]/).includes('..'))) return REFUSED;

  let start = ws;
  if (cwd !== undefined && cwd !== '' && cwd !== '.') {
    if (cwd.startsWith('/') && (isAlias(cwd) || !inside(ws, cwd))) return REFUSED;
    if (purpose === 'run' && cwd.startsWith('/')) either = true;
    const comps = cwd.startsWith('/') ? cwd.slice(ws.length).split('/') : cwd.split('/');
    const w = walk(t, ws, ws, comps, purpose === 'run' ? 'run' : 'read');
    if (!w.ok) return w.either || either ? { either: true } : REFUSED;
    if (!lstat(w.path)?.isDirectory()) return either ? { either: true } : REFUSED;
    if (
      purpose !== 'read' &&
      path
        .relative(ws, w.path)
        .split('/')
        .some((c) => gitName(c) === 'git')
    )
      return REFUSED;
    either ||= w.either;
    start = w.path;
  }

  let comps: string[];
  if (p.startsWith('/')) {
    if (isAlias(p)) return REFUSED;
    if (!inside(ws, p)) return { either: true }; // another spelling of the workspace, or outside: invariant decides
    comps = p.slice(ws.length).split('/');
    start = ws;
  } else comps = p.split('/');

  const w = walk(t, ws, start, comps, purpose);
  if (!w.ok) return w.either || either ? { either: true } : REFUSED;
  const rel = path.relative(ws, w.path).split('/');
  const requested = [...comps, ...(cwd ?? '').split('/')];
  if (purpose !== 'read') {
    if (rel.some((c) => gitName(c) === 'git') || requested.some((c) => gitName(c) === 'git')) return REFUSED;
    if (rel.some((c) => gitName(c) === 'maybe') || requested.some((c) => gitName(c) === 'maybe')) either = true;
  }
  if (deniedBy(t, w.path)) return REFUSED;
  if (literalOnly) return { either: true };
  if (either || w.either) return { either: true, path: w.path };
  return { ok: true, path: w.path };
}

/**
 * What every accepted answer must satisfy, whatever the case expected: a real path (no link in its
 * existing part) inside the workspace, not denied, and for a write not inside `.git`.
 */
export function invariantBroken(t: CorpusTree, ws: string, purpose: Purpose, answered: string): string | null {
  if (!inside(ws, answered)) return 'accepted a path outside the workspace';
  let head = answered;
  const tail: string[] = [];
  for (;;) {
    try {
      const real = fs.realpathSync(head);
      if (real !== head) return `accepted a path through a link (${head} is really ${real})`;
      break;
    } catch {
      tail.push(path.basename(head));
      head = path.dirname(head);
    }
  }
  const denied = deniedBy(t, answered);
  if (denied) return `accepted a denied place (${denied})`;
  if (
    purpose === 'write' &&
    path
      .relative(ws, answered)
      .split('/')
      .some((c) => c.toLowerCase() === '.git')
  )
    return 'accepted a write inside .git';
  return null;
}
