import { create } from 'zustand';
import type { ProcessView, ResponseOf } from '../../../shared/ipc';
import { call } from '../api';

interface ProcessesState {
  processes: ProcessView[];
  load(): Promise<void>;
  stop(agentId: string, name: string): Promise<void>;
  stopAll(): Promise<number>;
  /** The owner has read why Paddock stopped it: the notice goes. */
  dismiss(agentId: string, name: string): Promise<void>;
  /** A process's output since a cursor: the text, the next cursor, and whether it still runs. */
  output(agentId: string, name: string, since: number): Promise<ResponseOf<'processes.output'>>;
}

export const useProcessesStore = create<ProcessesState>((set, get) => ({
  processes: [],
  async load() {
    set({ processes: await call('processes.list', {}) });
  },
  async stop(agentId, name) {
    await call('processes.stop', { agentId, name });
    await get().load();
  },
  async stopAll() {
    const { stopped } = await call('processes.stopAll', {});
    await get().load();
    return stopped;
  },
  async dismiss(agentId, name) {
    await call('processes.dismiss', { agentId, name });
    await get().load();
  },
  output: (agentId, name, since) => call('processes.output', { agentId, name, since }),
}));

export function runningOf(processes: ProcessView[], agentId: string): ProcessView[] {
  return processes.filter((process) => process.agentId === agentId && process.status === 'running');
}

/** The processes Paddock stopped itself, each with why, until the owner dismisses it. */
export function stoppedByPaddock(processes: ProcessView[]): ProcessView[] {
  return processes.filter((process) => process.stopReason !== null);
}
