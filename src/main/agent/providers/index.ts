// Which provider an agent talks to, built fresh for each request so a changed base URL, model or
// key applies to the next request (the same rule as the output bound, AC-10).
import type { Agent } from '../../../shared/domain';
import { assertNever } from '../../../shared/domain';
import type { SecretStore } from '../keys';
import { ANTHROPIC_DEFAULT_BASE_URL, createAnthropicProvider, type ProviderOptions } from './anthropic';
import { OPENAI_DEFAULT_BASE_URL, createOpenAiProvider } from './openai';
import { ProviderError, type ModelProvider } from './types';

export interface ProviderFactoryOptions {
  secrets: SecretStore;
  /** Read once at start by the composition root: ANTHROPIC_BASE_URL, OPENAI_BASE_URL. */
  env?: NodeJS.ProcessEnv;
  /** Retries of 429/529/5xx/network failures, made by the loop with visible backoff. Default 4. */
  maxRetries?: number;
  timeoutMs?: number;
}

export type ProviderFor = (agent: Agent) => ModelProvider;

/** Where an agent without a base URL of its own sends its requests: the environment's variable when set, else the provider's service. */
export function defaultBaseUrlOf(
  provider: Agent['provider'],
  env: NodeJS.ProcessEnv = {},
): { url: string; variable: string | null } {
  switch (provider) {
    case 'anthropic':
      return env.ANTHROPIC_BASE_URL
        ? { url: env.ANTHROPIC_BASE_URL, variable: 'ANTHROPIC_BASE_URL' }
        : { url: ANTHROPIC_DEFAULT_BASE_URL, variable: null };
    case 'openai':
      return env.OPENAI_BASE_URL
        ? { url: env.OPENAI_BASE_URL, variable: 'OPENAI_BASE_URL' }
        : { url: OPENAI_DEFAULT_BASE_URL, variable: null };
    default:
      return assertNever(provider);
  }
}

/** The endpoint an agent's requests go to: its own base URL, else the environment's, else the default. */
export function baseUrlFor(agent: Agent, env: NodeJS.ProcessEnv = {}): string {
  return agent.baseUrl || defaultBaseUrlOf(agent.provider, env).url;
}

/** A key is needed where the agent talks to the provider's own service; a local or proxy endpoint may need none. */
export function keyNeededFor(agent: Agent, env: NodeJS.ProcessEnv = {}): boolean {
  const url = baseUrlFor(agent, env);
  return url === ANTHROPIC_DEFAULT_BASE_URL || url === OPENAI_DEFAULT_BASE_URL;
}

export function createProviderFor(options: ProviderFactoryOptions): ProviderFor {
  const env = options.env ?? {};
  // The SDK client is kept while the agent's provider, endpoint and key stay the same: building one
  // costs a third of a millisecond on every step; a change of any of them builds a new one (AC-10).
  const built = new Map<string, { identity: string; provider: ModelProvider }>();
  return (agent) => {
    const apiKey = options.secrets.get(agent.id);
    const baseUrl = baseUrlFor(agent, env);
    // The vendors' own endpoints always need a key; a local server or proxy may not, so only
    // those get a placeholder and the request is sent.
    if (apiKey === null && (baseUrl === ANTHROPIC_DEFAULT_BASE_URL || baseUrl === OPENAI_DEFAULT_BASE_URL)) {
      return missingKey(agent);
    }
    const identity = JSON.stringify([agent.provider, baseUrl, apiKey]);
    const kept = built.get(agent.id);
    if (kept && kept.identity === identity) return kept.provider;
    const providerOptions = {
      apiKey,
      baseUrl,
      maxRetries: options.maxRetries ?? 4,
      timeoutMs: options.timeoutMs,
    };
    const provider = createFor(agent.provider, providerOptions);
    built.set(agent.id, { identity, provider });
    return provider;
  };
}

function createFor(provider: Agent['provider'], providerOptions: ProviderOptions): ModelProvider {
  switch (provider) {
    case 'anthropic':
      return createAnthropicProvider(providerOptions);
    case 'openai':
      return createOpenAiProvider(providerOptions);
    default:
      return assertNever(provider);
  }
}

function missingKey(agent: Agent): ModelProvider {
  return {
    maxRetries: 0,
    async *stream() {
      throw new ProviderError(`no API key is set for ${agent.handle}: add one in Settings before sending`, false);
    },
  };
}
