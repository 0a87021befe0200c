// The resolver's contract (SPEC §4). Implemented in resolve.ts; every file tool and the command
// policy call it before doing anything.

export type PathPurpose = 'read' | 'write' | 'run';

export interface PathContext {
  /** The workspace root: absolute, already a real path, already accepted as a root. */
  workspace: string;
  /** Owner's home directory (for the deny list). */
  home: string;
  /** Paddock's data directory (denied, except <data>/repositories/**). */
  dataDir: string;
  /** Whether the workspace's volume ignores case; probed once per workspace when absent. */
  caseInsensitive?: boolean;
}

/** The one builder of a PathContext: a workspace's directory, the owner's home and Paddock's data directory. */
export function pathContextFor(
  workspace: { directory: string },
  paths: { home: string; dataDir: string },
): PathContext {
  return { workspace: workspace.directory, home: paths.home, dataDir: paths.dataDir };
}

export interface PathRequest {
  path: string;
  for: PathPurpose;
  /** Relative to the workspace; the path is resolved against it (command cwd). */
  cwd?: string;
}

/**
 * Why the resolver refused a path, as a stable code beside the sentence (issue 15 item 6): the
 * window groups by it, corpora assert it, and the sentence may be reworded without breaking either.
 */
export type PathRefusalCode =
  /** Empty, NUL, control characters, a Windows drive, a Unicode look-alike, a backslash in an operand. */
  | 'path-shape'
  /** Begins with `~`, which is never expanded. */
  | 'home-tilde'
  /** A command operand that is absolute (a file tool's absolute path inside the workspace is fine). */
  | 'absolute'
  /** Climbs out with `..` (or a command operand holds `..` at all). */
  | 'climbs-out'
  | 'outside-workspace'
  /** /dev, /proc, /sys in any spelling, or a link into them. */
  | 'device-alias'
  | 'deny-list'
  /** Paddock's own data directory. */
  | 'data-dir'
  /** A command operand with a link component (the program would follow it). */
  | 'link'
  /** A link that leads outside, dangles, loops, changed while read, or is the write destination. */
  | 'link-outside'
  /** Inside .git, which a command operand may not name and a file tool never writes. */
  | 'git-dir'
  /** The working directory is not a directory. */
  | 'not-a-directory';

export type PathDecision =
  { ok: true; path: string } | { ok: false; status: 403; code: PathRefusalCode; reason: string };
