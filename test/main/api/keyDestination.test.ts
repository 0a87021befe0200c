// Issue 14 §1 (defence in depth): moving an agent's base URL while a key is stored sends that key to
// the new host, so the core refuses the change until the owner confirms that very host.
import { afterEach, describe, expect, it } from 'vitest';
import { createApiRouter } from '../../../src/main/api/router';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  temp.cleanup();
});

async function setup() {
  const { core } = await buildTestCore(temp.make());
  closers.push(() => core.shutdown());
  const router = createApiRouter(core.api, { host: 'web', version: 't' }, () => undefined);
  const call = (name: string, request: unknown) => router(name, request, { trusted: true, describe: 'test window' });
  const agent = core.agents.list()[0];
  return { core, call, agent };
}

describe('changing the base URL of an agent whose key is stored', () => {
  it('is refused until the owner confirms the new host by name', async () => {
    const s = await setup();
    expect((await s.call('agents.setApiKey', { agentId: s.agent!.id, apiKey: 'sk-owner-key' })).ok).toBe(true);
    const refused = await s.call('agents.update', { agentId: s.agent!.id, baseUrl: 'http://127.0.0.1:4444/v1' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(JSON.stringify(refused)).toContain('sends that key to http://127.0.0.1:4444');
    expect(s.core.agents.get(s.agent!.id)?.baseUrl).toBeNull();
    // A confirmation for another host does not count.
    expect(
      await s.call('agents.update', {
        agentId: s.agent!.id,
        baseUrl: 'http://127.0.0.1:4444/v1',
        confirmKeyTo: 'https://api.anthropic.com',
      }),
    ).toMatchObject({ ok: false });
    expect(
      await s.call('agents.update', {
        agentId: s.agent!.id,
        baseUrl: 'http://127.0.0.1:4444/v1',
        confirmKeyTo: 'http://127.0.0.1:4444',
      }),
    ).toMatchObject({ ok: true });
    expect(s.core.agents.get(s.agent!.id)?.baseUrl).toBe('http://127.0.0.1:4444/v1');
    // Another path on the same host, or back to the provider's own address: nothing new to confirm.
    expect(await s.call('agents.update', { agentId: s.agent!.id, baseUrl: 'http://127.0.0.1:4444/v2' })).toMatchObject({
      ok: true,
    });
    expect(await s.call('agents.update', { agentId: s.agent!.id, baseUrl: null })).toMatchObject({ ok: true });
  });

  it('needs no confirmation while no key is stored', async () => {
    const s = await setup();
    expect(await s.call('agents.update', { agentId: s.agent!.id, baseUrl: 'http://127.0.0.1:4444/v1' })).toMatchObject({
      ok: true,
    });
  });
});
