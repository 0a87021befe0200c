import { create } from 'zustand';
import type { DelegationView, HelpersView } from '../../../shared/domain';
import { call } from '../api';

/** Delegates (seed 003 §10.5): each agent's helpers, and each delegation's folded conversation by call. */
interface DelegationState {
  helpers: Record<string, HelpersView>;
  delegations: Record<string, DelegationView | null>;
  loadHelpers(agentId: string): Promise<void>;
  setHelpers(agentId: string, helpers: string[]): Promise<void>;
  loadDelegation(callId: string): Promise<void>;
  /** The core's event: a delegation grew or ended. */
  upsert(delegations: DelegationView[]): void;
}

export const useDelegationStore = create<DelegationState>((set, get) => ({
  helpers: {},
  delegations: {},
  async loadHelpers(agentId) {
    const view = await call('delegation.helpers', { agentId });
    set({ helpers: { ...get().helpers, [agentId]: view } });
  },
  async setHelpers(agentId, helpers) {
    // The box shows the choice at once; the core's answer replaces it, and a refusal puts it back.
    const before = get().helpers[agentId];
    if (before) set({ helpers: { ...get().helpers, [agentId]: { ...before, helpers } } });
    try {
      const view = await call('delegation.setHelpers', { agentId, helpers });
      set({ helpers: { ...get().helpers, [agentId]: view } });
    } catch (reason) {
      if (before) set({ helpers: { ...get().helpers, [agentId]: before } });
      throw reason;
    }
  },
  async loadDelegation(callId) {
    const view = await call('delegation.get', { callId });
    set({ delegations: { ...get().delegations, [callId]: view } });
  },
  upsert(delegations) {
    if (delegations.length === 0) return;
    const next = { ...get().delegations };
    for (const view of delegations) next[view.callId] = view;
    set({ delegations: next });
  },
}));
