// The shape every tool has (STYLE: tools/ — one file per tool: schema, scope, tierFor, run) and the
// facts it declares about itself (effects, result views, events). The dispatcher is the only caller
// of tierFor/preview/run; everything else that needs a fact about a tool asks its declaration
// (tools/facts.ts), never its name.
import type { z } from 'zod';
import type {
  AnyToolName,
  CardPreview,
  Scope,
  TierDecision,
  ToolCallContext,
  ToolIcon,
  ToolResult,
} from '../../shared/domain';
import type { PaddockEvent } from '../../shared/ipc';

/**
 * What a tool does to the world, declared by the tool itself and read by everything else (the MCP
 * server publishes the first four as tool annotations). Defensive: a tool that may do a thing says it does.
 */
export interface ToolEffects {
  /** Changes nothing: no file, no process, no repository, nothing outside Paddock's own records. */
  readOnly: boolean;
  /** May overwrite or delete what is there (a file, a process, a commit), not only add. */
  destructive: boolean;
  /** Calling it again with the same arguments has no further effect. */
  idempotent: boolean;
  /** May reach beyond the workspace and this machine's loopback (the network, through allowed domains). */
  openWorld: boolean;
  /** May change the workspace's files: the first such call of a turn records a checkpoint before it runs. */
  changesFiles: boolean;
  /** Runs a program the model or the project chose (not only Paddock's own readers). */
  runsCode: boolean;
  /** Repeating it after a crash cannot do harm. Recovery never repeats a call; it says which kind it cut off. */
  replaySafe: boolean;
}

/**
 * A call prepared once (its words, cwd, program, every path, the containment decision, the card's
 * text): the dispatcher asks the tool for it once and hands that one value to tierFor, preview, the
 * checkpoint and run, so no step reads the call again. At run time a tool checks again only what
 * may have moved since the owner approved: a file's hash, a program's identity.
 */
export interface PreparedCall {
  /** Whether the call may change the workspace's files (narrows CallEffects.changesFiles, never widens); absent: the tool's callEffects decide. */
  readonly mayChangeFiles?: boolean;
}

/** What one call does, given its arguments: the declared effects narrowed, never widened. */
export type CallEffects = Pick<ToolEffects, 'readOnly' | 'changesFiles'>;

/** How a call's result is kept and shown: what the model gets, what is stored, what the window shows. */
export interface ResultViews {
  /**
   * The result is (or quotes) file contents: the transcript and the tool_calls record keep its size
   * only (file contents are never stored); the model gets it whole while the process lives.
   */
  quotesFiles: boolean;
  /** What a result compacted out of the context tells the model to do to have it again. */
  again?(args: Record<string, unknown>): string;
  /** The workspace file this call names, which the window's row may open. */
  file?(args: Record<string, unknown>): string | null;
  /** What the window's row draws for its calls (the call's record carries it; the window never reads the name for it). */
  icon: ToolIcon;
}

/** What the window is told after a call succeeded (a preview shown, a screenshot, a new summary). */
export type ToolEvents = (call: { agentId: string; args: Record<string, unknown>; data: unknown }) => PaddockEvent[];

/** Everything a tool says about itself that others read (the loop, checkpoints, events, MCP, the window). */
export interface ToolFacts {
  effects: ToolEffects;
  /** Narrows the effects for one call from its (unparsed) arguments; the declared effects when absent. */
  callEffects?(args: Record<string, unknown>): CallEffects;
  views: ResultViews;
  events?: ToolEvents;
  /** Offered to an agent with no workspace: the tool that asks the owner for one, and delegate (a helper needs no directory). */
  worksWithoutWorkspace?: boolean;
  /**
   * Offered in plan mode: it only reads the workspace or touches Paddock's own records of the
   * conversation (it must also declare `readOnly`). Absent: not offered, and refused, in plan mode.
   */
  planSafe?: boolean;
  /** A successful call ends the turn, so the owner answers before anything else happens (the plan card). */
  endsTurn?: boolean;
}

export interface ToolDefinition<A = unknown, P extends PreparedCall = PreparedCall> extends ToolFacts {
  name: AnyToolName;
  scope: Scope;
  description: string;
  /** zod schema of the arguments; also the JSON schema offered to the model. */
  schema: z.ZodType<A>;
  /**
   * Reads the call once, for the steps below. Optional (a tool with nothing to read twice has
   * none); a step called without the prepared value (a test, a caller other than the dispatcher)
   * prepares its own.
   */
  prepareCall?(args: A, ctx: ToolCallContext): P;
  /** Narrows the declared session tier per call; reads the workspace record on every call. */
  tierFor(args: A, ctx: ToolCallContext, prepared?: P): TierDecision | Promise<TierDecision>;
  /** What the card shows when gated. Optional: the dispatcher falls back to the arguments. */
  preview?(args: A, ctx: ToolCallContext, prepared?: P): Promise<CardPreview>;
  run(args: A, ctx: ToolCallContext, prepared?: P): Promise<ToolResult>;
  /** Offered to this agent beyond its scope; offered whenever granted when absent (delegate: only with a helper the owner picked). */
  offeredTo?(agentId: string): boolean;
}

/** Erases A for registries holding heterogeneous tools. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyToolDefinition = ToolDefinition<any, any>;
