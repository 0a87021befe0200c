// MCP both ways, as the core wires it: the servers the owner added for agents (started in the
// agent's workspace and sandbox through the exec seam, their tools offered from the first turn),
// and the bridge through which a `paddock mcp` on this data directory sends its calls here.
import type { SecretStore } from '../agent/keys';
import type { EventBus } from '../events';
import { createAgentMcpServers, readHeaders } from '../mcp/agentServers';
import { startMcpBridge } from '../mcp/bridgeServer';
import { createMcpServerManager } from '../mcp/servers';
import { mcpToolsFor } from '../mcp/serverTools';
import type { McpSessionDeps } from '../mcp/session';
import { ownerEnvFrom } from '../processes/env';
import type { GroupLedger } from '../processes/ledger';
import type { SandboxChoices } from '../sandbox/choices';
import { containmentFor } from '../sandbox/containment';
import type { Sandbox } from '../sandbox/sandbox';
import type { Records } from './records';

export interface AgentMcpDeps {
  records: Pick<Records, 'mcpServers' | 'workspaces' | 'agents'>;
  secrets: SecretStore;
  home: string;
  env: NodeJS.ProcessEnv;
  ledger: GroupLedger;
  sandbox: Sandbox;
  sandboxChoices: SandboxChoices;
  events: EventBus;
}

/** The MCP servers the owner added for agents (issue 21). */
export function createAgentMcp(deps: AgentMcpDeps) {
  const { records } = deps;
  const manager = createMcpServerManager({
    servers: records.mcpServers,
    workspaces: records.workspaces,
    headersFor: (serverId) => readHeaders(deps.secrets, serverId),
    home: deps.home,
    ownerEnv: ownerEnvFrom(deps.env),
    version: 'paddock',
    ledger: deps.ledger,
    // In the agent's sandbox, like its commands (SPEC §14).
    guardFor: (agentId, workspace, stop) =>
      containmentFor(agentId, workspace, {
        sandbox: deps.sandbox,
        choicesFor: deps.sandboxChoices.choicesFor,
      }).longLived(stop),
    onChanged: (agentId) => deps.events.emit({ type: 'mcp.changed', agentId }),
  });
  const servers = createAgentMcpServers({
    servers: records.mcpServers,
    manager,
    agents: records.agents,
    secrets: deps.secrets,
  });
  return {
    manager,
    servers,
    /** The tools of an agent's running servers (scope mcp), as the dispatcher offers them. */
    offeredTools: (agentId: string) => mcpToolsFor(agentId, records.mcpServers, manager),
    /** Servers of agents that have a workspace start now, so their tools are offered from the first turn. */
    startAll(): void {
      for (const record of records.mcpServers.list()) void manager.ensureStarted(record.agentId);
    },
  };
}

/**
 * A `paddock mcp` on this data directory sends its calls here, so its cards wait on this window; a
 * lone `paddock mcp` (host `cli`) serves later ones too, with no window: their cards are elicited or
 * refused. On by default where a core serves sessions (web, electron, cli); tests opt in.
 */
export async function serveMcpBridge(
  host: 'electron' | 'web' | 'cli' | 'test',
  wanted: boolean | undefined,
  deps: Omit<McpSessionDeps, 'windowCards'> & { cards: NonNullable<McpSessionDeps['windowCards']> },
  dataDir: string,
  log: (message: string) => void,
) {
  if (!(wanted ?? (host === 'web' || host === 'electron' || host === 'cli'))) return null;
  const { cards, ...session } = deps;
  return startMcpBridge({ ...session, windowCards: host === 'cli' ? null : cards }, dataDir, log);
}
