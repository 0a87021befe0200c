import type { AnyToolName, ToolCallStatus } from './tools';

export type RememberKind = 'exact' | 'prefix';

/** What a card is about: a tool call, or a checkpoint restore the owner asked for (issue 20). */
export type CardSubject = AnyToolName | 'checkpoint';

/** A further way to approve that a card may offer (checked like remember: only what was offered counts). */
export type CardChoice = 'stop-processes';

/** One hunk of a card's diff (issue 17): the owner may accept or reject each; the core applies only its own hunks by id. */
export interface CardHunk {
  id: string;
  /** "@@ -10,3 +10,4 @@" */
  header: string;
  /** The hunk's lines as the unified diff prints them (' ', '-', '+', '\\ No newline…'). */
  lines: string[];
}

/** An approval card as the window shows it (SPEC §5). */
export interface Card {
  id: string;
  callId: string;
  agentId: string;
  conversationId: string;
  tool: CardSubject;
  args: unknown;
  /** The one-sentence reason from the rule that matched. */
  reason: string;
  path?: string;
  diff?: string;
  /** sha256 of the content the diff was computed against; null when the file did not exist. */
  baseHash?: string | null;
  /** The diff's hunks, for a per-hunk answer (write and edit cards whose diff could be computed). */
  hunks?: CardHunk[];
  argv?: string[];
  cwd?: string;
  details?: string[];
  /** What makes approving this risky ("the operand / is the filesystem root"): Deny is the primary answer, nothing is remembered. */
  danger?: string;
  /** Literal sentences of what each remember choice would allow (plain commands only). */
  rememberChoices?: { kind: RememberKind; label: string }[];
  /** Further approvals on offer (a restore's "and stop the processes the turn started"). */
  choices?: { kind: CardChoice; label: string }[];
  createdAt: string;
}

export interface CardAnswer {
  cardId: string;
  decision: 'approve' | 'deny';
  /** Must equal the card's hash: an answer computed for another version of the diff is refused. */
  baseHash?: string | null;
  remember?: RememberKind;
  choice?: CardChoice;
  /** Approving only these hunks of the card (ids the card offered); absent: the whole change. */
  acceptedHunks?: string[];
}

/** A tool call as the transcript and the window show it. */
export interface ToolCallView {
  id: string;
  conversationId: string;
  agentId: string;
  tool: string;
  args: unknown;
  tier: 'auto' | 'gated' | null;
  reason: string | null;
  status: ToolCallStatus;
  answer: string | null;
  resultSummary: string | null;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
}
