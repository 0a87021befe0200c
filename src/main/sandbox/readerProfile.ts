// The reader variant of the contained profile (pure): what Paddock's own readers of the workspace —
// ripgrep for `search`, the git tool's git, the checkpoints' git — run in. They walk the workspace by
// path, so a process of the agent's that swaps a directory for a link between a check and an open
// would send them anywhere the owner can read; inside the agent's sandbox a link can only lead to
// what that process could read itself (the home is empty, the deny list covered, the data directory
// absent). The profile is the agent's (same namespaces, seccomp, empty HOME, no network) with the
// workspace read-only, and only the places the reader must write bound read-write at their own
// paths, so every GIT_DIR / GIT_INDEX_FILE pin names the same place inside and out.
import path from 'node:path';

export interface ReaderMounts {
  /** 'read-only' for every reader but a git action that writes the working tree (stash push, init). */
  workspace: 'read-only' | 'read-write';
  /** Directories bound read-write at their own paths over the rest (the `.git` of a commit, a shadow repository). */
  writable: string[];
  /** Directories outside the workspace bound read-only at their own paths (an empty hooks template). */
  readOnly: string[];
}

/**
 * The bubblewrap arguments that follow the contained profile's mounts: the workspace remounted
 * read-only (its own mount only: the `.git` and deny-list covers over it stay as they are), then the
 * read-only and writable places. One inside a covered directory (a shadow repository in a data
 * directory that a home workspace holds) is bound on a fresh tmpfs over that cover, read-only again
 * once it is in: the cover still shows nothing else of it.
 */
export function readerMountArgs(workspace: string, coverDirs: readonly string[], reader: ReaderMounts): string[] {
  const args: string[] = [];
  if (reader.workspace === 'read-only') args.push('--remount-ro', workspace);
  const binds: Array<[string, string]> = [
    ...reader.readOnly.map((dir): [string, string] => ['--ro-bind', dir]),
    ...reader.writable.map((dir): [string, string] => ['--bind', dir]),
  ];
  const recovered = new Set<string>();
  for (const [kind, dir] of binds) {
    const cover = coverDirs.find((covered) => strictlyInside(covered, dir));
    if (cover && !recovered.has(cover)) {
      recovered.add(cover);
      args.push('--tmpfs', cover);
    }
    args.push(kind, dir, dir);
  }
  for (const cover of recovered) args.push('--remount-ro', cover);
  return args;
}

function strictlyInside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** Where a mount check found a different directory than Paddock validated: the reader does not run. */
export const MOUNT_CHECK_EXIT = 125;

/**
 * bubblewrap binds a source path as it finds it when the sandbox starts, following a link: a `.git`
 * swapped for a link to the owner's files after Paddock looked would be bound in its place. So a
 * writable place inside the workspace is checked inside, before the reader starts: the mounted
 * directory must be the very one (device and inode) Paddock validated, else the reader exits with
 * MOUNT_CHECK_EXIT and a sentence. The checks and the argv pass as positional parameters, never
 * spliced into the script.
 */
export function mountCheckLauncher(stat: string, checks: ReadonlyArray<{ path: string; id: string }>): string[] {
  if (!/^\/[\w./-]+$/.test(stat)) throw new Error(`refused: \`${stat}\` is not a plain absolute path`);
  const script = [
    'while [ "$1" != "--" ]; do',
    `  [ "$(${stat} -c %d:%i -- "$1" 2>/dev/null)" = "$2" ] || { echo "refused: $1 changed (a link was swapped in) while the sandbox started, so git did not run; stop the process that changes it" >&2; exit ${MOUNT_CHECK_EXIT}; }`,
    '  shift 2',
    'done',
    'shift',
    'exec "$@"',
  ].join('\n');
  return ['/bin/sh', '-c', script, 'paddock-reader', ...checks.flatMap((check) => [check.path, check.id]), '--'];
}
