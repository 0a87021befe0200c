// seed 003 §5.3 / SPEC §7: every path — operand or flag value — resolves inside the workspace with
// the resolver's `run` rule (not absolute, no `..`, no `~`, no link component, nothing in .git, not
// deny-listed), against the directory the command will run in, because that is what the program
// reads it against. There is one resolver; this file only asks it and words the answer.
import fs from 'node:fs';
import path from 'node:path';
import type { CompiledDenyList } from '../workspace/denyList';
import { pathSession, resolveIn, type PathSession } from '../workspace/resolve';
import type { PathContext } from '../workspace/types';
import type { ConfigName, GateCode, PathCheck, Refusal } from './types';

export type CwdResolution = { ok: true; absolute: string; relative: string } | ({ ok: false } & Refusal);

/** The command's directory, itself resolved inside the workspace with the `run` rule. */
export function resolveCommandCwd(where: PathContext | PathSession, cwd: string | undefined): CwdResolution {
  const session = 'wsParts' in where ? where : pathSession(where);
  const paths = session.ctx;
  // A workspace that is itself inside a .git directory would make every operand a .git path.
  if (session.wsInsideGit) {
    return {
      ok: false,
      code: 'git-dir',
      reason: `the workspace ${paths.workspace} is inside .git, which a command may not work in`,
    };
  }
  // The root itself was accepted when the workspace was granted (PathContext): nothing to walk.
  if (cwd === undefined || cwd === '' || cwd === '.') return { ok: true, absolute: paths.workspace, relative: '.' };
  const wanted = cwd;
  const r = resolveIn(session, { path: wanted, for: 'run' });
  if (!r.ok)
    return {
      ok: false,
      code: r.code,
      reason: `the working directory is refused: ${r.reason.replace(/^refused: /, '').replace(/\.$/, '')}`,
    };
  if (r.rel.length > 0 && !r.stat?.isDirectory()) {
    return {
      ok: false,
      code: 'not-a-directory',
      reason: `the working directory ${JSON.stringify(wanted)} is not a directory in the workspace`,
    };
  }
  return { ok: true, absolute: r.path, relative: r.rel.length === 0 ? '.' : r.rel.join('/') };
}

/**
 * A deny-listed place (or Paddock's data directory) strictly below `dir`, by its label, or null.
 * The resolver refuses a path inside such a place; a program that descends from above would
 * reach it anyway, so a recursive search must not start above one (SPEC §4: even when the
 * workspace is placed above them).
 */
function deniedBelow(session: PathSession, dir: string): string | null {
  const list = session.deny;
  const top = session.fold(dir).replace(/\/+$/, '');
  // The answer depends only on the compiled list and the directory: a corpus asks about the same
  // few directories again and again, and the list is recompiled (a new object) when it expires.
  let known = belowCache.get(list);
  if (known === undefined) {
    known = new Map();
    belowCache.set(list, known);
  }
  const hit = known.get(top);
  if (hit !== undefined) return hit;
  const answer = scanBelow(list, top);
  if (known.size > 10_000) known.clear();
  known.set(top, answer);
  return answer;
}

const belowCache = new WeakMap<CompiledDenyList, Map<string, string | null>>();

function scanBelow(list: CompiledDenyList, top: string): string | null {
  const inside = (key: string) => key === top || key.startsWith(`${top}/`);
  for (const entry of list.exact.values()) {
    if (entry.key !== top && inside(entry.key)) return entry.label;
  }
  for (const [key, entries] of list.prefixed) {
    if (inside(key)) return entries[0]!.label;
  }
  return null;
}

/** Whether `name` is a regular file in the workspace directory `dirRel`, or in one above it up to the root. */
function foundUp(session: PathSession, dirRel: string, name: string): boolean {
  const parts = dirRel === '.' ? [] : dirRel.split('/');
  for (let n = parts.length; n >= 0; n--) {
    const file = [session.ws, ...parts.slice(0, n), name].join('/');
    if (session.lstat(file)?.isFile()) return true;
  }
  return false;
}

/** The first 256 KiB of the regular file `file`, read without following a link; null when it is not one. */
function smallText(session: PathSession, file: string): string | null {
  const st = session.lstat(file);
  if (!st?.isFile()) return null;
  try {
    const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
    try {
      // As large as the file (a config is small), never more than 256 KiB.
      const buffer = Buffer.allocUnsafe(Math.min(st.size, 256 * 1024));
      const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
      return buffer.toString('utf8', 0, read);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return null;
  }
}

/** A section header `[name]` on a line of its own (spaces inside the brackets and a trailing comment allowed); compiled once per name. */
const sectionPatterns = new Map<string, RegExp>();
function sectionPattern(name: string): RegExp {
  let pattern = sectionPatterns.get(name);
  if (pattern === undefined) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pattern = new RegExp(`^[ \\t]*\\[[ \\t]*${escaped}[ \\t]*\\][ \\t]*(?:[#;].*)?$`, 'm');
    sectionPatterns.set(name, pattern);
  }
  return pattern;
}

/** Whether `file` holds what makes it the program's configuration (ConfigName.holds). */
function fileHolds(session: PathSession, file: string, holds: NonNullable<ConfigName['holds']>): boolean {
  const text = smallText(session, file);
  if (text === null) return false;
  if ('section' in holds) return sectionPattern(holds.section).test(text);
  try {
    const parsed = JSON.parse(text) as unknown;
    return (
      typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.hasOwn(parsed, holds.jsonKey)
    );
  } catch {
    return false;
  }
}

/**
 * Where the program's configuration would be found above the workspace: null when one inside (from
 * the command's directory up to the workspace root) stops the search first, or when there is none
 * above either; else the path found above.
 */
function configFoundAbove(session: PathSession, dirRel: string, names: readonly ConfigName[]): string | null {
  const parts = dirRel === '.' ? [] : dirRel.split('/');
  for (let n = parts.length; n >= 0; n--) {
    const dir = [session.ws, ...parts.slice(0, n)].join('/');
    for (const c of names) {
      if (c.aboveOnly) continue;
      const file = `${dir}/${c.name}`;
      if (c.holds === undefined ? session.lstat(file) !== undefined : fileHolds(session, file, c.holds)) return null;
    }
  }
  // Above the workspace any file of those names counts, whatever it holds (a newer pytest takes a
  // bare pyproject.toml as its root when it finds nothing better).
  for (let dir = path.dirname(session.ws); ; dir = path.dirname(dir)) {
    for (const c of names) {
      const file = path.join(dir, c.name);
      if (session.lstat(file) !== undefined) return file;
    }
    if (dir === path.dirname(dir)) return null;
  }
}

/** A Python module of the project: `<name>.py` a file or `<name>` a directory, reached with no link. */
/** A top-level module of the project: `<name>.py` as a file, or `<name>/` as a package directory. */
function projectModule(session: PathSession, cwdRelative: string, name: string): boolean {
  if (name === '') return false;
  const file = resolveIn(session, { path: `${name}.py`, for: 'run', cwd: cwdRelative });
  if (file.ok && file.stat?.isFile()) return true;
  const dir = resolveIn(session, { path: name, for: 'run', cwd: cwdRelative });
  return dir.ok && dir.stat?.isDirectory() === true;
}

const refusal = (code: GateCode, reason: string): Refusal => ({ code, reason });

/** Returns why the first failing check gates (code and sentence), or null when every path is inside. */
export function checkPaths(session: PathSession, cwdRelative: string, checks: readonly PathCheck[]): Refusal | null {
  for (const check of checks) {
    if (check.findUp !== undefined) {
      if (!foundUp(session, cwdRelative, check.findUp)) {
        return refusal(
          'finds-up-outside',
          `${check.role} would look for ${check.findUp} above the workspace, since there is none in this directory or above it inside the workspace`,
        );
      }
      continue;
    }
    if (check.configUp !== undefined) {
      const above = configFoundAbove(session, cwdRelative, check.configUp);
      if (above !== null) {
        return refusal(
          'finds-up-outside',
          `${check.role} would load its configuration ${above} from above the workspace, since there is none of its own in this directory or above it inside the workspace`,
        );
      }
      continue;
    }
    if (check.pythonModule) {
      if (!projectModule(session, cwdRelative, check.path)) {
        return refusal(
          'not-project-file',
          `${check.role} ${JSON.stringify(check.path)} is not a module of the project (no ${check.path}.py or ${check.path}/ here), and Python would import whatever installed module has that name`,
        );
      }
      continue;
    }
    const r = resolveIn(session, { path: check.path, for: 'run', cwd: cwdRelative });
    if (!r.ok)
      return refusal(r.code, `${check.role} is refused: ${r.reason.replace(/^refused: /, '').replace(/\.$/, '')}`);
    if (check.recursive) {
      const below = deniedBelow(session, r.path);
      if (below !== null)
        return refusal(
          'reaches-deny-list',
          `${check.role} ${JSON.stringify(check.path)} would reach ${below}, which lies inside it`,
        );
    }
    if (!check.mustBeFile && !check.notDirectory && !check.mustBeDirectory) continue;
    // The resolver leaves stat unset for the start directory itself (`.`): ask the filesystem.
    const st = r.stat ?? session.lstat(r.path);
    if (check.mustBeFile && !st?.isFile()) {
      return refusal('not-project-file', `${check.role} ${JSON.stringify(check.path)} is not a file of the project`);
    }
    if (check.mustBeDirectory && !st?.isDirectory()) {
      return refusal(
        'not-project-file',
        `${check.role} ${JSON.stringify(check.path)} is not a directory of the project, so Go would read it as an import path`,
      );
    }
    if (check.notDirectory && st?.isDirectory()) {
      return refusal(
        'operand-not-allowed',
        `${check.role} ${JSON.stringify(check.path)} is a directory, whose files would be read through any links inside it`,
      );
    }
  }
  return null;
}
