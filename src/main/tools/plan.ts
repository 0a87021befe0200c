// plan {title, steps, files?, commands?}: the agent's proposal, shown to the owner as a card with
// "Approve and switch to edit" / "… to run" / "Revise". Changes nothing but Paddock's record of the
// conversation; a successful call ends the turn (agent/turn.ts), so the owner answers before anything else.
import { z } from 'zod';
import type { TierDecision, ToolResult } from '../../shared/domain';
import type { PlansRepository, StoredPlan } from '../store/plans';
import type { ToolDefinition } from './types';

const line = (max: number) => z.string().trim().min(1).max(max);

export const planArgsSchema = z
  .object({
    title: line(200).describe('What the change is, in a few words'),
    steps: z.array(line(2_000)).min(1).max(50).describe('The steps, in order, each one sentence'),
    files: z
      .array(line(1_000))
      .max(200)
      .optional()
      .describe('The files you expect to touch, relative to the workspace'),
    commands: z.array(line(1_000)).max(50).optional().describe('The commands you expect to run'),
  })
  .strict();
export type PlanArgs = z.infer<typeof planArgsSchema>;

export interface PlanToolDeps {
  plans: PlansRepository;
  /** Told when a plan was proposed (the window shows its card). */
  onProposed?(plan: StoredPlan): void;
}

export function createPlanTool(deps: PlanToolDeps): ToolDefinition<PlanArgs> {
  return {
    name: 'plan',
    scope: 'file_read',
    description:
      'Propose your plan to the owner: a title, the steps, the files you expect to touch and the commands you expect to run. The owner approves it (switching you to edit or run mode) or asks you to revise it. Calling it ends your turn. Changes nothing in the workspace.',
    schema: planArgsSchema,
    effects: {
      readOnly: true,
      destructive: false,
      idempotent: false,
      openWorld: false,
      changesFiles: false,
      runsCode: false,
      replaySafe: true,
    },
    // Touches only Paddock's record of the conversation; a proposed plan waits for the owner's answer.
    planSafe: true,
    endsTurn: true,
    views: { quotesFiles: false, icon: 'other' },
    tierFor: (): TierDecision => ({
      tier: 'auto',
      reason: 'a plan changes nothing but the conversation: it is auto in every mode',
    }),
    async run(args, ctx): Promise<ToolResult> {
      const plan = deps.plans.propose({
        conversationId: ctx.conversationId,
        agentId: ctx.agent.id,
        callId: ctx.callId,
        title: args.title,
        steps: args.steps,
        files: args.files ?? [],
        commands: args.commands ?? [],
      });
      deps.onProposed?.(plan);
      return {
        ok: true,
        text: `Your plan "${plan.title}" (${plan.steps.length} step${plan.steps.length === 1 ? '' : 's'}) is shown to your owner. Your turn ends here; they approve it or ask you to revise it.`,
        data: { kind: 'plan', planId: plan.id },
        outcome: { quiet: { icon: 'plan', text: `Proposed a plan: ${plan.title}` } },
      };
    },
  };
}
