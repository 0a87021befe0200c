import type { ToolCallOutcome } from './outcome';
import type { AnyToolName, ToolCallStatus, ToolIcon } from './tools';

export type RememberKind = 'exact' | 'prefix';

/** What a card is about: a tool call, or a checkpoint restore the owner asked for (issue 20). */
export type CardSubject = AnyToolName | 'checkpoint';

/** A further way to approve that a card may offer (checked like remember: only what was offered counts). */
/** `allow-domains`: a needs-network card's "Allow <domain> for this agent" (adds the card's `allowDomains`, then runs). */
/** `remember-file`: a secrets file's read card, "always allow reading <path> for this agent" (the card's `rememberArgv`, this workspace). */
export type CardChoice = 'stop-processes' | 'allow-domains' | 'remember-file';

/** One hunk of a card's diff (issue 17): the owner may accept or reject each; the core applies only its own hunks by id. */
export interface CardHunk {
  id: string;
  /** "@@ -10,3 +10,4 @@" */
  header: string;
  /** The hunk's lines as the unified diff prints them (' ', '-', '+', '\\ No newline…'). */
  lines: string[];
}

/** What a card shows besides tool, arguments and reason (SPEC §5). */
export interface CardPreview {
  /** For write and edit: the path acted on, the unified diff and sha256 of the content it was computed against (null: file absent). */
  path?: string;
  diff?: string;
  baseHash?: string | null;
  /** The diff's hunks, each of which the owner may accept or reject (issue 17). */
  hunks?: CardHunk[];
  /** For commands: the argv that would be spawned and its cwd. */
  argv?: string[];
  cwd?: string;
  /** Free text facts (the workspace tool: what the directory holds, the PATH to capture). */
  details?: string[];
  /** Whether the card may offer "remember in this workspace" (plain commands only). */
  rememberable?: boolean;
  /** What makes approving risky (policy/danger.ts): the card names it, puts Deny first and offers no "always allow". */
  danger?: string;
  /** The call cannot run at all (a pipe with no shell, a program not on PATH): refused at once, no card. */
  refusal?: string;
  /** Further approvals on offer (a command that needs a domain: "Allow registry.npmjs.org for this agent"). */
  choices?: { kind: CardChoice; label: string }[];
  /** The domains the `allow-domains` choice adds to this agent's list (the core's own copy; an answer only names the choice). */
  allowDomains?: string[];
  /** The exact remembered command the `remember-file` choice keeps for this workspace (the core's own copy: read's `read <path>`). */
  rememberArgv?: string[];
}

/** What a card carries from the preview: everything but `rememberable` (turned into rememberChoices) and `refusal` (no card at all). */
export type CardFacts = Pick<
  CardPreview,
  'path' | 'diff' | 'baseHash' | 'hunks' | 'argv' | 'cwd' | 'details' | 'danger' | 'allowDomains' | 'rememberArgv'
>;

/** An approval card as the window shows it (SPEC §5): the preview's facts, derived from CardPreview. */
export interface Card extends CardFacts {
  id: string;
  callId: string;
  agentId: string;
  conversationId: string;
  tool: CardSubject;
  args: unknown;
  /** The one-sentence reason from the rule that matched. */
  reason: string;
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
  /** A command's output: how much it printed in all, and how much of it each place kept. */
  outputAccount: OutputAccount | null;
  /** How the call ended (null until it has, and for calls recorded before outcomes were kept). */
  outcome: ToolCallOutcome | null;
  /** The workspace file the call names, which the row may open (the tool's own view; null: none). */
  file: string | null;
  /** What the row draws for it: its tool's own declaration (tools/types.ts ResultViews.icon), never read from its name. */
  icon: ToolIcon;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
}

/** Bytes a command printed, and what of them reached the window live, the log and the model. */
export interface OutputAccount {
  printedBytes: number;
  /** Sent to the window while it ran (the live view drops bursts it cannot draw). */
  windowBytes: number;
  /** Kept in a log: a test run's recorded tail; null when nothing was logged. */
  logBytes: number | null;
  /** The tail the model was sent. */
  modelBytes: number;
}
