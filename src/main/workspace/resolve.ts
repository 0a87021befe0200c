// The one resolver (SPEC §4, seed 000 AC-4/AC-5, seed 003 §2/§5). Every file tool and the command
// policy call it before doing anything. It resolves links itself, one component at a time with
// lstat/readlink, so the answer is a real path inside the workspace or a refusal naming the rule.
import fs from 'node:fs';
import path from 'node:path';
import type { PathContext, PathDecision, PathPurpose, PathRefusalCode, PathRequest } from './types';
import { deniedArea, deniedStep, denyCode, denyReason, type CompiledDenyList, type Fold } from './denyList';
import { isGitComponent } from './gitName';
import { pathSession, type PathSession } from './pathSession';
import { normalSeparators, refuseByShape, show } from './shape';

/** Like the kernel's MAXSYMLINKS: more link expansions than this in one path is a loop. */
const LINK_LIMIT = 40;
/** Marks where a link's target components end on the pending stack (NUL never names a component). */
const END_OF_LINK = '\0';
const ALIASES = ['/dev', '/proc', '/sys'];

/**
 * Whether an absolute path names a device or process tree in any spelling: `//proc`, `/./proc` and
 * `/tmp/../proc` are /proc to the kernel, and /proc/self/root/<workspace> would otherwise be taken
 * for another spelling of the workspace (SPEC §4 refuses every /dev, /proc and /sys path).
 */
function isAlias(abs: string): boolean {
  const forms = abs.startsWith('/') && /\/\/|\/\.\.?(\/|$)/.test(abs) ? [abs, path.posix.normalize(abs)] : [abs];
  return forms.some((p) => ALIASES.some((a) => p === a || p.startsWith(`${a}/`)));
}

export type Resolution =
  | {
      ok: true;
      path: string;
      /** Real components below the workspace: no link among them when validated. */
      rel: string[];
      /** lstat of the final component (undefined: absent) and of its parent, for the (dev, ino) check. */
      stat: fs.Stats | undefined;
      parentStat: fs.Stats | undefined;
      /** How many links were followed on the way (list refuses a link in the path it was asked for). */
      links: number;
    }
  | { ok: false; status: 403; code: PathRefusalCode; reason: string };

interface Walker {
  ws: string;
  wsParts: string[];
  fold: Fold;
  deny: CompiledDenyList;
  purpose: PathPurpose;
  shown: string;
  session: PathSession;
}

type Refusal = { ok: false; status: 403; code: PathRefusalCode; reason: string };

function refuse(code: PathRefusalCode, reason: string): Refusal {
  return { ok: false, status: 403, code, reason };
}

/** Components below the workspace of an absolute path, or null when it is not under the workspace. */
function componentsInside(abs: string, w: Walker): string[] | null {
  const parts = abs.split('/').filter((c) => c !== '' && c !== '.');
  if (parts.length < w.wsParts.length) return null;
  for (let i = 0; i < w.wsParts.length; i++) {
    if (w.fold(parts[i]!) !== w.fold(w.wsParts[i]!)) return null;
  }
  return parts.slice(w.wsParts.length);
}

function isFinal(pending: string[]): boolean {
  for (const c of pending) if (c !== '' && c !== '.' && c !== END_OF_LINK) return false;
  return true;
}

/** A walk's position: the real components so far, their paths, folded paths and lstats. */
interface Trail {
  rel: string[];
  positions: string[];
  folded: string[];
  stats: (fs.Stats | undefined)[];
}

/**
 * A link whose target text leaves the workspace may still land inside it: `../proj/x` from the
 * root, or an absolute target spelled through a link to the workspace (macOS /var → /private/var,
 * a home behind a link). SPEC §4 follows a link "whose target resolves inside": ask the kernel for
 * the outermost link's real path and, when it is inside and not denied, walk that real path instead
 * (it holds no link; the open re-checks every component with no-follow). False: really outside.
 * On true the caller resets its link depth and missing marker: the walk restarts at the root.
 * (A function of its own, not a closure: a walk is on every decision's path.)
 */
function landInside(w: Walker, linkAt: string, linkDepth: number, pending: string[], trail: Trail): boolean {
  let real: string;
  try {
    real = fs.realpathSync.native(linkAt);
  } catch {
    return false;
  }
  const comps = componentsInside(real, w);
  if (comps === null) return false;
  let depth = linkDepth;
  while (depth > 0 && pending.length > 0) if (pending.pop() === END_OF_LINK) depth--;
  trail.rel.length = 0;
  trail.positions.length = 1;
  trail.folded.length = 1;
  trail.stats.length = 1;
  for (let i = comps.length - 1; i >= 0; i--) pending.push(comps[i]!);
  return true;
}

/** Walks `comps` from the directory `start` (components below the workspace). */
function walk(w: Walker, start: string[], comps: string[]): Resolution {
  const rel = start.slice();
  const positions = [w.ws];
  const folded = [w.fold(w.ws)];
  const stats: (fs.Stats | undefined)[] = [undefined];
  for (const c of start) {
    positions.push(`${positions[positions.length - 1]}/${c}`);
    folded.push(`${folded[folded.length - 1]}/${w.fold(c)}`);
    stats.push(undefined);
  }
  const pending = comps.slice().reverse();
  let linkDepth = 0;
  let hops = 0;
  let link = '';
  /** Absolute path of the outermost link being expanded (for the kernel's own answer, below). */
  let linkAt = '';
  let missingAt = -1;
  const trail: Trail = { rel, positions, folded, stats };

  while (pending.length > 0) {
    const c = pending.pop() as string;
    if (c === END_OF_LINK) {
      linkDepth--;
      continue;
    }
    if (c === '' || c === '.') continue;
    if (c === '..') {
      if (rel.length === 0) {
        if (linkDepth > 0 && landInside(w, linkAt, linkDepth, pending, trail)) {
          linkDepth = 0;
          missingAt = -1;
          continue;
        }
        return refuse(
          linkDepth > 0 ? 'link-outside' : 'climbs-out',
          linkDepth > 0
            ? `refused: ${show(w.shown)} goes through the link ${show(link)}, which points outside the workspace.`
            : `refused: ${show(w.shown)} climbs out of the workspace with '..'.`,
        );
      }
      rel.pop();
      positions.pop();
      folded.pop();
      stats.pop();
      if (missingAt >= rel.length) missingAt = -1;
      continue;
    }
    const parent = positions[positions.length - 1];
    const next = `${parent}/${c}`;
    const foldedNext = `${folded[folded.length - 1]}/${w.fold(c)}`;
    // Checked before lstat: a denied place is not even looked at, and a link there is refused as the place.
    const denied = deniedStep(w.deny, folded[folded.length - 1]!, foldedNext);
    if (denied && !denied.dataDir) return refuse(denyCode(denied), denyReason(denied));
    if (w.purpose !== 'read' && isGitComponent(c)) {
      return refuse(
        'git-dir',
        w.purpose === 'write'
          ? `refused: ${show(w.shown)} is inside .git, which a file tool never writes.`
          : `refused: ${show(w.shown)} is inside .git, which a command operand may not name.`,
      );
    }
    let st: fs.Stats | undefined;
    if (missingAt < 0) {
      st = w.session.lstat(next);
      if (st === undefined) {
        if (linkDepth > 0) {
          return refuse(
            'link-outside',
            `refused: ${show(w.shown)} goes through the link ${show(link)}, whose target does not exist.`,
          );
        }
        missingAt = rel.length;
      }
    }
    if (st !== undefined && st.isSymbolicLink()) {
      const shownLink = [...rel, c].join('/');
      if (w.purpose === 'run') {
        return refuse(
          'link',
          `refused: ${show(w.shown)} contains the symbolic link ${show(shownLink)}; a command operand may contain no link, because the program would follow it.`,
        );
      }
      if (w.purpose === 'write' && linkDepth === 0 && isFinal(pending)) {
        return refuse(
          'link-outside',
          `refused: ${show(w.shown)} is a symbolic link; a write never follows a link at the destination.`,
        );
      }
      if (++hops > LINK_LIMIT) return refuse('link-outside', `refused: ${show(w.shown)} goes through links that loop.`);
      if (linkDepth === 0) {
        link = shownLink;
        linkAt = next;
      }
      let target: string;
      try {
        target = fs.readlinkSync(next);
      } catch {
        return refuse(
          'link-outside',
          `refused: ${show(w.shown)} goes through the link ${show(link)}, which changed while it was read.`,
        );
      }
      // A link into a device or process tree is refused by its target, even where that tree leads
      // back to the workspace (/proc/self/root/<workspace>, ../../proc/self/cwd): as for a path.
      if (isAlias(path.isAbsolute(target) ? target : `${parent}/${target}`)) {
        return refuse(
          'device-alias',
          `refused: ${show(w.shown)} goes through the link ${show(link)}, which points outside the workspace, into a device or process alias (${show(target)}).`,
        );
      }
      pending.push(END_OF_LINK);
      linkDepth++;
      let targetComps = target.split('/');
      if (path.isAbsolute(target)) {
        const inside = componentsInside(target, w);
        if (inside === null) {
          if (landInside(w, linkAt, linkDepth, pending, trail)) {
            linkDepth = 0;
            missingAt = -1;
            continue;
          }
          return refuse(
            'link-outside',
            `refused: ${show(w.shown)} goes through the link ${show(link)}, which points outside the workspace.`,
          );
        }
        targetComps = inside;
        rel.length = 0;
        positions.length = 1;
        folded.length = 1;
        stats.length = 1;
        missingAt = -1;
      }
      for (let i = targetComps.length - 1; i >= 0; i--) pending.push(targetComps[i]!);
      continue;
    }
    rel.push(c);
    positions.push(next);
    folded.push(foldedNext);
    stats.push(st);
  }

  // The working directory's components were walked as a read: the .git rule is applied to the whole
  // real path here, so `cwd: .git/hooks` (or a link to it) is no way into .git.
  if (w.purpose !== 'read') {
    for (const c of rel) {
      if (isGitComponent(c))
        return refuse(
          'git-dir',
          `refused: ${show(w.shown)} is inside .git, which ${w.purpose === 'write' ? 'a file tool never writes' : 'a command operand may not name'}.`,
        );
    }
  }
  const finalFolded = folded[folded.length - 1];
  const area = deniedArea(w.deny, finalFolded!);
  if (area) return refuse(denyCode(area), denyReason(area));
  return {
    ok: true,
    path: positions[positions.length - 1]!,
    rel,
    stat: stats[stats.length - 1],
    parentStat: stats.length > 1 ? stats[stats.length - 2] : undefined,
    links: hops,
  };
}

/**
 * An absolute path that names the workspace through a link or a climb above it (`/tmp/x/ws` when
 * /tmp/x links to the real parent, `/a/../ws`): the components after the prefix the kernel resolves
 * to the workspace itself. Only prefixes ending in the workspace's own name are asked about, at most
 * a few, and never under the automounter (a lookup there would mount a network share).
 */
function throughAnotherSpelling(p: string, w: Walker): string[] | null {
  const parts = p.split('/').filter((c) => c !== '' && c !== '.');
  if (parts[0] === 'net' || parts[0] === 'Network' || w.wsParts.length === 0) return null;
  const name = w.fold(w.wsParts[w.wsParts.length - 1]!);
  const ws = w.fold(w.ws);
  let asked = 0;
  for (let k = 0; k < parts.length && asked < 8; k++) {
    if (w.fold(parts[k]!) !== name) continue;
    asked++;
    try {
      if (w.fold(fs.realpathSync.native(`/${parts.slice(0, k + 1).join('/')}`)) === ws) return parts.slice(k + 1);
    } catch {
      // not a directory that exists: not the workspace
    }
  }
  return null;
}

function startComponents(p: string, w: Walker): { comps: string[] } | Refusal {
  if (!p.startsWith('/')) return { comps: p.split('/') };
  const inside = componentsInside(p, w);
  if (inside !== null) return { comps: inside };
  if (isAlias(p)) {
    return refuse('device-alias', `refused: ${show(p)} is a device or process alias, outside every workspace.`);
  }
  const another = throughAnotherSpelling(p, w);
  if (another !== null) return { comps: another };
  return refuse('outside-workspace', `refused: ${show(p)} is outside the workspace ${w.ws}.`);
}

/** The full answer: also the components below the workspace and the final lstat (for safe open). */
export function resolveDetailed(ctx: PathContext, req: PathRequest): Resolution {
  return resolveIn(pathSession(ctx), req);
}

/** resolveDetailed within a decision's session (see PathSession). */
export function resolveIn(session: PathSession, req: PathRequest): Resolution {
  const { ws, wsParts } = session;
  const shapeError = refuseByShape(req.path, req.for, 'path');
  if (shapeError) return refuse(shapeError.code, shapeError.reason);
  if (req.for === 'write' && session.wsInsideGit) {
    return refuse(
      'git-dir',
      `refused: the workspace ${ws} is inside a .git directory, which a file tool never writes.`,
    );
  }
  const w: Walker = { ws, wsParts, fold: session.fold, deny: session.deny, purpose: req.for, shown: req.path, session };

  let start: string[] = [];
  if (req.cwd !== undefined && req.cwd !== '' && req.cwd !== '.') {
    const cwdPurpose: PathPurpose = req.for === 'run' ? 'run' : 'read';
    const cwdError = refuseByShape(req.cwd, cwdPurpose, 'working directory');
    if (cwdError) return refuse(cwdError.code, cwdError.reason);
    const cwdPath = normalSeparators(req.cwd);
    const cwdStart = startComponents(cwdPath, w);
    if ('reason' in cwdStart) return cwdStart;
    const cwd = walk({ ...w, purpose: cwdPurpose, shown: req.cwd }, [], cwdStart.comps);
    if (!cwd.ok) return cwd;
    if (cwd.rel.length > 0 && !cwd.stat?.isDirectory())
      return refuse(
        'not-a-directory',
        `refused: the working directory ${show(req.cwd)} is not a directory in the workspace.`,
      );
    start = cwd.rel;
  }
  const p = normalSeparators(req.path);
  const first = startComponents(p, w);
  if ('reason' in first) return first;
  return walk(w, p.startsWith('/') ? [] : start, first.comps);
}

/** SPEC §4: the absolute real path inside the workspace (real parent + name when absent), or a 403. */
export function resolveInsideWorkspace(ctx: PathContext, req: PathRequest): PathDecision {
  const r = resolveDetailed(ctx, req);
  return r.ok ? { ok: true, path: r.path } : r;
}

export { validateWorkspaceRoot } from './root';
export { pathSession, type PathSession } from './pathSession';
