// Checkpoints as the window sees them (issue 20): one per turn that may have changed files, one per restore.

export interface CheckpointView {
  id: number;
  conversationId: string;
  kind: 'turn' | 'restore';
  /** The first message of the turn (or the restore's notice). */
  messagesFrom: number;
  /** "changed 3 files: a, b, c" or the restore's outcome. */
  summary: string;
  /** Whether snapshots were recorded (the turn ran something that may change files). */
  recorded: boolean;
  /** A restore took it back. */
  undone: boolean;
  /** The oldest snapshots go when the history is over its budget. */
  pruned: boolean;
  working: boolean;
  startedAt: string;
}

export interface CheckpointOptionsView {
  includeIgnored: boolean;
  maxFileBytes: number;
  budgetBytes: number;
}

export interface CheckpointUsageView {
  workspace: string;
  /** The agents working in this directory now. */
  agents: string[];
  bytes: number;
  checkpoints: number;
}
