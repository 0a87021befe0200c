// `paddock mcp` with no Paddock running on its data directory: the core runs in this process. There
// is no window, so a gated call is elicited from the client or refused with how to answer it.
import type { Core } from '../core';
import type { McpBackend } from '../mcp/backend';
import { openMcpSession, type McpSession, type McpSessionDeps } from '../mcp/session';

/** A session's parts from a core of this process, with no window to answer cards. */
export function localSessionDeps(core: Core): McpSessionDeps {
  return {
    agents: core.agents,
    workspaces: core.workspaces,
    assignment: core.assignment,
    conversations: core.conversations,
    dispatcher: core.dispatcher,
    ownerRequests: core.ownerRequests,
    liveSessions: core.mcpLiveSessions,
    windowCards: null,
    turnHooks: core.checkpoints.turnHooks,
  };
}

export function localBackend(core: Core): McpBackend {
  let session: McpSession | null = null;
  return {
    describe: 'this process (no Paddock window is running on this data directory)',
    async open(hello) {
      session = await openMcpSession(localSessionDeps(core), hello);
      return { tools: session.tools(), conversationId: session.conversationId };
    },
    tools: () => session?.tools() ?? [],
    call(name, args, peer, signal) {
      if (!session) return Promise.resolve({ ok: false, error: 'refused: the MCP session is not open yet' });
      return session.call(name, args, peer, signal);
    },
    close: () => core.shutdown(),
  };
}
