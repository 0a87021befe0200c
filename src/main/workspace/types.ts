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

export interface PathRequest {
  path: string;
  for: PathPurpose;
  /** Relative to the workspace; the path is resolved against it (command cwd). */
  cwd?: string;
}

export type PathDecision =
  | { ok: true; path: string }
  | { ok: false; status: 403; reason: string };
