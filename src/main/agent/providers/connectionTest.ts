// The first run's "Test connection" (issue 23 §1): one real, cheap request — the provider's models
// endpoint — and one sentence the owner can act on: a bad key, an unreachable base URL, or a model
// the key cannot use. The key given here is used for this one request and not stored.
import type { Agent } from '../../../shared/domain';
import type { ConnectionTestView } from '../../../shared/ipc/views';
import type { SecretStore } from '../keys';
import { describeProviderError } from './errors';
import { baseUrlFor, keyNeededFor } from './index';
import { fetchModelIds } from './modelList';

export async function testConnection(
  agent: Agent,
  secrets: SecretStore,
  env: NodeJS.ProcessEnv = {},
  options: { apiKey?: string; timeoutMs?: number } = {},
): Promise<ConnectionTestView> {
  const apiKey = options.apiKey ?? secrets.get(agent.id);
  const baseUrl = baseUrlFor(agent, env);
  if (!apiKey && keyNeededFor(agent, env)) {
    return {
      ok: false,
      problem: 'no-key',
      sentence: `No API key yet: paste the key from your ${agent.provider} account, then test again.`,
      baseUrl,
    };
  }
  let ids: string[];
  try {
    ids = await fetchModelIds(agent.provider, baseUrl, apiKey, options.timeoutMs ?? 10_000);
  } catch (error) {
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 401 || status === 403) {
      return {
        ok: false,
        problem: 'bad-key',
        sentence: `${baseUrl} refused this API key (${String(status)}): check that it was copied whole and belongs to ${agent.provider}.`,
        baseUrl,
      };
    }
    const described = describeProviderError(error, { baseUrl, model: agent.model, retries: 0, apiKey });
    if (status === undefined && /could not reach|timed out/.test(described.message)) {
      return {
        ok: false,
        problem: 'unreachable',
        sentence: `Cannot reach ${baseUrl}: check the base URL and your network (${described.message}).`,
        baseUrl,
      };
    }
    return {
      ok: false,
      problem: 'other',
      sentence: `The provider answered with an error: ${described.message}.`,
      baseUrl,
    };
  }
  if (!ids.includes(agent.model)) {
    const some = ids.slice(0, 3).join(', ');
    return {
      ok: false,
      problem: 'model-missing',
      sentence: `The key works, but model "${agent.model}" is not available to it${some ? `: pick one it lists, such as ${some}` : ''}.`,
      baseUrl,
      models: ids.slice(0, 500),
    };
  }
  return {
    ok: true,
    sentence: `Connected to ${baseUrl}: the key works and ${agent.model} is available.`,
    baseUrl,
    models: ids.slice(0, 500),
  };
}
