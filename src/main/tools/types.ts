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

export interface ToolDefinition<A = unknown> {
  name: AnyToolName;
  scope: Scope;
  description: string;
  /** zod schema of the arguments; also the JSON schema offered to the model. */
  schema: z.ZodType<A>;
  /** write, edit, run, start, bash: never repeated after a crash (SPEC §8). */
  replayUnsafe: boolean;
  effects: ToolEffects;
  /** Narrows the declared session tier per call; reads the workspace record on every call. */
  tierFor(args: A, ctx: ToolCallContext): TierDecision | Promise<TierDecision>;
  /** What the card shows when gated. Optional: the dispatcher falls back to the arguments. */
  preview?(args: A, ctx: ToolCallContext): Promise<CardPreview>;
  run(args: A, ctx: ToolCallContext): Promise<ToolResult>;
}

/** Erases A for registries holding heterogeneous tools. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyToolDefinition = ToolDefinition<any>;
