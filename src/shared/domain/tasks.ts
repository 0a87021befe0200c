// Tasks (issue 34): a branch paddock/<name> checked out in its own git worktree of a repository,
// worked in by an agent of its own whose settings were copied from an existing one.

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
  /** The project's setup script's result (`.paddock/setup`), when it has one. */
  setup: { ran: boolean; exitCode: number | null; output: string } | null;
  /** What the owner runs to merge it (Paddock never merges nor pushes). */
  mergeCommand: string;
  createdAt: string;
}
