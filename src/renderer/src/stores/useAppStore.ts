import { create } from 'zustand';
import type { InstanceSwitches } from '../../../shared/domain';
import type { AppInfo } from '../../../shared/ipc';
import { call } from '../api';

export type View = 'agent' | 'settings';

interface AppState {
  info: AppInfo | null;
  view: View;
  error: string | null;
  creatingAgent: boolean;
  paletteOpen: boolean;
  setCreatingAgent(creating: boolean): void;
  setPaletteOpen(open: boolean): void;
  load(): Promise<void>;
  setView(view: View): void;
  setSwitches(patch: Partial<InstanceSwitches>): Promise<void>;
  setTailscale(enabled: boolean): Promise<void>;
  setAgentSandbox(
    agentId: string,
    choices: { allowedDomains?: string[]; uncontainedShell?: boolean; runListOnly?: boolean },
  ): Promise<void>;
  showError(message: string | null): void;
}

export const useAppStore = create<AppState>((set) => ({
  info: null,
  view: 'agent',
  error: null,
  creatingAgent: false,
  paletteOpen: false,
  setCreatingAgent(creatingAgent) {
    set({ creatingAgent });
  },
  setPaletteOpen(paletteOpen) {
    set({ paletteOpen });
  },
  async load() {
    set({ info: await call('app.info', {}) });
  },
  setView(view) {
    set({ view });
  },
  async setSwitches(patch) {
    set({ info: await call('settings.setSwitches', patch) });
  },
  async setTailscale(enabled) {
    set({ info: await call('settings.setTailscale', { enabled }) });
  },
  async setAgentSandbox(agentId, choices) {
    set({ info: await call('settings.setAgentSandbox', { agentId, ...choices }) });
  },
  showError(message) {
    set({ error: message });
  },
}));
