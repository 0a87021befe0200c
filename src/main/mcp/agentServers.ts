// The owner's side of MCP servers for Paddock's agents (issue 21): add, remove, mark a tool auto,
// restart, and what Settings shows. Only the owner does these (SPEC §10); none is a model tool.
import type { Agent } from '../../shared/domain';
import type { McpServerView } from '../../shared/ipc';
import type { SecretStore } from '../agent/keys';
import type { AgentsRepository } from '../store/agents';
import { McpServerNameTakenError, type McpServerRecord, type McpServersRepository } from '../store/mcpServers';
import { lexCommand } from '../policy/lexer';
import type { McpServerManager } from './servers';
import { mcpToolName } from './serverTools';

export type McpServerInput =
  | { agentId: string; name: string; transport: 'stdio'; command: string }
  | { agentId: string; name: string; transport: 'http'; url: string; headers?: Record<string, string> };

const headersKey = (serverId: string): string => `mcp-headers:${serverId}`;

export function createAgentMcpServers(deps: {
  servers: McpServersRepository;
  manager: McpServerManager;
  agents: AgentsRepository;
  secrets: SecretStore;
}) {
  const { servers, manager } = deps;

  function headerNames(serverId: string): string[] {
    return Object.keys(readHeaders(deps.secrets, serverId));
  }

  function view(record: McpServerRecord): McpServerView {
    const state = manager.state(record.id);
    return {
      id: record.id,
      agentId: record.agentId,
      name: record.name,
      transport: record.transport,
      target: record.transport === 'stdio' ? (record.command ?? '') : (record.url ?? ''),
      headerNames: record.transport === 'http' ? headerNames(record.id) : [],
      state: state.status,
      error: state.error,
      tools: state.tools.map((tool) => ({
        name: tool.name,
        modelName: mcpToolName(record.name, tool.name),
        description: tool.description,
        auto: record.autoTools.includes(tool.name),
      })),
    };
  }

  return {
    list(agentId: string): McpServerView[] {
      return servers.listFor(agentId).map(view);
    },

    /** Adds the server, grants the agent the mcp scope (adding one is that decision), and starts it. */
    async add(input: McpServerInput): Promise<{ ok: true; server: McpServerView } | { ok: false; reason: string }> {
      const agent: Agent | null = deps.agents.get(input.agentId);
      if (!agent) return { ok: false, reason: 'refused: no such agent' };
      if (!/^[a-zA-Z0-9][a-zA-Z0-9-]{0,23}$/.test(input.name)) {
        return {
          ok: false,
          reason: 'refused: a server name is 1–24 letters, digits or -, starting with a letter or digit',
        };
      }
      if (input.transport === 'stdio') {
        const lexed = lexCommand(input.command);
        if (!lexed.ok)
          return { ok: false, reason: `refused: the command must be a plain command, with no shell (${lexed.reason})` };
      }
      let record: McpServerRecord;
      try {
        record = servers.add(
          input.transport === 'stdio'
            ? { agentId: agent.id, name: input.name, transport: 'stdio', command: input.command }
            : { agentId: agent.id, name: input.name, transport: 'http', url: input.url },
        );
      } catch (error) {
        if (error instanceof McpServerNameTakenError) return { ok: false, reason: `refused: ${error.message}` };
        throw error;
      }
      if (input.transport === 'http' && input.headers && Object.keys(input.headers).length > 0) {
        deps.secrets.set(headersKey(record.id), JSON.stringify(input.headers));
      }
      if (!agent.scopes.includes('mcp')) deps.agents.update(agent.id, { scopes: [...agent.scopes, 'mcp'] });
      await manager.ensureStarted(agent.id);
      return { ok: true, server: view(servers.get(record.id) ?? record) };
    },

    async remove(serverId: string): Promise<boolean> {
      await manager.remove(serverId);
      deps.secrets.delete(headersKey(serverId));
      return servers.remove(serverId);
    },

    setAuto(serverId: string, tool: string, auto: boolean): McpServerView | null {
      const record = servers.get(serverId);
      if (!record) return null;
      const next = auto ? [...record.autoTools, tool] : record.autoTools.filter((name) => name !== tool);
      servers.setAutoTools(serverId, next);
      return view(servers.get(serverId) ?? record);
    },

    async restart(serverId: string): Promise<McpServerView | null> {
      await manager.restart(serverId);
      const record = servers.get(serverId);
      return record ? view(record) : null;
    },
  };
}

export function readHeaders(secrets: SecretStore, serverId: string): Record<string, string> {
  const stored = secrets.get(headersKey(serverId));
  if (!stored) return {};
  try {
    return JSON.parse(stored) as Record<string, string>;
  } catch {
    return {};
  }
}

export type AgentMcpServers = ReturnType<typeof createAgentMcpServers>;
