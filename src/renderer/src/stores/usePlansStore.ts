import { create } from 'zustand';
import type { PlanView } from '../../../shared/ipc';
import { call } from '../api';
import { useConversationStore } from './useConversationStore';

interface PlansState {
  byConversation: Record<string, PlanView[]>;
  load(conversationId: string): Promise<void>;
  /** Approve (edit or run) or revise with the owner's message; the turn it starts shows in the conversation. */
  answer(plan: PlanView, decision: 'edit' | 'run' | 'revise', message?: string): Promise<void>;
}

/** What the transcript shows as the owner's message while the core's own one is on its way. */
function shownText(plan: PlanView, decision: 'edit' | 'run' | 'revise', message?: string): string {
  return decision === 'revise'
    ? `Revise the plan: ${message ?? ''}`
    : `I approve your plan "${plan.title}" and switched you to ${decision} mode. Carry it out.`;
}

export const usePlansStore = create<PlansState>((set, get) => ({
  byConversation: {},
  async load(conversationId) {
    set({
      byConversation: { ...get().byConversation, [conversationId]: await call('plans.list', { conversationId }) },
    });
  },
  async answer(plan, decision, message) {
    await useConversationStore
      .getState()
      .startWith(plan.conversationId, shownText(plan, decision, message), () =>
        call('plans.answer', message ? { planId: plan.id, decision, message } : { planId: plan.id, decision }),
      );
    await get().load(plan.conversationId);
  },
}));
