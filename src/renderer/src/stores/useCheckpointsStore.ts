import { create } from 'zustand';
import type { CheckpointOptionsView, CheckpointUsageView, CheckpointView } from '../../../shared/domain';
import { call } from '../api';

// Checkpoints (issue 20): per conversation, what can be undone; for Settings, the space used.
interface CheckpointsState {
  byConversation: Record<string, CheckpointView[]>;
  usage: CheckpointUsageView[];
  options: CheckpointOptionsView | null;
  load(conversationId: string): Promise<void>;
  /** Asks the core for the Undo card; the card arrives through the card queue. */
  undo(checkpointId: number): Promise<void>;
  restoreBefore(conversationId: string, messageId: number): Promise<void>;
  loadUsage(): Promise<void>;
  clear(workspace: string): Promise<void>;
  setOptions(change: Partial<CheckpointOptionsView>): Promise<void>;
}

export const useCheckpointsStore = create<CheckpointsState>((set, get) => ({
  byConversation: {},
  usage: [],
  options: null,
  async load(conversationId) {
    const list = await call('checkpoints.list', { conversationId });
    set({ byConversation: { ...get().byConversation, [conversationId]: Array.isArray(list) ? list : [] } });
  },
  async undo(checkpointId) {
    await call('checkpoints.undo', { checkpointId });
  },
  async restoreBefore(conversationId, messageId) {
    await call('checkpoints.restoreBefore', { conversationId, messageId });
  },
  async loadUsage() {
    const { usage, options } = await call('checkpoints.usage', {});
    set({ usage: Array.isArray(usage) ? usage : [], options: options ?? null });
  },
  async clear(workspace) {
    await call('checkpoints.clear', { workspace });
    await get().loadUsage();
  },
  async setOptions(change) {
    set({ options: await call('checkpoints.setOptions', change) });
  },
}));
