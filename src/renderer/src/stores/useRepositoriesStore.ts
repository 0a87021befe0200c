import { create } from 'zustand';
import type { AgentView } from '../../../shared/ipc';
import { call } from '../api';
import { appendCapped, EMPTY_CAPPED, type CappedText } from '../lib/cappedText';

/** Clone progress lines per agent, as `repositories.progress` streams them. */
interface RepositoriesState {
  progress: Record<string, CappedText>;
  appendProgress(lines: { agentId: string; line: string }[]): void;
  clear(agentId: string): void;
  clone(agentId: string, url: string): Promise<AgentView>;
  /** A new empty repository in the workspace. */
  create(agentId: string): Promise<AgentView>;
}

const PROGRESS_CAP = 64 * 1024;

export const useRepositoriesStore = create<RepositoriesState>((set, get) => ({
  progress: {},
  appendProgress(lines) {
    const next = { ...get().progress };
    for (const { agentId, line } of lines)
      next[agentId] = appendCapped(next[agentId] ?? EMPTY_CAPPED, `${line}\n`, PROGRESS_CAP);
    set({ progress: next });
  },
  clear(agentId) {
    set({ progress: { ...get().progress, [agentId]: EMPTY_CAPPED } });
  },
  clone: (agentId, url) => call('repositories.clone', { agentId, url }),
  create: (agentId) => call('repositories.create', { agentId }),
}));
