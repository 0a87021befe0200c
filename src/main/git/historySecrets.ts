// A secrets file the repository's history holds though the tree no longer tracks it (`.env` once
// committed, then `git rm --cached` and ignored): what `git log -p`, `git show BLOB` and the other
// history-wide printers would print. Read with git once per state of the refs and the reflog, and
// given to the contained rule (policy/containedShown.ts), which cannot run a program itself.
import fs from 'node:fs';
import path from 'node:path';
import { isSecretPath } from '../policy/secretFiles';
import { findOnPath } from '../processes/shellPath';
import { runSync } from '../processes/spawn';

/** How long git may take to list the history's names; a longer one is read as holding a secret. */
const TIMEOUT_MS = 3_000;
const MAX_OUTPUT = 256 * 1024 * 1024;

const known = new Map<string, { state: string; secret: string | null }>();

const STATE_FILES = [
  'HEAD',
  'packed-refs',
  'logs/HEAD',
  'refs',
  'refs/heads',
  'refs/tags',
  'refs/stash',
  'logs/refs/stash',
];
/** Heads git keeps beside the refs, which `--all` does not reach (a fetch's, a merge's, a rebase's). */
const EXTRA_HEADS = ['FETCH_HEAD', 'ORIG_HEAD', 'MERGE_HEAD', 'CHERRY_PICK_HEAD', 'REVERT_HEAD', 'AUTO_MERGE'];

/** The commits those heads name (FETCH_HEAD may name several, one per line). */
function extraHeads(gitDir: string): string[] {
  const hashes = new Set<string>();
  for (const name of EXTRA_HEADS) {
    let text = '';
    try {
      text = fs.readFileSync(path.join(gitDir, name), 'utf8');
    } catch {
      continue;
    }
    for (const hash of text.match(/^[0-9a-f]{40,64}/gm) ?? []) hashes.add(hash);
  }
  return [...hashes];
}

/** What changes when a commit, a ref or a reflog entry does: the sizes and times of those files. */
function stateOf(gitDir: string): string {
  return [...STATE_FILES, ...EXTRA_HEADS]
    .map((name) => {
      try {
        const stat = fs.statSync(path.join(gitDir, name));
        return `${stat.size}:${stat.mtimeMs}`;
      } catch {
        return '-';
      }
    })
    .join('|');
}

/**
 * The first secrets file any commit of the repository at `workspace` added (every ref and the
 * reflog), or null: none, or no repository. A git that fails or takes too long answers `.git`,
 * read as a secret the history may hold, so that the printers ask.
 */
export function secretInHistory(workspace: string, gitBinary?: string): string | null {
  const gitDir = path.join(workspace, '.git');
  if (!fs.existsSync(gitDir)) return null;
  const state = stateOf(gitDir);
  const cached = known.get(workspace);
  if (cached && cached.state === state) return cached.secret;
  const git = gitBinary ?? findOnPath('git', process.env.PATH ?? '/usr/bin:/bin');
  if (git === null) return null;
  const result = runSync(
    {
      program: git,
      args: [
        '-C',
        workspace,
        // Nothing of the repository's configuration runs a program here.
        '-c',
        'core.fsmonitor=',
        '-c',
        'log.showSignature=false',
        '-c',
        'core.quotePath=false',
        '--no-pager',
        'log',
        '--all',
        '--reflog',
        // A merge's own changes against each parent (a secret a merge added), names NUL-ended as written.
        '-m',
        '-z',
        '--format=',
        '--name-only',
        '--diff-filter=ACR',
        '--no-renames',
        // (A head naming a commit the repository no longer has is passed over, not an error.)
        '--ignore-missing',
        ...extraHeads(path.join(workspace, '.git')),
      ],
      cwd: workspace,
      // No GIT_DIR or the like from Paddock's own environment, no system or global configuration,
      // no lock taken; a log of names runs no hook, pager, filter or external diff.
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        LANG: 'C',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_OPTIONAL_LOCKS: '0',
        GIT_TERMINAL_PROMPT: '0',
      },
    },
    'git',
    TIMEOUT_MS,
    undefined,
    MAX_OUTPUT,
  );
  // An empty repository (no commit yet) has no history to print (git says so with 128); a git that
  // failed otherwise, or took too long, answers `.git`: read as a secret the history may hold.
  const secret =
    result.status === 0
      ? (result.stdout.split(/[\0\n]/).find((name) => name !== '' && isSecretPath(name)) ?? null)
      : result.status === 128
        ? null
        : '.git';
  known.set(workspace, { state, secret });
  return secret;
}
