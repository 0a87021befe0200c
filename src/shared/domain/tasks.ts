// Tasks (issue 34): a branch paddock/<name> checked out in its own git worktree of a repository,
// worked in by an agent of its own whose settings were copied from an existing one.
import type { CardHunk } from './cards';

export type TaskStatus = 'working' | 'waiting' | 'done' | 'failed' | 'archived';

export interface TaskView {
  id: string;
  name: string;
  /** The main repository's root. */
  repository: string;
  base: string;
  branch: string;
  worktree: string;
  /** The task's own agent (null once removed). */
  agentId: string | null;
  state: 'active' | 'archived';
  /** What the sidebar shows: its agent working, waiting on a card, its last turn done or failed; archived. */
  status: TaskStatus;
  /** Against the base, committed or not; null when it could not be read (archived, git refused). */
  diffStat: { files: number; additions: number; deletions: number } | null;
  /** The setup script's result (the owner's from Settings, else `.paddock/setup`), when there is one. */
  setup: TaskSetupResult | null;
  /** What the owner runs to merge it (Paddock never merges nor pushes). */
  mergeCommand: string;
  createdAt: string;
}

/** Where a task's setup script came from: the owner's Settings entry for the repository, or the project's file. */
export type TaskSetupSource = 'settings' | 'file';

export interface TaskSetupResult {
  ran: boolean;
  exitCode: number | null;
  output: string;
  /** Absent on records written before the Settings entry existed: those were the file's. */
  source?: TaskSetupSource;
}

/** A repository's setup script as Settings declares it (run contained in each new task's worktree). */
export interface TaskSetupScriptView {
  repository: string;
  script: string;
}

/** One changed file of a task against its base, hunk by hunk as the cards show them. */
export interface TaskDiffFileView {
  path: string;
  /** The path on the base, for a rename or copy. */
  oldPath: string | null;
  /** A added, M modified, D deleted, R renamed, C copied, T type changed, U untracked (shown as added). */
  status: 'A' | 'M' | 'D' | 'R' | 'C' | 'T' | 'U';
  additions: number;
  deletions: number;
  /** Names both sides: a revert carries it back and is refused when the file changed since. */
  fingerprint: string;
  /** Null when the file is not reviewed hunk by hunk; `why` says why (binary, too large). */
  hunks: CardHunk[] | null;
  why: string | null;
}

/** A task's whole diff against its base (committed or not), for the per-hunk review in its Summary. */
export interface TaskDiffView {
  taskId: string;
  /** The base branch and the commit the task's branch left it at, or null when git found none. */
  base: { ref: string; commit: string } | null;
  files: TaskDiffFileView[];
  /** Untracked files beyond the ones listed. */
  more: number;
}
