// delegate { helper, question, text? } (seed 003 §10.5): hand a question and some text (a diff, a
// log, a file already read) to a helper the owner chose for this agent, and get its answer back.
// The helper gets no tool (the registry offers none at its depth, the floor refuses any it calls),
// so asking it changes nothing here: auto in every mode. What it sends leaves this machine for the
// helper's model provider, which is why it is open-world.
import { z } from 'zod';
import type { TierDecision, ToolResult } from '../../shared/domain';
import type { ToolDefinition } from './types';

export const delegateArgsSchema = z
  .object({
    helper: z
      .string()
      .min(1)
      .max(64)
      .describe('The handle of one of your helpers, e.g. @reviewer (listed under "What you may use").'),
    question: z.string().min(1).max(20_000).describe('What you want the helper to answer.'),
    text: z
      .string()
      .max(400_000)
      .optional()
      .describe('The text the helper needs: a diff, a log, a file you already read. It sees nothing else.'),
  })
  .strict();
export type DelegateArgs = z.infer<typeof delegateArgsSchema>;

export interface DelegateToolDeps {
  /** Runs the delegation (agent/delegate.ts), keyed by this call. */
  delegate(
    input: DelegateArgs & {
      callId: string;
      agentId: string;
      conversationId: string;
      ownerRequestId: string | null;
      signal: AbortSignal;
    },
  ): Promise<ToolResult>;
  /** Whether the owner picked a helper for this agent: delegate is offered only then. */
  hasHelpers(agentId: string): boolean;
}

export function createDelegateTool(deps: DelegateToolDeps): ToolDefinition<DelegateArgs> {
  return {
    name: 'delegate',
    scope: 'delegate',
    description:
      'Ask one of your helpers (another agent the owner chose, e.g. a second model for a review or a cheap one to summarise a long log) a question about some text you give it. The helper has no tools and sees only what you send; its answer is the result. Changes nothing.',
    schema: delegateArgsSchema,
    // Asking again after a crash changes nothing here (it costs a second answer, nothing more).
    effects: {
      readOnly: true,
      destructive: false,
      idempotent: false,
      openWorld: true,
      changesFiles: false,
      runsCode: false,
      replaySafe: true,
    },
    views: {
      quotesFiles: false,
      icon: 'helper',
      again: () => 'ask the helper again with delegate if you still need its answer',
    },
    // It needs no directory: the helper sees only the text it is sent.
    worksWithoutWorkspace: true,
    offeredTo: (agentId) => deps.hasHelpers(agentId),
    tierFor: (): TierDecision => ({
      tier: 'auto',
      reason: 'delegate only asks a helper the owner chose, which gets no tool: auto in every mode',
    }),
    run: (args, ctx) =>
      deps.delegate({
        ...args,
        callId: ctx.callId,
        agentId: ctx.agent.id,
        conversationId: ctx.conversationId,
        ownerRequestId: ctx.ownerRequestId ?? null,
        signal: ctx.signal,
      }),
  };
}
