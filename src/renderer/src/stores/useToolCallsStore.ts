import { create } from 'zustand';
import type { ToolCallView } from '../../../shared/domain';
import { appendCapped, EMPTY_CAPPED, type CappedText } from '../lib/cappedText';

/** Tool calls as the core records them, their live output (capped), and which rows are open. */
interface ToolCallsState {
  calls: Record<string, ToolCallView>;
  output: Record<string, CappedText>;
  expanded: Record<string, boolean>;
  /** Steps whose calls are folded under their summary line. */
  folded: Record<string, boolean>;
  upsert(calls: ToolCallView[]): void;
  appendOutput(chunks: { callId: string; chunk: string }[]): void;
  toggle(callId: string): void;
  toggleStep(step: string): void;
}

export const useToolCallsStore = create<ToolCallsState>((set, get) => ({
  calls: {},
  output: {},
  expanded: {},
  folded: {},
  upsert(calls) {
    if (calls.length === 0) return;
    const next = { ...get().calls };
    for (const view of calls) next[view.id] = view;
    set({ calls: next });
  },
  appendOutput(chunks) {
    if (chunks.length === 0) return;
    const next = { ...get().output };
    for (const { callId, chunk } of chunks) next[callId] = appendCapped(next[callId] ?? EMPTY_CAPPED, chunk);
    set({ output: next });
  },
  toggle(callId) {
    set({ expanded: { ...get().expanded, [callId]: !get().expanded[callId] } });
  },
  toggleStep(step) {
    set({ folded: { ...get().folded, [step]: !get().folded[step] } });
  },
}));
