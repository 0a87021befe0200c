import { create } from 'zustand';
import type { McpServerView, RequestOf } from '../../../shared/ipc';
import { call } from '../api';

interface McpState {
  /** agentId → its MCP servers. */
  servers: Record<string, McpServerView[]>;
  load(agentId: string): Promise<void>;
  add(request: RequestOf<'mcp.add'>): Promise<void>;
  remove(agentId: string, serverId: string): Promise<void>;
  setAuto(agentId: string, serverId: string, tool: string, auto: boolean): Promise<void>;
  restart(agentId: string, serverId: string): Promise<void>;
}

export const useMcpStore = create<McpState>((set, get) => {
  const replace = (agentId: string, server: McpServerView): void =>
    set({
      servers: {
        ...get().servers,
        [agentId]: (get().servers[agentId] ?? []).map((one) => (one.id === server.id ? server : one)),
      },
    });
  return {
    servers: {},
    async load(agentId) {
      const list = await call('mcp.list', { agentId });
      set({ servers: { ...get().servers, [agentId]: list } });
    },
    async add(request) {
      await call('mcp.add', request);
      await get().load(request.agentId);
    },
    async remove(agentId, serverId) {
      await call('mcp.remove', { serverId });
      await get().load(agentId);
    },
    async setAuto(agentId, serverId, tool, auto) {
      replace(agentId, await call('mcp.setAuto', { serverId, tool, auto }));
    },
    async restart(agentId, serverId) {
      replace(agentId, await call('mcp.restart', { serverId }));
    },
  };
});
