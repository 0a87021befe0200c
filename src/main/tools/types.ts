// The shape every tool has (STYLE: tools/ — one file per tool: schema, scope, tierFor, run).
// The dispatcher (src/main/dispatch) is the only caller of tierFor/preview/run.
import type { z } from 'zod';
import type { AnyToolName, CardPreview, Scope, TierDecision, ToolCallContext, ToolResult } from '../../shared/domain';

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
