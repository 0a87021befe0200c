import { afterEach, describe, expect, it } from 'vitest';
import { createApiRouter } from '../../../src/main/api/router';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

async function setup() {
  const { core } = await buildTestCore(temp.make());
  const logged: string[] = [];
  const router = createApiRouter(core.api, { host: 'web', version: 't' }, (line) => logged.push(line));
  return { core, router, logged };
}

const trusted = { trusted: true, describe: 'test window' };

describe('the API router', () => {
  it('refuses a call from an untrusted sender before anything runs, and logs it', async () => {
    const { router, logged, core } = await setup();
    const result = await router('agents.create', { name: 'x', handle: 'x' }, { trusted: false, describe: 'iframe' });
    expect(result).toMatchObject({ ok: false, error: { code: 'untrusted-sender' } });
    expect(core.agents.list().map((agent) => agent.handle)).toEqual(['@dev']);
    expect(logged.join('\n')).toMatch(/untrusted/);
  });

  it('answers unknown and malformed calls with typed errors, never a throw', async () => {
    const { router } = await setup();
    expect(await router(42, {}, trusted)).toMatchObject({ ok: false, error: { code: 'unknown-call' } });
    expect(await router('constructor', {}, trusted)).toMatchObject({ ok: false, error: { code: 'unknown-call' } });
    expect(await router('agents.create', { name: '', handle: '!' }, trusted)).toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    });
  });

  it('clamps the output bound the owner sets (AC-10: stored within 1…128,000)', async () => {
    const { router } = await setup();
    const created = await router('agents.create', { name: 'Builder', handle: 'builder' }, trusted);
    const id = (created as { value: { id: string } }).value.id;
    const high = await router('agents.update', { agentId: id, maxOutputTokens: 10_000_000 }, trusted);
    expect(high).toMatchObject({ ok: true, value: { maxOutputTokens: 128_000 } });
    const low = await router('agents.update', { agentId: id, maxOutputTokens: -5 }, trusted);
    expect(low).toMatchObject({ ok: true, value: { maxOutputTokens: 1 } });
  });

  it('refuses a second agent with the same handle', async () => {
    const { router } = await setup();
    await router('agents.create', { name: 'Builder', handle: 'builder' }, trusted);
    expect(await router('agents.create', { name: 'Builder 2', handle: '@BUILDER' }, trusted)).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
  });

  it('saves a switch change but keeps the one in force until a restart', async () => {
    const { router } = await setup();
    const info = await router('settings.setSwitches', { shell: true }, trusted);
    expect(info).toMatchObject({
      ok: true,
      value: { switches: { shell: false }, savedSwitches: { shell: true }, restartRequired: true },
    });
  });
});
