// Whether git may act on a workspace at all (seed 003 §4, SPEC §6). Two rules:
// 1. The workspace must be the repository root, with its own `.git` directory: otherwise a pathspec
//    or an `add --all` would reach the owner's unrelated work, or a `.git` file would send git to a
//    repository somewhere else entirely.
//    The one `.git` file accepted is a linked worktree's (worktreeLink.ts), checked both ways, whose
//    main repository's `.git` passes every rule below as if it were the workspace's own.
// 2. The repository's own configuration must not name a program, pull in another file or move the
//    work tree. Command-line overrides win over `.git/config` for single settings, but cannot remove
//    an include, nor a filter or driver defined under a name of the repository's choosing, so such a
//    repository is refused rather than half-neutralised.
import { runSync } from '../processes/spawn';
import fs from 'node:fs';
import path from 'node:path';
import { findLinkInGitDir } from './gitDirLinks';
import { gitEnvironment, type GitDirectories, type RepositoryDirs } from './hardening';
import { readWorktreeLink } from './worktreeLink';

export type RepositoryCheck =
  { ok: true; configKeys: ReadonlySet<string>; dirs: RepositoryDirs } | { ok: false; reason: string };

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
  'fsmonitor',
  'pager',
  'sshcommand',
  'editor',
  'askpass',
  'gitproxy',
  'hookspath',
  'worktree',
  'alternaterefscommand',
  'external',
  'textconv',
  'command',
  'driver',
  'cmd',
  'program',
  'helper',
  'clean',
  'smudge',
  'process',
  'difffilter',
  'packobjectshook',
  'uploadpack',
  'receivepack',
  'defaultkeycommand',
  'proxycommand',
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
  let repo: RepositoryDirs;
  if (stat.isFile()) {
    const link = readWorktreeLink(workspace);
    if (!link.ok) return link;
    repo = { gitDir: link.dirs.gitDir, commonDir: link.dirs.commonDir };
    // The worktree's own directory holds HEAD and the index: no link there either.
    const own = linkRefusal(findLinkInGitDir(repo.gitDir), repo.gitDir);
    if (own) return own;
  } else if (!stat.isDirectory()) {
    return {
      ok: false,
      reason: 'refused: .git in the workspace is a link, not a directory; git would act on a repository elsewhere',
    };
  } else {
    repo = { gitDir, commonDir: gitDir };
  }
  const commonDir = repo.commonDir;
  // A link anywhere git reads makes it read (and write) another repository's data (gitDirLinks.ts).
  const links = linkRefusal(findLinkInGitDir(commonDir), commonDir === gitDir ? null : commonDir);
  if (links) return links;
  // A commondir or alternates file makes git read (and write) another repository's data.
  for (const redirect of ['commondir', path.join('objects', 'info', 'alternates')]) {
    if (lexists(path.join(commonDir, redirect))) {
      return {
        ok: false,
        reason: `refused: .git/${redirect} makes git use another repository's data outside the workspace`,
      };
    }
  }
  const keys = new Set<string>();
  for (const [dir, file] of [
    [commonDir, 'config'],
    [repo.gitDir, 'config.worktree'],
  ] as const) {
    const full = path.join(dir, file);
    let fileStat: fs.Stats;
    try {
      fileStat = fs.lstatSync(full);
    } catch {
      continue;
    }
    if (!fileStat.isFile()) {
      return {
        ok: false,
        reason: `refused: .git/${file} is not a plain file (a link would make git read configuration from elsewhere)`,
      };
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
        return {
          ok: false,
          reason: 'refused: the repository says it is bare (core.bare), so the workspace is not its work tree',
        };
      }
      keys.add(key);
    }
  }
  return { ok: true, configKeys: keys, dirs: repo };
}

/** The refusal of a link inside a git directory (`where`: named when it is not the workspace's own .git). */
function linkRefusal(
  links: ReturnType<typeof findLinkInGitDir>,
  where: string | null,
): { ok: false; reason: string } | null {
  if (links.ok) return null;
  if ('tooMany' in links) {
    return {
      ok: false,
      reason:
        'refused: .git holds too many entries to check for links (git gc and git pack-refs --all reduce them); git acts only on a .git with no link inside it',
    };
  }
  const named = where ? `${links.link.replace(/^\.git/, where)}` : links.link;
  return {
    ok: false,
    reason: `refused: ${named} is a link; git would follow it and read another repository's data outside the workspace, so git acts only on a .git with no link inside it. Remove the link to use git here.`,
  };
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
    {
      program: gitBinary,
      args: ['config', '--file', file, '--no-includes', '--list', '-z'],
      cwd: dirs.emptyHooks,
      env: env as Record<string, string>,
    },
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
