import { create } from 'zustand';
import type { InstructionFileView, InstructionPinView } from '../../../shared/ipc';
import { call } from '../api';

interface InstructionsState {
  /** Per agent: the workspace's instruction files waiting for the owner. */
  waiting: Record<string, InstructionFileView[]>;
  /** Per agent: the texts (sha256) the owner said "Not now" to in this window; asked again after a restart. */
  notNow: Record<string, string[]>;
  pins: InstructionPinView[];
  loadWaiting(agentId: string, conversationId?: string): Promise<void>;
  /** Reloads every agent already asked about (an event changed what waits). */
  reloadWaiting(agentId: string | null): void;
  accept(agentId: string, file: InstructionFileView, conversationId?: string): Promise<void>;
  dismiss(agentId: string, file: InstructionFileView): void;
  loadPins(): Promise<void>;
  forget(pin: InstructionPinView): Promise<void>;
}

export const useInstructionsStore = create<InstructionsState>((set, get) => ({
  waiting: {},
  notNow: {},
  pins: [],
  async loadWaiting(agentId, conversationId) {
    const files = await call('instructions.waiting', conversationId ? { agentId, conversationId } : { agentId });
    set({ waiting: { ...get().waiting, [agentId]: files } });
  },
  reloadWaiting(agentId) {
    for (const known of Object.keys(get().waiting)) {
      if (agentId === null || known === agentId)
        void get()
          .loadWaiting(known)
          .catch(() => undefined);
    }
  },
  async accept(agentId, file, conversationId) {
    if (!file.sha256) return;
    await call('instructions.accept', {
      agentId,
      relPath: file.relPath,
      sha256: file.sha256,
      ...(conversationId ? { conversationId } : {}),
    });
    set({
      waiting: {
        ...get().waiting,
        [agentId]: (get().waiting[agentId] ?? []).filter((other) => other.relPath !== file.relPath),
      },
    });
  },
  dismiss(agentId, file) {
    if (!file.sha256) return;
    set({ notNow: { ...get().notNow, [agentId]: [...(get().notNow[agentId] ?? []), file.sha256] } });
  },
  async loadPins() {
    set({ pins: await call('instructions.pins', {}) });
  },
  async forget(pin) {
    await call('instructions.forget', { directory: pin.directory, relPath: pin.relPath });
    set({ pins: get().pins.filter((other) => other.directory !== pin.directory || other.relPath !== pin.relPath) });
  },
}));
