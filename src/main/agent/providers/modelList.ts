// The model picker's list (issue 16): the provider's own models endpoint, asked with the agent's key
// and base URL; when it cannot be read (no key, a local server without one, offline), the models
// Paddock knows, with the reason, and the picker still takes free text.
import type { Agent } from '../../../shared/domain';
import type { SecretStore } from '../keys';
import { describeProviderError } from './errors';
import { baseUrlFor, keyNeededFor } from './index';
import { loadAnthropic, loadOpenAi } from './sdks';

export const KNOWN_MODEL_NAMES: Record<Agent['provider'], string[]> = {
  anthropic: [
    'claude-sonnet-5-5',
    'claude-opus-5-5',
    'claude-haiku-5-5',
    'claude-sonnet-4-6',
    'claude-opus-4-6',
    'claude-haiku-4-5',
  ],
  openai: ['gpt-5', 'gpt-5-mini', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4o', 'o3', 'o4-mini'],
};

export interface ModelList {
  models: string[];
  source: 'provider' | 'known';
  problem: string | null;
}

export async function listModels(
  agent: Agent,
  secrets: SecretStore,
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 10_000,
): Promise<ModelList> {
  const apiKey = secrets.get(agent.id);
  const baseUrl = baseUrlFor(agent, env);
  const known = (problem: string): ModelList => ({
    models: KNOWN_MODEL_NAMES[agent.provider],
    source: 'known',
    problem,
  });
  if (!apiKey && keyNeededFor(agent, env)) return known(`no API key is set for ${agent.handle}`);
  try {
    const ids = await fetchModelIds(agent.provider, baseUrl, apiKey, timeoutMs);
    if (ids.length === 0) return known(`${baseUrl} listed no models`);
    return { models: [...new Set(ids)].slice(0, 500), source: 'provider', problem: null };
  } catch (error) {
    return known(describeProviderError(error, { baseUrl, model: agent.model, retries: 0, apiKey }).message);
  }
}

/** The provider's models endpoint, asked once, without retries; throws the SDK's error. */
export async function fetchModelIds(
  provider: Agent['provider'],
  baseUrl: string,
  apiKey: string | null,
  timeoutMs: number,
): Promise<string[]> {
  const ids: string[] = [];
  if (provider === 'anthropic') {
    const Anthropic = await loadAnthropic();
    const client = new Anthropic({
      apiKey: apiKey ?? 'no-key-configured',
      baseURL: baseUrl,
      maxRetries: 0,
      timeout: timeoutMs,
      logLevel: 'off',
    });
    for await (const model of client.models.list({ limit: 100 })) ids.push(model.id);
  } else {
    const OpenAI = await loadOpenAi();
    const client = new OpenAI({
      apiKey: apiKey ?? 'no-key-configured',
      baseURL: baseUrl,
      maxRetries: 0,
      timeout: timeoutMs,
      logLevel: 'off',
    });
    for await (const model of client.models.list()) ids.push(model.id);
  }
  return ids;
}
