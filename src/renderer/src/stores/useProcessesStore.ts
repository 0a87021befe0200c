import { create } from 'zustand';
import type { ProcessView, ResponseOf } from '../../../shared/ipc';
import { call } from '../api';

interface ProcessesState {
  processes: ProcessView[];
  load(): Promise<void>;
  stop(agentId: string, name: string): Promise<void>;
  stopAll(): Promise<number>;
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
  output: (agentId, name, since) => call('processes.output', { agentId, name, since }),
}));

export function runningOf(processes: ProcessView[], agentId: string): ProcessView[] {
  return processes.filter((process) => process.agentId === agentId && process.status === 'running');
}
