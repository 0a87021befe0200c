// The shape every tool has (STYLE: tools/ — one file per tool: schema, scope, tierFor, run).
// The dispatcher (src/main/dispatch) is the only caller of tierFor/preview/run.
import type { z } from 'zod';
import type { AnyToolName, CardPreview, Scope, TierDecision, ToolCallContext, ToolResult } from '../../shared/domain';

/**
 * What a tool does to the world, declared by the tool itself and read by everything else (the MCP
 * server publishes it as tool annotations). Defensive: a tool that may do a thing says it does.
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
}

/**
 * A call prepared once (its words, cwd, program, every path, the containment decision, the card's
 * text): the dispatcher asks the tool for it once and hands that one value to tierFor, preview, the
 * checkpoint and run, so no step reads the call again. At run time a tool checks again only what
 * may have moved since the owner approved: a file's hash, a program's identity.
 */
export interface PreparedCall {
  /** Whether the call may change the workspace's files (the checkpoint records first); absent: the checkpoint decides. */
  readonly mayChangeFiles?: boolean;
}

export interface ToolDefinition<A = unknown, P extends PreparedCall = PreparedCall> {
  name: AnyToolName;
  scope: Scope;
  description: string;
  /** zod schema of the arguments; also the JSON schema offered to the model. */
  schema: z.ZodType<A>;
  /** write, edit, run, start, bash: never repeated after a crash (SPEC §8). */
  replayUnsafe: boolean;
  effects: ToolEffects;
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
}

/** Erases A for registries holding heterogeneous tools. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyToolDefinition = ToolDefinition<any, any>;
