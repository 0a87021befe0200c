// The MCP sessions open on this core, by agent (SPEC §14): two clients on one agent must not move
// each other's workspace or mode, so a second session that would is refused, naming the first.
import type { Mode } from '../../shared/domain';

export interface LiveMcpSession {
  client: string;
  directory: string;
  mode: Mode;
}

export interface McpLiveSessions {
  /**
   * Holds the agent for this client in this workspace and mode, or says which open session holds it
   * otherwise. Synchronous, so two opens cannot both pass; the returned function releases it.
   */
  hold(
    agentId: string,
    handle: string,
    wanted: LiveMcpSession,
  ): { ok: true; release: () => void } | { ok: false; reason: string };
}

export function createMcpLiveSessions(): McpLiveSessions {
  const byAgent = new Map<string, Set<LiveMcpSession>>();
  return {
    hold(agentId, handle, wanted) {
      const open = byAgent.get(agentId) ?? new Set<LiveMcpSession>();
      for (const other of open) {
        if (other.directory !== wanted.directory || other.mode !== wanted.mode) {
          return {
            ok: false,
            reason:
              `${handle} is in use by the MCP session of ${other.client} on ${other.directory} in ${other.mode} mode, ` +
              `and this client asked for ${wanted.directory} in ${wanted.mode} mode. Close that client first, ` +
              'or start this one with another --agent (or the same --workspace and --mode)',
          };
        }
      }
      const entry = { ...wanted };
      open.add(entry);
      byAgent.set(agentId, open);
      return {
        ok: true,
        release: () => {
          open.delete(entry);
          if (open.size === 0 && byAgent.get(agentId) === open) byAgent.delete(agentId);
        },
      };
    },
  };
}
