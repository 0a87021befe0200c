import { create } from 'zustand';
import type { ConnectionTestView, FolderFactsView } from '../../../shared/ipc';
import { call } from '../api';
import { firstScreen } from '../screens';
import { useAppStore } from './useAppStore';

export type SetupStep = 'workspace' | 'provider' | 'mode';
export const SETUP_STEPS: readonly SetupStep[] = ['workspace', 'provider', 'mode'];

/** The guided first run (issue 23 §1): shown until done or skipped, reopened from Settings. */
interface SetupState {
  open: boolean;
  /** Whether the core has said if the setup is done: until then the window shows neither screen. */
  decided: boolean;
  /** The start could not ask the core: the working window shows, with its error. */
  undecidable(): void;
  step: SetupStep;
  /** Opens it on start when the core says it is not done yet. */
  openIfNotDone(): void;
  reopen(step?: SetupStep): void;
  goTo(step: SetupStep): void;
  /** Done or skipped: either way the core remembers and it does not open again on its own. */
  close(): Promise<void>;
  inspect(directory: string): Promise<FolderFactsView>;
  complete(prefix: string): Promise<string[]>;
  testConnection(agentId: string, apiKey?: string): Promise<ConnectionTestView>;
}

export const useSetupStore = create<SetupState>((set) => ({
  open: false,
  decided: false,
  step: 'workspace',
  openIfNotDone() {
    if (firstScreen(useAppStore.getState().info) === 'setup') set({ open: true, decided: true, step: 'workspace' });
    else set({ decided: true });
  },
  undecidable() {
    set({ decided: true });
  },
  reopen(step = 'workspace') {
    set({ open: true, step });
  },
  goTo(step) {
    set({ step });
  },
  async close() {
    const info = await call('settings.setSetupDone', { done: true });
    useAppStore.setState({ info });
    set({ open: false });
  },
  inspect: (directory) => call('workspaces.inspect', { directory }),
  complete: async (prefix) => (await call('workspaces.complete', { prefix })).folders,
  testConnection: (agentId, apiKey) => call('agents.testConnection', apiKey ? { agentId, apiKey } : { agentId }),
}));
