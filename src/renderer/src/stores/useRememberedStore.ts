import { create } from 'zustand';
import type { RememberedCommandView } from '../../../shared/ipc';
import { call } from '../api';

interface RememberedState {
  commands: RememberedCommandView[];
  load(): Promise<void>;
  forget(id: number): Promise<void>;
}

export const useRememberedStore = create<RememberedState>((set, get) => ({
  commands: [],
  async load() {
    set({ commands: await call('remembered.list', {}) });
  },
  async forget(id) {
    await call('remembered.forget', { id });
    set({ commands: get().commands.filter((command) => command.id !== id) });
  },
}));
