// Directories that are not part of the project (issue 24 §6): virtualenvs, installed dependencies,
// build output and caches. The summary shows each as one line with a count, ignored or not, instead
// of listing its files one by one (a .venv is a thousand untracked files), and lists at most
// UNTRACKED_LISTED other untracked files, saying how many more there are.
import fs from 'node:fs';
import path from 'node:path';
import { wordTable } from '../../shared/wordTable';

export type SetAsideKind = 'virtualenv' | 'dependencies' | 'build output' | 'cache';

export interface SetAsideDirectory {
  /** Relative to the workspace, with a trailing slash. */
  directory: string;
  kind: SetAsideKind;
  files: number;
  /** The count stopped at COUNT_LIMIT. */
  countCapped: boolean;
  ignored: boolean;
}

export const UNTRACKED_LISTED = 100;
export const COUNT_LIMIT = 10_000;
export const SET_ASIDE_LINES = 30;

const BY_NAME: Readonly<Record<string, SetAsideKind>> = wordTable({
  node_modules: 'dependencies',
  bower_components: 'dependencies',
  '.venv': 'virtualenv',
  venv: 'virtualenv',
  '.tox': 'virtualenv',
  '.nox': 'virtualenv',
  target: 'build output',
  dist: 'build output',
  build: 'build output',
  out: 'build output',
  '.next': 'build output',
  '.nuxt': 'build output',
  '.svelte-kit': 'build output',
  coverage: 'build output',
  '.eggs': 'build output',
  __pycache__: 'cache',
  '.pytest_cache': 'cache',
  '.mypy_cache': 'cache',
  '.ruff_cache': 'cache',
  '.turbo': 'cache',
  '.parcel-cache': 'cache',
  '.gradle': 'cache',
  '.cache': 'cache',
});

function kindOf(name: string, absolute: string): SetAsideKind | null {
  if (BY_NAME[name]) return BY_NAME[name];
  if (name.endsWith('.egg-info')) return 'build output';
  // Any directory with a pyvenv.cfg is a virtualenv, whatever its name.
  return fs.lstatSync(path.join(absolute, 'pyvenv.cfg'), { throwIfNoEntry: false })?.isFile() ? 'virtualenv' : null;
}

/** The set-aside directory an untracked path lies in (its outermost one), or null. */
export function setAsideOf(
  rel: string,
  workspace: string,
  cache: Map<string, SetAsideKind | null>,
): { directory: string; kind: SetAsideKind } | null {
  const parts = rel.replace(/\/+$/, '').split('/');
  const dirs = rel.endsWith('/') ? parts.length : parts.length - 1;
  for (let i = 1; i <= dirs; i += 1) {
    const directory = parts.slice(0, i).join('/');
    let kind = cache.get(directory);
    if (kind === undefined) {
      try {
        kind = kindOf(parts[i - 1]!, path.join(workspace, directory));
      } catch {
        kind = null;
      }
      cache.set(directory, kind);
    }
    if (kind) return { directory: `${directory}/`, kind };
  }
  return null;
}

/** Regular files below `absolute`, links not followed, stopping at COUNT_LIMIT. */
export function countFiles(absolute: string, limit = COUNT_LIMIT): { files: number; capped: boolean } {
  let files = 0;
  const stack = [absolute];
  while (stack.length > 0) {
    const dir = stack.pop() as string;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) stack.push(path.join(dir, entry.name));
      else if (entry.isFile() && ++files >= limit) return { files, capped: true };
    }
  }
  return { files, capped: false };
}

/**
 * Splits untracked paths into the set-aside directories (counted) and the project's own (listed,
 * at most UNTRACKED_LISTED), and adds the ignored directories that are set aside (`ignored`:
 * `git ls-files --others --ignored --directory` entries).
 */
export function setAside(untracked: readonly string[], ignored: readonly string[], workspace: string) {
  const cache = new Map<string, SetAsideKind | null>();
  const groups = new Map<string, SetAsideDirectory>();
  const own: string[] = [];
  for (const rel of untracked) {
    const found = setAsideOf(rel, workspace, cache);
    if (!found) {
      own.push(rel);
      continue;
    }
    const group = groups.get(found.directory) ?? { ...found, files: 0, countCapped: false, ignored: false };
    group.files += 1;
    groups.set(found.directory, group);
  }
  for (const rel of ignored) {
    const found = setAsideOf(rel, workspace, cache);
    if (!found || groups.has(found.directory) || groups.size >= SET_ASIDE_LINES) continue;
    const counted = countFiles(path.join(workspace, found.directory));
    groups.set(found.directory, { ...found, files: counted.files, countCapped: counted.capped, ignored: true });
  }
  const directories = [...groups.values()].sort((a, b) => a.directory.localeCompare(b.directory));
  return {
    directories,
    listed: own.slice(0, UNTRACKED_LISTED),
    moreUntracked: Math.max(0, own.length - UNTRACKED_LISTED),
  };
}
