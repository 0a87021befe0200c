// The owner's answer to a plan: approved, the agent switches to edit or run and is asked to carry it
// out; revised, the owner's message goes back in a plan turn. Only a plan still waiting is answered.
// And the conversation's task list, read for the side pane.
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import type { StoredPlan } from '../store/plans';
import type { PlanView } from '../../shared/ipc';
import type { CoreServices } from './services';

function planView(plan: StoredPlan): PlanView {
  const { callId: _callId, ...view } = plan;
  return view;
}

/** The message that starts the approved work: the plan itself, so the agent has it whole. */
export function approvalMessage(plan: StoredPlan, mode: 'edit' | 'run'): string {
  const lines = [
    `I approve your plan "${plan.title}" and switched you to ${mode} mode. Carry it out:`,
    ...plan.steps.map((step, index) => `${index + 1}. ${step}`),
  ];
  if (plan.files.length > 0) lines.push(`Files: ${plan.files.join(', ')}`);
  if (plan.commands.length > 0) lines.push(`Commands: ${plan.commands.join('; ')}`);
  return lines.join('\n');
}

function requireConversation(core: CoreServices, conversationId: string) {
  const conversation = core.conversations.get(conversationId);
  if (!conversation) throw new CoreRefusal('not-found', 'there is no such conversation');
  return conversation;
}

export function plansCalls(core: CoreServices): DomainApi<'plans'> {
  return {
    list: (request) => core.plans.forConversation(requireConversation(core, request.conversationId).id).map(planView),
    answer(request) {
      const plan = core.plans.get(request.planId);
      if (!plan) throw new CoreRefusal('not-found', 'there is no such plan');
      if (plan.status !== 'proposed')
        throw new CoreRefusal('conflict', `this plan was already ${plan.status}; answer the latest one`);
      if (core.runner.activeTurn(plan.conversationId))
        throw new CoreRefusal('conflict', 'a turn is working in this conversation; wait for it to end or stop it');
      if (request.decision === 'revise') {
        if (!request.message) throw new CoreRefusal('bad-request', 'say what to change in the plan');
        core.plans.decide(plan.id, 'revised', null);
        core.events.emit({ type: 'plans.changed', conversationId: plan.conversationId });
        return {
          turnId: core.runner.startTurn({
            agentId: plan.agentId,
            conversationId: plan.conversationId,
            text: `Revise the plan: ${request.message}`,
            mode: 'plan',
          }),
        };
      }
      const mode = request.decision;
      if (!core.agents.update(plan.agentId, { mode }))
        throw new CoreRefusal('not-found', 'the agent of this plan was removed');
      core.plans.decide(plan.id, 'approved', mode);
      core.events.emit({ type: 'agents.changed' });
      core.events.emit({ type: 'plans.changed', conversationId: plan.conversationId });
      return {
        turnId: core.runner.startTurn({
          agentId: plan.agentId,
          conversationId: plan.conversationId,
          text: approvalMessage(plan, mode),
        }),
      };
    },
  };
}

export function todosCalls(core: CoreServices): DomainApi<'todos'> {
  return {
    list: (request) => core.todos.list(requireConversation(core, request.conversationId).id),
  };
}
