// The model picker (issue 16 §8): the provider's own models endpoint, asked through the real SDK with
// the agent's key and base URL; when it cannot be read, the models Paddock knows, with the reason.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultAgent } from '../../../src/main/agent/defaultAgent';
import { createFileSecretStore } from '../../../src/main/agent/keys';
import { KNOWN_MODEL_NAMES, listModels } from '../../../src/main/agent/providers/modelList';
import type { Agent } from '../../../src/shared/domain';
import { startFakeModelServer } from '../../support/fakeModelServer';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function secretsWith(agentId: string, key: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-models-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const secrets = createFileSecretStore(dataDir);
  secrets.set(agentId, key);
  return secrets;
}

describe.each(['anthropic', 'openai'] as const)('the model list through the %s SDK', (provider) => {
  it("lists the provider's own models, asked with the agent's key", async () => {
    const server = await startFakeModelServer([], { models: ['model-a', 'model-b', 'model-a'] });
    cleanups.push(() => server.close());
    const agent: Agent = {
      ...defaultAgent(),
      provider,
      baseUrl: provider === 'anthropic' ? server.url : server.openaiUrl,
    };
    const list = await listModels(agent, secretsWith(agent.id, 'sk-list'));
    expect(list).toEqual({ models: ['model-a', 'model-b'], source: 'provider', problem: null });
    expect(server.modelListRequests).toHaveLength(1);
    const sent = server.modelListRequests[0]!;
    expect(String(sent['x-api-key'] ?? sent.authorization)).toContain('sk-list');
  });

  it('falls back to the known models, with the reason, when the endpoint has no list', async () => {
    const server = await startFakeModelServer([]);
    cleanups.push(() => server.close());
    const agent: Agent = {
      ...defaultAgent(),
      provider,
      baseUrl: provider === 'anthropic' ? server.url : server.openaiUrl,
    };
    const list = await listModels(agent, secretsWith(agent.id, 'sk-list'));
    expect(list.source).toBe('known');
    expect(list.models).toEqual(KNOWN_MODEL_NAMES[provider]);
    expect(list.problem).toMatch(/404/);
  });
});
