import { create } from 'zustand';
import type { AcceptancePolicy, Mode, Scope } from '../../../shared/domain';
import type { AgentView, DirectoryPurpose, RequestOf, ResponseOf } from '../../../shared/ipc';
import { call } from '../api';
import { agentToSelect } from '../lib/agentSelection';

interface AgentsState {
  agents: AgentView[];
  selectedId: string | null;
  loaded: boolean;
  load(): Promise<void>;
  select(id: string): void;
  create(input: { name: string; handle: string }): Promise<AgentView>;
  setMode(agentId: string, mode: Mode): Promise<void>;
  setPolicy(agentId: string, acceptancePolicy: AcceptancePolicy): Promise<void>;
  setScopes(agentId: string, scopes: Scope[]): Promise<void>;
  setOutputBound(agentId: string, maxOutputTokens: number): Promise<void>;
  setWorkspace(agentId: string, directory: string): Promise<void>;
  /** Provider, model, base URL, thinking budget; a base URL that moves a stored key needs `confirmKeyTo`. */
  updateConnection(agentId: string, patch: Omit<RequestOf<'agents.update'>, 'agentId'>): Promise<void>;
  setApiKey(agentId: string, apiKey: string): Promise<void>;
  /** Electron's folder dialog; null when cancelled (the web host has none: canPickDirectory is false). */
  /** The host's folder dialog (Electron), titled for what the folder is for. */
  pickDirectory(purpose?: DirectoryPurpose): Promise<string | null>;
  clearApiKey(agentId: string): Promise<void>;
  models(agentId: string): Promise<ResponseOf<'agents.models'>>;
}

export const useAgentsStore = create<AgentsState>((set, get) => {
  const replace = (agent: AgentView): void =>
    set({ agents: get().agents.map((existing) => (existing.id === agent.id ? agent : existing)) });
  return {
    agents: [],
    selectedId: null,
    loaded: false,
    async load() {
      const agents = await call('agents.list', {});
      set({ agents, loaded: true, selectedId: agentToSelect(agents, get().selectedId) });
    },
    select(id) {
      set({ selectedId: id });
    },
    async create(input) {
      const agent = await call('agents.create', input);
      set({ agents: [...get().agents.filter((a) => a.id !== agent.id), agent], selectedId: agent.id });
      return agent;
    },
    async setMode(agentId, mode) {
      replace(await call('agents.update', { agentId, mode }));
    },
    async setPolicy(agentId, acceptancePolicy) {
      replace(await call('agents.update', { agentId, acceptancePolicy }));
    },
    async setScopes(agentId, scopes) {
      replace(await call('agents.update', { agentId, scopes }));
    },
    async setOutputBound(agentId, maxOutputTokens) {
      replace(await call('agents.update', { agentId, maxOutputTokens }));
    },
    async setWorkspace(agentId, directory) {
      replace(await call('workspaces.set', { agentId, directory }));
    },
    async updateConnection(agentId, patch) {
      replace(await call('agents.update', { agentId, ...patch }));
    },
    async setApiKey(agentId, apiKey) {
      replace(await call('agents.setApiKey', { agentId, apiKey }));
    },
    async clearApiKey(agentId) {
      replace(await call('agents.clearApiKey', { agentId }));
    },
    models: (agentId) => call('agents.models', { agentId }),
    pickDirectory: async (purpose) => (await call('workspaces.pickDirectory', purpose ? { purpose } : {})).directory,
  };
});

export function useSelectedAgent(): AgentView | null {
  return useAgentsStore((state) => state.agents.find((agent) => agent.id === state.selectedId) ?? null);
}
