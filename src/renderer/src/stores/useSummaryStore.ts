import { create } from 'zustand';
import type { FailingTestsView, SummaryView } from '../../../shared/ipc';
import { call } from '../api';
import { messageOf } from '../lib/errors';

interface SummaryState {
  summaries: Record<string, SummaryView | null>;
  failing: Record<string, FailingTestsView | null>;
  errors: Record<string, string | null>;
  load(agentId: string): Promise<void>;
  /** Opens the workspace (or one file of it) in the owner's editor; false when none could be opened. */
  openInEditor(agentId: string, path?: string): Promise<boolean>;
}

export const useSummaryStore = create<SummaryState>((set, get) => ({
  summaries: {},
  failing: {},
  errors: {},
  async load(agentId) {
    const [summary, failing] = await Promise.allSettled([
      call('summary.get', { agentId }),
      call('tests.failing', { agentId }),
    ]);
    set({
      summaries: { ...get().summaries, [agentId]: summary.status === 'fulfilled' ? summary.value : null },
      failing: { ...get().failing, [agentId]: failing.status === 'fulfilled' ? failing.value : null },
      errors: { ...get().errors, [agentId]: summary.status === 'rejected' ? messageOf(summary.reason) : null },
    });
  },
  openInEditor: async (agentId, path) =>
    (await call('summary.openInEditor', { agentId, ...(path ? { path } : {}) })).opened,
}));
