import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createApiRouter } from '../../../src/main/api/router';
import { startWebHost, type WebApi, type WebHost } from '../../../src/main/host/web/server';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  temp.cleanup();
});

async function start(): Promise<{ host: WebHost; workspace: string }> {
  const root = temp.make();
  const renderer = path.join(root, 'renderer');
  fs.mkdirSync(renderer);
  fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Paddock</title>');
  const { core } = await buildTestCore(root);
  const router = createApiRouter(core.api, { host: 'web', version: 'test' }, () => undefined);
  const host = await startWebHost({
    port: 0,
    rendererDir: renderer,
    router,
    subscribe: core.events.subscribe,
    log: () => undefined,
  });
  closers.push(async () => {
    await host.close();
    await core.shutdown();
  });
  const workspace = path.join(root, 'project');
  fs.mkdirSync(workspace);
  return { host, workspace };
}

function get(
  port: number,
  pathName: string,
  headers: Record<string, string> = {},
): Promise<http.IncomingMessage & { body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathName, headers }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve(Object.assign(response, { body })));
    });
    request.on('error', reject);
  });
}

async function sessionCookie(host: WebHost): Promise<string> {
  const response = await get(host.port, `/?token=${host.token}`);
  expect(response.statusCode).toBe(303);
  // The token goes to the fragment, for the page to keep in sessionStorage (never a cookie).
  expect(response.headers.location).toBe(`/#paddock-token=${host.token}`);
  // One cookie: the static files' (Path=/), which carries no owner power.
  const cookies = response.headers['set-cookie'] ?? [];
  expect(cookies).toHaveLength(1);
  for (const cookie of cookies) expect(cookie).toMatch(/HttpOnly/);
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

function openSocket(host: WebHost, headers: Record<string, string>, token: string = host.token): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const protocols = ['paddock.v1', `paddock.token.${token}`];
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/api`, protocols, { headers });
    ws.once('close', (code) => reject(new Error(`closed ${code}`)));
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_request, response) => reject(new Error(`status ${response.statusCode}`)));
    ws.once('error', reject);
  });
}

function request(
  ws: WebSocket,
  message: unknown,
): Promise<{ id: unknown; result: { ok: boolean; value?: unknown; error?: { code: string; message: string } } }> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData): void => {
      const parsed = JSON.parse(data.toString());
      if ('result' in parsed) {
        ws.off('message', onMessage);
        resolve(parsed);
      }
    };
    ws.on('message', onMessage);
    ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  });
}

describe('paddock serve (web host)', () => {
  it('prints an address on 127.0.0.1 with a fresh token each launch', async () => {
    const first = await start();
    const second = await start();
    expect(first.host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{40,}$/);
    expect(first.host.token).not.toBe(second.host.token);
  });

  it('answers 401 without the token or its cookie, and serves the window with it', async () => {
    const { host } = await start();
    expect((await get(host.port, '/')).statusCode).toBe(401);
    expect((await get(host.port, '/?token=wrong')).statusCode).toBe(401);
    const cookie = await sessionCookie(host);
    const page = await get(host.port, '/', { cookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('refuses a Host header other than its own (DNS rebinding)', async () => {
    const { host } = await start();
    const cookie = await sessionCookie(host);
    const response = await get(host.port, '/', { cookie, host: `evil.example:${host.port}` });
    expect(response.statusCode).toBe(421);
  });

  it('refuses a socket without the token (whatever its cookies), and one from a foreign Origin', async () => {
    const { host } = await start();
    const cookie = await sessionCookie(host);
    const refused = new WebSocket(`ws://127.0.0.1:${host.port}/api`, ['paddock.v1'], {
      headers: { cookie, origin: `http://127.0.0.1:${host.port}` },
    });
    expect(await new Promise((resolve) => refused.once('close', (code) => resolve(code)))).toBe(4401);
    await expect(openSocket(host, { cookie, origin: 'http://evil.example' })).rejects.toThrow('status 403');
  });

  it('carries the typed API: creates an agent in run mode, sets a workspace, refuses bad input with a typed error', async () => {
    const { host, workspace } = await start();
    const cookie = await sessionCookie(host);
    const ws = await openSocket(host, { cookie, origin: `http://127.0.0.1:${host.port}` });
    const created = await request(ws, {
      id: 1,
      call: 'agents.create',
      request: { name: 'Builder', handle: 'builder' },
    });
    expect(created.result.ok).toBe(true);
    const agent = created.result.value as { id: string; mode: string; handle: string };
    expect(agent).toMatchObject({ mode: 'run', handle: '@builder' });

    const set = await request(ws, {
      id: 2,
      call: 'workspaces.set',
      request: { agentId: agent.id, directory: workspace },
    });
    expect(set.result).toMatchObject({ ok: true, value: { workspace: { directory: workspace } } });

    const missing = await request(ws, {
      id: 3,
      call: 'workspaces.set',
      request: { agentId: agent.id, directory: path.join(workspace, 'nope') },
    });
    expect(missing.result.ok).toBe(false);
    expect(missing.result.error?.message).toMatch(/does not exist/);

    const unknown = await request(ws, { id: 4, call: 'agents.explode', request: {} });
    expect(unknown.result.error?.code).toBe('unknown-call');
    const malformed = await request(ws, { id: 5, call: 'agents.update', request: { agentId: agent.id, mode: 'yolo' } });
    expect(malformed.result.error?.code).toBe('bad-request');
    const notJson = await request(ws, '{nope');
    expect(notJson).toMatchObject({ id: null, result: { ok: false, error: { code: 'bad-request' } } });
    ws.close();
  });

  it("answers the page before the core exists, and holds a socket's first call until the API it waits on is made", async () => {
    const root = temp.make();
    const renderer = path.join(root, 'renderer');
    fs.mkdirSync(renderer);
    fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Paddock</title>');
    let made = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let api: Promise<WebApi> | null = null;
    const host = await startWebHost({
      port: 0,
      rendererDir: renderer,
      log: () => undefined,
      api: () =>
        (api ??= (async () => {
          made += 1;
          await released;
          const { core } = await buildTestCore(root);
          closers.push(() => core.shutdown());
          return {
            router: createApiRouter(core.api, { host: 'web', version: 'test' }, () => undefined),
            subscribe: core.events.subscribe,
          };
        })()),
    });
    closers.unshift(() => host.close());
    const cookie = await sessionCookie(host);
    const page = await get(host.port, '/', { cookie });
    expect(page.statusCode).toBe(200);
    expect(made).toBe(0);

    const ws = await openSocket(host, { cookie, origin: `http://127.0.0.1:${host.port}` });
    // Sent while the API is still being made: not lost, answered once it exists.
    const answer = request(ws, { id: 1, call: 'agents.create', request: { name: 'Early', handle: 'early' } });
    expect(made).toBe(1);
    release();
    const created = await answer;
    expect(created).toMatchObject({ id: 1, result: { ok: true, value: { handle: '@early' } } });
    ws.close();
  });
});
