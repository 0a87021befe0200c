// Whether git may act on a workspace at all (seed 003 §4, SPEC §6). Two rules:
// 1. The workspace must be the repository root, with its own `.git` directory: otherwise a pathspec
//    or an `add --all` would reach the owner's unrelated work, or a `.git` file would send git to a
//    repository somewhere else entirely.
// 2. The repository's own configuration must not name a program, pull in another file or move the
//    work tree. Command-line overrides win over `.git/config` for single settings, but cannot remove
//    an include, nor a filter or driver defined under a name of the repository's choosing, so such a
//    repository is refused rather than half-neutralised.
import { runSync } from '../processes/spawn';
import fs from 'node:fs';
import path from 'node:path';
import { findLinkInGitDir } from './gitDirLinks';
import { gitEnvironment, type GitDirectories } from './hardening';

export type RepositoryCheck =
  | { ok: true; configKeys: ReadonlySet<string> }
  | { ok: false; reason: string };

/** The nearest directory at or above `start` holding a `.git` entry (directory or file), or null. */
export function enclosingRepository(start: string): string | null {
  let dir = path.resolve(start);
  for (;;) {
    if (lexists(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function lexists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** Last name components that make a setting name a program git would run (or a place it would go). */
const PROGRAM_NAMES = new Set([
  'fsmonitor', 'pager', 'sshcommand', 'editor', 'askpass', 'gitproxy', 'hookspath', 'worktree',
  'alternaterefscommand', 'external', 'textconv', 'command', 'driver', 'cmd', 'program', 'helper',
  'clean', 'smudge', 'process', 'difffilter', 'packobjectshook', 'uploadpack', 'receivepack',
  'defaultkeycommand', 'proxycommand',
]);
/** Whole sections that pull in other files or bind programs under names the repository chooses. */
const REFUSED_SECTIONS = new Set(['include', 'includeif', 'filter', 'hook', 'pager']);

/** Why a configuration key is refused, or null when it is inert data. Keys arrive lower-cased from git. */
export function refusedConfigKey(key: string): string | null {
  const lower = key.toLowerCase();
  const section = lower.slice(0, lower.indexOf('.'));
  const name = lower.slice(lower.lastIndexOf('.') + 1);
  if (section === 'include' || section === 'includeif') return 'pulls in another configuration file';
  if (lower === 'core.worktree') return 'moves the work tree outside the workspace';
  if (REFUSED_SECTIONS.has(section) || PROGRAM_NAMES.has(name)) return 'names a program git would run';
  return null;
}

/** Checks both rules; on success returns the configuration's keys (for the commit identity). */
export function checkRepository(gitBinary: string, workspace: string, dirs: GitDirectories): RepositoryCheck {
  const gitDir = path.join(workspace, '.git');
  let stat: fs.Stats | null = null;
  try {
    stat = fs.lstatSync(gitDir);
  } catch {
    stat = null;
  }
  if (!stat) {
    const above = enclosingRepository(path.dirname(workspace));
    if (above) {
      return {
        ok: false,
        reason: `refused: the workspace is not a repository root; git would reach ${above}, which holds work outside this workspace`,
      };
    }
    return { ok: false, reason: 'refused: the workspace is not a git repository (git init makes it one)' };
  }
  if (stat.isFile()) {
    return { ok: false, reason: 'refused: .git in the workspace is a file pointing git at a repository elsewhere (gitdir:); git acts only on a .git directory inside the workspace' };
  }
  if (!stat.isDirectory()) {
    return { ok: false, reason: 'refused: .git in the workspace is a link, not a directory; git would act on a repository elsewhere' };
  }
  // A link anywhere git reads makes it read (and write) another repository's data (gitDirLinks.ts).
  const links = findLinkInGitDir(gitDir);
  if (!links.ok) {
    if ('tooMany' in links) {
      return { ok: false, reason: 'refused: .git holds too many entries to check for links (git gc and git pack-refs --all reduce them); git acts only on a .git with no link inside it' };
    }
    return { ok: false, reason: `refused: ${links.link} is a link; git would follow it and read another repository's data outside the workspace, so git acts only on a .git with no link inside it. Remove the link to use git here.` };
  }
  // A commondir or alternates file makes git read (and write) another repository's data.
  for (const redirect of ['commondir', path.join('objects', 'info', 'alternates')]) {
    if (lexists(path.join(gitDir, redirect))) {
      return { ok: false, reason: `refused: .git/${redirect} makes git use another repository's data outside the workspace` };
    }
  }
  const keys = new Set<string>();
  for (const file of ['config', 'config.worktree']) {
    const full = path.join(gitDir, file);
    let fileStat: fs.Stats;
    try {
      fileStat = fs.lstatSync(full);
    } catch {
      continue;
    }
    if (!fileStat.isFile()) {
      return { ok: false, reason: `refused: .git/${file} is not a plain file (a link would make git read configuration from elsewhere)` };
    }
    const listed = listConfigKeys(gitBinary, full, dirs);
    if (!listed.ok) return listed;
    for (const [key, value] of listed.entries) {
      const why = refusedConfigKey(key);
      if (why) {
        return {
          ok: false,
          reason: `refused: this repository's own configuration (.git/${file}) sets ${key}, which ${why}; Paddock never lets git run a program named by repository configuration. Remove the setting to use git here.`,
        };
      }
      if (key === 'core.bare' && value.toLowerCase() === 'true') {
        return { ok: false, reason: 'refused: the repository says it is bare (core.bare), so the workspace is not its work tree' };
      }
      keys.add(key);
    }
  }
  return { ok: true, configKeys: keys };
}

type Listing = { ok: true; entries: Array<[string, string]> } | { ok: false; reason: string };

/**
 * Git itself parses the file (so there is no parser of ours for a crafted file to disagree with),
 * with `--file`, which never follows includes, from an empty directory where no repository is found.
 */
function listConfigKeys(gitBinary: string, file: string, dirs: GitDirectories): Listing {
  const env = gitEnvironment({ gitBinary, dirs });
  env.GIT_CEILING_DIRECTORIES = path.dirname(dirs.emptyHooks);
  const result = runSync(
    { program: gitBinary, args: ['config', '--file', file, '--no-includes', '--list', '-z'], cwd: dirs.emptyHooks, env: env as Record<string, string> },
    'git',
    10_000,
    undefined,
    4 * 1024 * 1024,
  );
  if (result.status !== 0) {
    const detail = (result.stderr || result.error || '').trim();
    return { ok: false, reason: `refused: git cannot read the repository's configuration (${detail})` };
  }
  const entries: Array<[string, string]> = [];
  for (const record of result.stdout.split('\0')) {
    if (record === '') continue;
    const newline = record.indexOf('\n');
    entries.push(newline === -1 ? [record, ''] : [record.slice(0, newline), record.slice(newline + 1)]);
  }
  return { ok: true, entries };
}
