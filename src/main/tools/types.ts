// The shape every tool has (STYLE: tools/ — one file per tool: schema, scope, tierFor, run).
// The dispatcher (src/main/dispatch) is the only caller of tierFor/preview/run.
import type { z } from 'zod';
import type { Agent, AnyToolName, CardHunk, Workspace, Scope, TierDecision } from '../../shared/domain';

/**
 * What the owner approved: the base hash the card showed and, for a per-hunk answer, the card's own
 * hunks (the core's copy) with the ids the owner accepted.
 */
export interface CardApproval {
  baseHash: string | null;
  hunks?: { offered: CardHunk[]; accepted: string[] };
}

/** What every call carries; built by the dispatcher from the store on every call. */
export interface ToolCallContext {
  agent: Agent;
  /** null when the agent has no workspace: coding tools are then not offered (AC-6). */
  workspace: Workspace | null;
  /** Owner's home directory, read from the environment at start (tests set HOME). */
  home: string;
  /** Paddock's data directory (its own state: never a workspace, always denied). */
  dataDir: string;
  callId: string;
  conversationId: string;
  signal: AbortSignal;
  /** Set when the call runs after the owner approved its card. */
  approval?: CardApproval;
  /** Live output of a running call (run, bash): batched by the dispatcher before it reaches the window. */
  onOutput?: (chunk: string) => void;
}

/** What a card shows besides tool, arguments and reason (SPEC §5). */
export interface CardPreview {
  /** For write and edit: the path acted on, the unified diff and sha256 of the content it was computed against (null: file absent). */
  path?: string;
  diff?: string;
  baseHash?: string | null;
  /** The diff's hunks, each of which the owner may accept or reject. */
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
}

/** A picture for the model (a screenshot, a read of an image file): base64, bounded by the tool. */
export interface ToolImage {
  mediaType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  base64: string;
}

export type ToolResult =
  | { ok: true; text: string; data?: unknown; images?: ToolImage[] }
  | { ok: false; status?: number; error: string };

export interface ToolDefinition<A = unknown> {
  name: AnyToolName;
  scope: Scope;
  description: string;
  /** zod schema of the arguments; also the JSON schema offered to the model. */
  schema: z.ZodType<A>;
  /** write, edit, run, start, bash: never repeated after a crash (SPEC §8). */
  replayUnsafe: boolean;
  /** Narrows the declared session tier per call; reads the workspace record on every call. */
  tierFor(args: A, ctx: ToolCallContext): TierDecision | Promise<TierDecision>;
  /** What the card shows when gated. Optional: the dispatcher falls back to the arguments. */
  preview?(args: A, ctx: ToolCallContext): Promise<CardPreview>;
  run(args: A, ctx: ToolCallContext): Promise<ToolResult>;
}

/** Erases A for registries holding heterogeneous tools. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyToolDefinition = ToolDefinition<any>;
