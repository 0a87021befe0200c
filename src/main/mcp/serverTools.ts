// An MCP server's tools as Paddock tools (issue 21): named mcp__<server>__<tool> for the model, under
// the `mcp` scope, a card on every call unless the owner marked the tool auto (never in ask mode),
// replay-unsafe (Paddock cannot know what they change), and dispatched like every other tool.
import { MCP_TOOL_FACTS } from '../tools/facts';
import { z } from 'zod';
import type { McpToolName } from '../../shared/domain';
import type { McpServersRepository } from '../store/mcpServers';
import type { AnyToolDefinition } from '../tools/types';
import type { McpServerManager } from './servers';

export interface OfferedMcpTool {
  definition: AnyToolDefinition;
  inputSchema: Record<string, unknown>;
}

const MAX_NAME = 64;

/** mcp__<server>__<tool>, in the characters model APIs accept; null when it cannot fit. */
export function mcpToolName(server: string, tool: string): McpToolName | null {
  const name = `mcp__${server}__${tool.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  return name.length <= MAX_NAME ? (name as McpToolName) : null;
}

const argsSchema = z.record(z.string(), z.unknown());

export function mcpToolsFor(
  agentId: string,
  servers: McpServersRepository,
  manager: McpServerManager,
): OfferedMcpTool[] {
  const offered: OfferedMcpTool[] = [];
  for (const server of servers.listFor(agentId)) {
    const state = manager.state(server.id);
    if (state.status !== 'ready') continue;
    for (const tool of state.tools) {
      const name = mcpToolName(server.name, tool.name);
      if (!name) continue;
      const autoMarked = server.autoTools.includes(tool.name);
      const definition: AnyToolDefinition = {
        name,
        scope: 'mcp',
        description: `[MCP server ${server.name}] ${tool.description}`.slice(0, 1024),
        schema: argsSchema,
        // Another program's tool: nothing is known of it, so it may do anything.
        ...MCP_TOOL_FACTS,
        tierFor: (_args, ctx) => {
          if (ctx.agent.mode === 'ask')
            return { tier: 'gated', reason: `ask mode: every call of an MCP server's tool is a card` };
          if (autoMarked)
            return { tier: 'auto', reason: `you marked ${tool.name} of the MCP server ${server.name} auto` };
          return {
            tier: 'gated',
            reason: `${tool.name} is a tool of the MCP server ${server.name}: its calls are cards unless you mark it auto in Settings → Developer`,
          };
        },
        preview: async (args) => ({
          details: [
            `MCP server: ${server.name} (${server.transport === 'stdio' ? server.command : server.url})`,
            `tool: ${tool.name}`,
            `arguments: ${JSON.stringify(args, null, 2).slice(0, 4_000)}`,
          ],
        }),
        run: (args, ctx) => manager.call(server.id, tool.name, args as Record<string, unknown>, ctx.signal),
      };
      offered.push({ definition, inputSchema: { ...tool.inputSchema, type: 'object' } });
    }
  }
  return offered;
}
