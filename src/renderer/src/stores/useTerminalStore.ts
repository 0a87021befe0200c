import { create } from 'zustand';
import type { PaddockEvent } from '../../../shared/ipc';
import { call, subscribe } from '../api';

type TerminalEvent = Extract<PaddockEvent, { type: 'terminal.data' | 'terminal.exit' }>;

/** The owner's terminals: the core's pty calls, and its output events for the tab that shows them. */
interface TerminalState {
  open(agentId: string, cols: number, rows: number): Promise<string>;
  write(terminalId: string, data: string): Promise<void>;
  resize(terminalId: string, cols: number, rows: number): Promise<void>;
  close(terminalId: string): Promise<void>;
  /** Hears every terminal's output and exit; returns the unsubscribe. */
  follow(listener: (event: TerminalEvent) => void): () => void;
}

export const useTerminalStore = create<TerminalState>(() => ({
  open: async (agentId, cols, rows) => (await call('terminal.open', { agentId, cols, rows })).terminalId,
  async write(terminalId, data) {
    await call('terminal.write', { terminalId, data });
  },
  async resize(terminalId, cols, rows) {
    await call('terminal.resize', { terminalId, cols, rows });
  },
  async close(terminalId) {
    await call('terminal.close', { terminalId });
  },
  follow: (listener) =>
    subscribe((event) => {
      if (event.type === 'terminal.data' || event.type === 'terminal.exit') listener(event);
    }),
}));
