// Provider failures reach the owner as one sentence with a Retry flag, never a stack trace or the key.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultAgent } from '../../../src/main/agent/defaultAgent';
import type { AgentEvent } from '../../../src/main/agent/events';
import { createFileSecretStore } from '../../../src/main/agent/keys';
import { createProviderFor } from '../../../src/main/agent/providers';
import { startFakeModelServer } from '../../support/fakeModelServer';
import { createCore, createFakeDispatcher, TEST_KEY, type Core } from './harness';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function runOnce(core: Core): Promise<Extract<AgentEvent, { type: 'error' }>> {
  const turnId = core.runner.startTurn({ agentId: core.agent.id, conversationId: core.conversationId, text: 'hello' });
  expect(await core.runner.settled(turnId)).toBe('error');
  const error = core.events.find(
    (e): e is Extract<AgentEvent, { type: 'error' }> => e.type === 'error' && e.turnId === turnId,
  );
  expect(error).toBeDefined();
  expect(error!.message).not.toMatch(/\n\s+at /);
  expect(error!.message).not.toContain(TEST_KEY);
  // The sentence is kept in the transcript so the conversation reopens showing it.
  expect(core.conversations.all(core.conversationId).at(-1)).toMatchObject({ role: 'notice', text: error!.message });
  return error!;
}

describe.each(['anthropic', 'openai'] as const)('provider errors through the %s SDK', (provider) => {
  const baseOf = (server: { url: string; openaiUrl: string }): string =>
    provider === 'anthropic' ? server.url : server.openaiUrl;

  it('retries a 500 with backoff, then says so', async () => {
    const server = await startFakeModelServer(() => ({ status: 500, errorMessage: 'overloaded, sorry' }));
    const core = createCore({ provider, baseUrl: baseOf(server), dispatcher: createFakeDispatcher({}), maxRetries: 2 });
    cleanups.push(
      () => server.close(),
      () => core.close(),
    );
    const error = await runOnce(core);
    expect(server.requests).toHaveLength(3);
    expect(error.message).toBe('the model provider failed with HTTP 500 after 2 retries: overloaded, sorry');
    expect(error.retryable).toBe(true);
  });

  it('names a refused key (401) and does not echo it', async () => {
    const server = await startFakeModelServer(() => ({ status: 401, errorMessage: `invalid x-api-key ${TEST_KEY}` }));
    const core = createCore({ provider, baseUrl: baseOf(server), dispatcher: createFakeDispatcher({}), maxRetries: 2 });
    cleanups.push(
      () => server.close(),
      () => core.close(),
    );
    const error = await runOnce(core);
    expect(server.requests).toHaveLength(1);
    expect(error.message).toBe('the model provider refused the API key (401): invalid x-api-key [key]');
    expect(error.retryable).toBe(false);
  });

  it('names an endpoint that refuses connections, and a Retry works once it is up', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const base = provider === 'anthropic' ? `http://127.0.0.1:${port}` : `http://127.0.0.1:${port}/v1`;
    const core = createCore({ provider, baseUrl: base, dispatcher: createFakeDispatcher({}), maxRetries: 0 });
    cleanups.push(() => core.close());
    const error = await runOnce(core);
    expect(error.message).toBe(`could not reach ${base}: connection refused`);
    expect(error.retryable).toBe(true);

    const server = await startFakeModelServer([{ text: 'back' }]);
    cleanups.push(() => server.close());
    core.agent.baseUrl = baseOf(server);
    const retry = core.runner.retryTurn({ agentId: core.agent.id, conversationId: core.conversationId });
    expect(await core.runner.settled(retry)).toBe('completed');
    const owners = core.conversations.all(core.conversationId).filter((m) => m.role === 'owner');
    expect(owners).toHaveLength(1);
    expect(core.text(retry)).toBe('back');
  });
});

describe('an agent with no API key', () => {
  it('is told so before anything is sent to a vendor endpoint', async () => {
    const secrets = createFileSecretStore(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-nokey-')));
    const provider = createProviderFor({ secrets, env: {} })(defaultAgent());
    const stream = provider.stream({
      model: 'm',
      system: '',
      messages: [],
      tools: [],
      maxOutputTokens: 1,
      signal: new AbortController().signal,
    });
    await expect(stream[Symbol.asyncIterator]().next()).rejects.toThrow(
      'no API key is set for @dev: add one in Settings before sending',
    );
  });
});
