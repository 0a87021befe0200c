// A linked worktree's `.git` file (git worktree add): the one shape of `.git` file git may follow.
// The file names `<main>/.git/worktrees/<name>`; that directory names the main repository's `.git`
// back (commondir `../..`) and this workspace's `.git` (gitdir). Anything else — a relative or
// climbing path, a bare repository, a submodule's git directory, another repository's worktree
// whose back-pointer is not this workspace, a link anywhere on the way — is refused, because git
// would then act on a repository elsewhere. The caller pins GIT_DIR and GIT_COMMON_DIR to exactly
// what this returns, so git never reads the file itself.
import fs from 'node:fs';
import path from 'node:path';

export interface WorktreeDirs {
  /** `<main>/.git/worktrees/<name>`: HEAD, index and config.worktree of this worktree. */
  gitDir: string;
  /** `<main>/.git`: objects, refs and config, shared with the main work tree. */
  commonDir: string;
  /** The main repository's work tree (the directory holding commonDir). */
  mainRoot: string;
}

export type WorktreeLink = { ok: true; dirs: WorktreeDirs } | { ok: false; reason: string };

const NAME = /^[A-Za-z0-9._-]{1,200}$/;
const MAX_POINTER_BYTES = 4096;

const refused = (why: string): WorktreeLink => ({
  ok: false,
  reason: `refused: .git in the workspace is a file pointing git at a repository elsewhere (${why}); git follows only a worktree's .git file that names its own main repository's .git/worktrees/<name>, which names this workspace back`,
});

/** Reads a small plain file (never through a link); null when it is anything else. */
function readPointer(file: string): string | null {
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!stat || !stat.isFile() || stat.size > MAX_POINTER_BYTES) return null;
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  try {
    return fs.readFileSync(fd, 'utf8');
  } finally {
    fs.closeSync(fd);
  }
}

function isPlainDirectory(dir: string): boolean {
  const stat = fs.lstatSync(dir, { throwIfNoEntry: false });
  return stat !== undefined && stat.isDirectory();
}

/** The worktree a workspace's `.git` file names, checked both ways; `workspace` is real and absolute. */
export function readWorktreeLink(workspace: string): WorktreeLink {
  const dotGit = path.join(workspace, '.git');
  const content = readPointer(dotGit);
  if (content === null) return refused('it is not a small plain file');
  const match = /^gitdir: (.+)\n?$/.exec(content);
  if (!match) return refused('it does not hold one gitdir: line');
  const named = match[1];
  if (!path.isAbsolute(named!) || path.normalize(named!) !== named || named.endsWith('/'))
    return refused(`${named} is not a plain absolute path`);
  const gitDir = named;
  const worktrees = path.dirname(gitDir);
  const commonDir = path.dirname(worktrees);
  if (
    !NAME.test(path.basename(gitDir)) ||
    path.basename(worktrees) !== 'worktrees' ||
    path.basename(commonDir) !== '.git'
  ) {
    return refused(`${gitDir} is not a repository's .git/worktrees/<name>`);
  }
  // No link on the way: the real path is the path named, and each of the three is a directory.
  let real: string;
  try {
    real = fs.realpathSync(gitDir);
  } catch {
    return refused(`${gitDir} does not exist`);
  }
  if (real !== gitDir || ![gitDir, worktrees, commonDir].every(isPlainDirectory))
    return refused(`${gitDir} goes through a link`);
  const common = readPointer(path.join(gitDir, 'commondir'));
  if (common === null || path.resolve(gitDir, common.trim()) !== commonDir)
    return refused(`${gitDir}/commondir does not name ${commonDir}`);
  const back = readPointer(path.join(gitDir, 'gitdir'));
  if (back === null || back.trim() !== dotGit)
    return refused(`${gitDir} belongs to another work tree, not this workspace`);
  return { ok: true, dirs: { gitDir, commonDir, mainRoot: path.dirname(commonDir) } };
}
