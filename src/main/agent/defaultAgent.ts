// The agent the first start creates (seed 003 §11): developer, @dev, granted the developer tools'
// scopes and nothing else (no shell), in run mode as the seed decides, edits applied.
import type { Agent, Scope } from '../../shared/domain';
import { OUTPUT_BOUND_DEFAULT, SCOPES } from '../../shared/domain';

export const DEFAULT_AGENT_ID = 'developer';

/**
 * file_read file_write file_edit process git preview workspace: every developer tool, never bash,
 * and not mcp (granted when the owner adds an MCP server for the agent).
 */
export const DEVELOPER_SCOPES: readonly Scope[] = SCOPES.filter((scope) => scope !== 'shell' && scope !== 'mcp');

/** The current Sonnet in the installed SDK's model list; claude-sonnet-4-5 reached its end of life. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';

export function defaultAgent(now: Date = new Date()): Agent {
  return {
    id: DEFAULT_AGENT_ID,
    name: 'developer',
    handle: '@dev',
    provider: 'anthropic',
    model: DEFAULT_ANTHROPIC_MODEL,
    baseUrl: null,
    scopes: [...DEVELOPER_SCOPES],
    mode: 'run',
    acceptancePolicy: 'apply',
    maxOutputTokens: OUTPUT_BOUND_DEFAULT,
    createdAt: now.toISOString(),
  };
}
