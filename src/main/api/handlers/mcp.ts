import type { CoreApi } from '../coreApi';
import { ApiRefusal, type Handlers } from '../router';

// MCP servers for an agent (issue 21): owner-only actions, translated to the core's; no rule here.
export function mcpHandlers(core: CoreApi): Pick<Handlers, 'mcp.list' | 'mcp.add' | 'mcp.remove' | 'mcp.setAuto' | 'mcp.restart'> {
  const gone = (): never => {
    throw new ApiRefusal('not-found', 'refused: that MCP server does not exist');
  };
  return {
    'mcp.list': (request) => core.mcpServers.list(request.agentId),
    'mcp.add': async (request) => {
      const added = await core.mcpServers.add(request);
      if (!added.ok) throw new ApiRefusal('refused', added.reason);
      core.events.emit({ type: 'agents.changed' });
      return added.server;
    },
    'mcp.remove': async (request) => ({ removed: await core.mcpServers.remove(request.serverId) }),
    'mcp.setAuto': (request) => core.mcpServers.setAuto(request.serverId, request.tool, request.auto) ?? gone(),
    'mcp.restart': async (request) => (await core.mcpServers.restart(request.serverId)) ?? gone(),
  };
}
