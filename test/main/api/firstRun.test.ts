// Issue 23 §1: the first run's Test connection makes one real request to the provider's models
// endpoint (the fake server speaks its wire format to the real SDK) and says in one sentence what
// went wrong; the folder step says what a folder holds and completes a typed path.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiRouter } from '../../../src/main/api/router';
import type { CallName, RequestOf, ResponseOf } from '../../../src/shared/ipc';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';
import { startFakeModelServer } from '../../support/fakeModelServer';

const temp = createTempDirs();
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  temp.cleanup();
});

async function setup(env: NodeJS.ProcessEnv = {}) {
  const { core, home } = await buildTestCore(temp.make(), env);
  closers.push(() => core.shutdown());
  const router = createApiRouter(core.api, { host: 'web', version: 't' }, () => undefined);
  const call = async <K extends CallName>(name: K, request: RequestOf<K>): Promise<ResponseOf<K>> => {
    const result = await router(name, request, { trusted: true, describe: 'test window' });
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return result.value as ResponseOf<K>;
  };
  const agent = core.agents.list()[0];
  return { core, call, agent, home };
}

/** A port that was free a moment ago and is closed now: nothing answers there. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Test connection', () => {
  it('names a key the provider refuses, then succeeds with the right one, without storing the tried key', async () => {
    const model = await startFakeModelServer([], {
      apiKey: 'sk-good',
      models: ['claude-sonnet-5-5', 'claude-haiku-5-5'],
    });
    closers.push(() => model.close());
    const s = await setup({ ANTHROPIC_BASE_URL: model.url });
    const bad = await s.call('agents.testConnection', { agentId: s.agent!.id, apiKey: 'sk-wrong' });
    expect(bad).toMatchObject({ ok: false, problem: 'bad-key' });
    expect(bad.sentence).toMatch(/refused this API key \(401\)/);
    expect(bad.sentence).not.toContain('sk-wrong');
    const good = await s.call('agents.testConnection', { agentId: s.agent!.id, apiKey: 'sk-good' });
    expect(good).toMatchObject({ ok: true });
    expect(good.sentence).toContain('claude-sonnet-5-5 is available');
    expect(s.core.secrets.get(s.agent!.id)).toBeNull();
    // The stored key is what a test without one uses.
    await s.call('agents.setApiKey', { agentId: s.agent!.id, apiKey: 'sk-good' });
    expect(await s.call('agents.testConnection', { agentId: s.agent!.id })).toMatchObject({ ok: true });
  });

  it('says when the key works but the model is not available to it', async () => {
    const model = await startFakeModelServer([], { models: ['claude-haiku-5-5'] });
    closers.push(() => model.close());
    const s = await setup({ ANTHROPIC_BASE_URL: model.url });
    const result = await s.call('agents.testConnection', { agentId: s.agent!.id, apiKey: 'sk-any' });
    expect(result).toMatchObject({ ok: false, problem: 'model-missing' });
    expect(result.sentence).toBe(
      'The key works, but model "claude-sonnet-5-5" is not available to it: pick one it lists, such as claude-haiku-5-5.',
    );
  });

  it('says when nothing answers at the base URL', async () => {
    const port = await closedPort();
    const s = await setup({ ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` });
    const result = await s.call('agents.testConnection', { agentId: s.agent!.id, apiKey: 'sk-any' });
    expect(result).toMatchObject({ ok: false, problem: 'unreachable' });
    expect(result.sentence).toMatch(new RegExp(`^Cannot reach http://127.0.0.1:${port}: check the base URL`));
  });

  it("asks for a key before any request when the agent talks to the provider's own service", async () => {
    const s = await setup();
    expect(s.agent!.baseUrl).toBeNull();
    expect(await s.call('agents.testConnection', { agentId: s.agent!.id })).toMatchObject({
      ok: false,
      problem: 'no-key',
    });
    const [view] = await s.call('agents.list', {});
    expect(view).toMatchObject({ hasApiKey: false, needsApiKey: true });
  });
});

describe('the setup flag', () => {
  it('is not done on a first start, is remembered once done, and can be reopened', async () => {
    const s = await setup();
    expect((await s.call('app.info', {})).setupDone).toBe(false);
    expect((await s.call('settings.setSetupDone', { done: true })).setupDone).toBe(true);
    expect((await s.call('app.info', {})).setupDone).toBe(true);
    expect((await s.call('settings.setSetupDone', { done: false })).setupDone).toBe(false);
  });
});

describe('the folder step', () => {
  it("says a folder's branch, languages and size, and completes a typed path with folders only", async () => {
    const s = await setup();
    const project = path.join(s.home, 'projects', 'app');
    fs.mkdirSync(path.join(project, 'src'), { recursive: true });
    fs.mkdirSync(path.join(s.home, 'projects', 'api'));
    fs.mkdirSync(path.join(project, 'node_modules', 'dep'), { recursive: true });
    fs.writeFileSync(path.join(project, 'src', 'a.ts'), 'export const a = 1;\n');
    fs.writeFileSync(path.join(project, 'src', 'b.ts'), 'export const b = 2;\n');
    fs.writeFileSync(path.join(project, 'tool.py'), 'print(1)\n');
    fs.writeFileSync(path.join(project, 'node_modules', 'dep', 'index.js'), 'x'.repeat(1000));
    fs.writeFileSync(path.join(s.home, 'projects', 'apple.txt'), 'not a folder');
    execFileSync('git', ['init', '-q', '-b', 'trunk'], { cwd: project });
    const facts = await s.call('workspaces.inspect', { directory: '~/projects/app' });
    expect(facts).toMatchObject({
      directory: project,
      problem: null,
      branch: 'trunk',
      languages: ['TypeScript', 'Python'],
      files: 3,
      truncated: false,
    });
    expect(facts.bytes).toBe(20 + 20 + 9);
    expect((await s.call('workspaces.inspect', { directory: path.join(project, 'tool.py') })).problem).toMatch(
      /is a file, not a folder/,
    );
    expect((await s.call('workspaces.inspect', { directory: path.join(project, 'nope') })).problem).toMatch(
      /does not exist/,
    );
    expect((await s.call('workspaces.complete', { prefix: path.join(s.home, 'projects', 'ap') })).folders).toEqual([
      path.join(s.home, 'projects', 'api'),
      path.join(s.home, 'projects', 'app'),
    ]);
    expect((await s.call('workspaces.complete', { prefix: '~/projects/app/' })).folders).toEqual([
      path.join(project, 'node_modules'),
      path.join(project, 'src'),
    ]);
    expect((await s.call('workspaces.complete', { prefix: 'relative/path' })).folders).toEqual([]);
  });

  it('says before the click that a folder the workspace rules refuse cannot be used (the filesystem root, Paddock’s data)', async () => {
    const s = await setup();
    const root = await s.call('workspaces.inspect', { directory: '/' });
    expect(root.problem).toBe('The filesystem root is never a workspace.');
    expect(root.files).toBe(0);
    const data = await s.call('workspaces.inspect', { directory: s.core.options.dataDir });
    expect(data.problem).toMatch(/Paddock/);
  });
});
