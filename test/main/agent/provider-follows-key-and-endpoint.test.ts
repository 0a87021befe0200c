// AC-10 with a kept SDK client: the provider factory keeps one client per agent while its provider,
// endpoint and key stay the same, and the next request after any of them changes uses the new one,
// even when the key was changed by another process writing the key file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultAgent } from '../../../src/main/agent/defaultAgent';
import { createFileSecretStore } from '../../../src/main/agent/keys';
import { createProviderFor } from '../../../src/main/agent/providers';
import type { Agent } from '../../../src/shared/domain';
import { startFakeModelServer, type FakeModelServer, type RecordedRequest } from '../../support/fakeModelServer';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function ask(providerFor: ReturnType<typeof createProviderFor>, agent: Agent): Promise<void> {
  const provider = providerFor(agent);
  for await (const event of provider.stream({
    model: agent.model,
    system: 'test',
    messages: [{ role: 'user', text: 'hi' }],
    tools: [],
    maxOutputTokens: 1024,
    signal: new AbortController().signal,
  })) {
    if (event.type === 'stop') return;
  }
}

/** The key as the SDK sent it (this SDK version sends it as a bearer token). */
function keyOf(request: RecordedRequest): string | undefined {
  const header = request.headers['x-api-key'] ?? request.headers.authorization;
  return typeof header === 'string' ? header.replace(/^Bearer /, '') : undefined;
}

async function server(): Promise<FakeModelServer> {
  const started = await startFakeModelServer(() => ({ text: 'ok' }));
  cleanups.push(() => started.close());
  return started;
}

describe('the provider factory', () => {
  it('sends the next request with a key another process wrote, and to a changed endpoint', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-provider-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const first = await server();
    const second = await server();
    const secrets = createFileSecretStore(dataDir);
    const agent: Agent = { ...defaultAgent(), id: 'a1', baseUrl: first.url };
    secrets.set(agent.id, 'sk-first');
    const providerFor = createProviderFor({ secrets, env: {}, maxRetries: 0 });

    await ask(providerFor, agent);
    await ask(providerFor, agent);
    // Another process (a second core on the same data directory) replaces the key file.
    createFileSecretStore(dataDir).set(agent.id, 'sk-second');
    await ask(providerFor, agent);
    await ask(providerFor, { ...agent, baseUrl: second.url });

    expect(first.requests.map((request) => keyOf(request))).toEqual(['sk-first', 'sk-first', 'sk-second']);
    expect(second.requests.map((request) => keyOf(request))).toEqual(['sk-second']);
  });
});
