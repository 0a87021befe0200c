// MCP servers the owner adds for an agent: owner-only actions, never the model's.
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import type { CoreServices } from './services';

const MCP_SERVER_GONE = 'refused: that MCP server does not exist';

export function mcpCalls(core: CoreServices): DomainApi<'mcp'> {
  const serverGone = (): never => {
    throw new CoreRefusal('not-found', MCP_SERVER_GONE);
  };
  return {
    list: (request) => core.mcpServers.list(request.agentId),
    async add(request) {
      const added = await core.mcpServers.add(request);
      if (!added.ok) throw new CoreRefusal('refused', added.reason);
      core.events.emit({ type: 'agents.changed' });
      return added.server;
    },
    remove: async (request) => ({ removed: await core.mcpServers.remove(request.serverId) }),
    setAuto: (request) => core.mcpServers.setAuto(request.serverId, request.tool, request.auto) ?? serverGone(),
    restart: async (request) => (await core.mcpServers.restart(request.serverId)) ?? serverGone(),
  };
}
