// The agent the first start creates (seed 003 §11): developer, @dev, granted the developer tools'
// scopes and nothing else (no shell), in run mode as the seed decides, edits applied.
import type { Agent, Mode, Provider, Scope } from '../../shared/domain';
import { OUTPUT_BOUND_DEFAULT, SCOPES } from '../../shared/domain';
import type { AgentsRepository } from '../store/agents';
import type { SettingsRepository } from '../store/settings';

export const DEFAULT_AGENT_ID = 'developer';

/**
 * file_read file_write file_edit process git preview workspace: every developer tool, never bash,
 * not mcp (granted when the owner adds an MCP server for the agent), and not delegate (granted when
 * the owner picks the agent's helpers).
 */
export const DEVELOPER_SCOPES: readonly Scope[] = SCOPES.filter(
  (scope) => scope !== 'shell' && scope !== 'mcp' && scope !== 'delegate',
);

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

/**
 * The one spelling of an agent handle, for the window and `paddock mcp --agent` alike: trimmed, one
 * leading @, letters, digits, - and _ (case kept; handles are unique regardless of case).
 */
export function normaliseHandle(handle: string): string {
  const bare = handle.trim().replace(/^@/, '');
  if (!/^[a-z0-9][a-z0-9_-]{0,39}$/i.test(bare)) {
    throw new Error(`the agent handle must be letters, digits, - or _ (got ${JSON.stringify(handle)})`);
  }
  return `@${bare}`;
}

/** A new agent as the owner asks for it: what they did not choose takes the developer's defaults (seed 003 §11). */
export function ownerNewAgent(request: {
  name: string;
  handle: string;
  provider?: Provider;
  model?: string;
  scopes?: Scope[];
  mode?: Mode;
}) {
  return {
    name: request.name,
    handle: normaliseHandle(request.handle),
    provider: request.provider ?? 'anthropic',
    model: request.model ?? DEFAULT_ANTHROPIC_MODEL,
    scopes: request.scopes ?? [...DEVELOPER_SCOPES],
    mode: request.mode,
  };
}

const DEFAULT_AGENT_KEY = 'agents.defaultCreated';

/** Creates the default agent on the first start only: an owner who removed it does not get it back. */
export function proposeDefaultAgent(
  agents: Pick<AgentsRepository, 'list' | 'create'>,
  settings: Pick<SettingsRepository, 'get' | 'set'>,
): void {
  if (settings.get(DEFAULT_AGENT_KEY, false)) return;
  if (agents.list().length === 0) agents.create(defaultAgent());
  settings.set(DEFAULT_AGENT_KEY, true);
}
