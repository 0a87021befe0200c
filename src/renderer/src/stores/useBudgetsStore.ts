// Spending limits (issue 32 item 3): Settings' limits, and each conversation's measures as the
// core last reported them (after each request, or read when the conversation opens).
import { create } from 'zustand';
import { NO_BUDGETS, type BudgetMeasure, type BudgetSettings } from '../../../shared/domain';
import { call } from '../api';

interface BudgetsState {
  settings: BudgetSettings;
  measures: Record<string, BudgetMeasure[]>;
  load(): Promise<void>;
  save(settings: BudgetSettings): Promise<void>;
  loadStatus(conversationId: string): Promise<void>;
  measured(conversationId: string, measures: BudgetMeasure[]): void;
  /** "Continue anyway": the core raises each reached limit once and sends the conversation again. */
  continueAnyway(conversationId: string): Promise<void>;
}

/** Every scope present, whatever an older core answered. */
const complete = (settings: Partial<BudgetSettings> | null | undefined): BudgetSettings => ({
  conversation: { ...NO_BUDGETS.conversation, ...settings?.conversation },
  agentDay: { ...NO_BUDGETS.agentDay, ...settings?.agentDay },
  totalDay: { ...NO_BUDGETS.totalDay, ...settings?.totalDay },
});

export const useBudgetsStore = create<BudgetsState>((set, get) => ({
  settings: NO_BUDGETS,
  measures: {},
  async load() {
    set({ settings: complete(await call('budgets.get', {})) });
  },
  async save(settings) {
    set({ settings: complete(await call('budgets.set', settings)) });
  },
  async loadStatus(conversationId) {
    const status = await call('budgets.status', { conversationId });
    get().measured(conversationId, status.measures ?? []);
  },
  measured(conversationId, measures) {
    set({ measures: { ...get().measures, [conversationId]: measures } });
  },
  async continueAnyway(conversationId) {
    await call('budgets.continue', { conversationId });
    await get().loadStatus(conversationId);
  },
}));
