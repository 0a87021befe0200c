// The environment and configuration every git process Paddock starts runs under (seed 003 §4,
// SPEC §6). Built from scratch: nothing of Paddock's own environment and nothing of the owner's git
// configuration reaches git, and every setting that can name a program is overridden on the command
// line, which git reads last and so wins over the repository's own `.git/config`.
import fs from 'node:fs';
import path from 'node:path';

export interface GitDirectories {
  /** An existing, empty directory: core.hooksPath points here so no hook is ever found. */
  emptyHooks: string;
  /** An existing, empty directory used as HOME, so `~` in any path git expands leads nowhere. */
  home: string;
  /** A path that never exists, for gpg.program: a signing request then fails instead of running something. */
  missingProgram: string;
}

/** Creates (if needed) the directories under `<data>/developer` that git is pointed at. */
export function gitDirectories(dataDir: string): GitDirectories {
  const developer = path.join(dataDir, 'developer');
  const emptyHooks = path.join(developer, 'empty-hooks');
  const home = path.join(developer, 'git-home');
  fs.mkdirSync(emptyHooks, { recursive: true, mode: 0o700 });
  fs.mkdirSync(home, { recursive: true, mode: 0o700 });
  return { emptyHooks, home, missingProgram: path.join(developer, 'no-such-program', 'gpg') };
}

/**
 * The `-c` overrides put before every subcommand. An EMPTY core.hooksPath would make git look for
 * hooks at the filesystem root, so it always names the existing empty directory.
 */
export function configOverrides(dirs: GitDirectories): string[] {
  return configSettings(dirs).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
}

/** The overrides as key/value pairs (clone swaps the transport settings for its own). */
export function configSettings(dirs: GitDirectories): Array<[string, string]> {
  return [
    ['core.hooksPath', dirs.emptyHooks],
    ['core.fsmonitor', 'false'],
    ['core.pager', 'cat'],
    // ':' is git's own "no editor" spelling: it runs nothing at all.
    ['core.editor', ':'],
    ['sequence.editor', ':'],
    // A program that cannot exist: if anything would still reach for one, it fails and runs nothing.
    ['core.askPass', dirs.missingProgram],
    ['core.sshCommand', dirs.missingProgram],
    ['diff.external', dirs.missingProgram],
    // An empty value empties git's list of credential helpers.
    ['credential.helper', ''],
    ['core.attributesFile', '/dev/null'],
    ['core.excludesFile', '/dev/null'],
    ['commit.gpgSign', 'false'],
    ['tag.gpgSign', 'false'],
    ['log.showSignature', 'false'],
    ['gpg.program', dirs.missingProgram],
    ['gpg.openpgp.program', dirs.missingProgram],
    ['gpg.x509.program', dirs.missingProgram],
    ['gpg.ssh.program', dirs.missingProgram],
    // No transport at all for workspace actions: nothing fetches, nothing pushes, no ssh starts.
    ['protocol.allow', 'never'],
    // `git gc --auto` and maintenance are child processes nobody asked for.
    ['gc.auto', '0'],
    ['maintenance.auto', 'false'],
    // Submodules have configuration of their own that Paddock has not inspected.
    ['submodule.recurse', 'false'],
    ['diff.ignoreSubmodules', 'all'],
    ['status.submoduleSummary', 'false'],
    ['mailmap.file', '/dev/null'],
    ['core.quotePath', 'false'],
  ];
}

/** Where git's own data is: both the workspace's `.git` for a repository, a linked worktree's two otherwise. */
export interface RepositoryDirs {
  /** HEAD and the index: `<workspace>/.git`, or `<main>/.git/worktrees/<name>`. */
  gitDir: string;
  /** Objects, refs and config: `<workspace>/.git`, or `<main>/.git`. */
  commonDir: string;
}

export interface GitEnvOptions {
  gitBinary: string;
  dirs: GitDirectories;
  /** The repository: GIT_DIR and GIT_WORK_TREE are set explicitly, so no discovery happens. */
  workspace?: string;
  /** Read-only actions take no optional locks and so never rewrite the index. */
  readOnly?: boolean;
  /** The checked directories (repository.ts); the workspace's own `.git` when absent. */
  repository?: RepositoryDirs;
}

/** An environment built from nothing: only what git needs, nothing inherited. */
export function gitEnvironment(options: GitEnvOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    // Git finds its own helpers through its compiled-in exec path; PATH holds only git's directory.
    PATH: path.dirname(options.gitBinary),
    HOME: options.dirs.home,
    XDG_CONFIG_HOME: path.join(options.dirs.home, 'config'),
    LANG: 'C',
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    GIT_EDITOR: ':',
    GIT_SEQUENCE_EDITOR: ':',
    // Every pathspec is a literal file name: no `:(top)`, no glob magic reaching beyond what was checked.
    GIT_LITERAL_PATHSPECS: '1',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_ADVICE: '0',
  };
  if (options.workspace) {
    // Every place git would otherwise derive from GIT_DIR (or from a commondir file) is named
    // explicitly: the very paths the repository check walked for links (gitDirLinks.ts).
    const own = path.join(options.workspace, '.git');
    const { gitDir, commonDir } = options.repository ?? { gitDir: own, commonDir: own };
    env.GIT_DIR = gitDir;
    env.GIT_COMMON_DIR = commonDir;
    env.GIT_OBJECT_DIRECTORY = path.join(commonDir, 'objects');
    env.GIT_INDEX_FILE = path.join(gitDir, 'index');
    env.GIT_WORK_TREE = options.workspace;
    env.GIT_CEILING_DIRECTORIES = path.dirname(options.workspace);
  }
  if (options.readOnly) env.GIT_OPTIONAL_LOCKS = '0';
  return env;
}
