import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

// MCP servers for an agent (issue 21): owner-only actions, translated to the core's.
export function mcpHandlers(core: CoreApi): Pick<Handlers, 'mcp.list' | 'mcp.add' | 'mcp.remove' | 'mcp.setAuto' | 'mcp.restart'> {
  return {
    'mcp.list': (request) => core.listMcpServers(request.agentId),
    'mcp.add': (request) => core.addMcpServer(request),
    'mcp.remove': (request) => core.removeMcpServer(request.serverId),
    'mcp.setAuto': (request) => core.setMcpAuto(request.serverId, request.tool, request.auto),
    'mcp.restart': (request) => core.restartMcpServer(request.serverId),
  };
}
