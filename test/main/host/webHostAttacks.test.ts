// An adversarial pass over the web host's gate (SPEC §2): what a page elsewhere in the owner's browser,
// the preview origin, or a hand-made HTTP client can reach. Real listeners, real sockets.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createApiRouter } from '../../../src/main/api/router';
import { startWebHost, type WebHost } from '../../../src/main/host/web/server';
import type { Core } from '../../../src/main/core';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  temp.cleanup();
});

async function start(): Promise<{ host: WebHost; core: Core; root: string; renderer: string }> {
  const root = temp.make();
  const renderer = path.join(root, 'renderer');
  fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Paddock</title>');
  fs.writeFileSync(path.join(renderer, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(root, 'secret.txt'), 'the owner’s secret');
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
  return { host, core, root, renderer };
}

/** A raw request: exactly the bytes given, so Host, request targets and methods can be forged. */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('end', () => resolve(data));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
  });
}
const statusOf = (response: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);

function get(
  port: number,
  pathName: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<http.IncomingMessage & { body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: pathName, headers, method }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve(Object.assign(response, { body })));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Logs in as the owner's browser does: the token buys the static files' cookie (name=value). */
async function login(host: WebHost): Promise<{ page: string; all: string[] }> {
  const response = await get(host.port, `/?token=${host.token}`);
  expect(response.statusCode).toBe(303);
  const all = response.headers['set-cookie'] ?? [];
  const pair = (name: string) => all.find((cookie) => cookie.startsWith(name))?.split(';')[0] ?? '';
  return { page: pair(`paddock_page_${host.port}=`), all };
}

/** What the owner's page offers: the protocol and its token, from sessionStorage. */
const ownerProtocols = (host: WebHost): string[] => ['paddock.v1', `paddock.token.${host.token}`];

/** A socket whose key is refused: the handshake completes, then it is closed with 4401 and the sentence. */
function refusedClose(
  host: WebHost,
  headers: Record<string, string>,
  protocols: string[],
): Promise<{ code: number; reason: string; messages: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/api`, protocols, { headers });
    let messages = 0;
    ws.on('message', () => (messages += 1));
    ws.once('open', () => ws.send(JSON.stringify({ id: 1, call: 'agents.list', request: {} })));
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString(), messages }));
    ws.once('unexpected-response', (_request, response) => reject(new Error(`status ${response.statusCode}`)));
  });
}

function openSocket(
  host: WebHost,
  headers: Record<string, string>,
  pathName = '/api',
  protocols = ownerProtocols(host),
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}${pathName}`, protocols, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_request, response) => reject(new Error(`status ${response.statusCode}`)));
    ws.once('error', reject);
  });
}

type Reply = { id: unknown; result: { ok: boolean; value?: unknown; error?: { code: string; message: string } } };
function send(ws: WebSocket, message: unknown, binary = false): Promise<Reply> {
  const text = typeof message === 'string' ? message : JSON.stringify(message);
  // Replies carry the id that was sent (null when the message had none that counts).
  let expected: unknown = null;
  try {
    const id = (JSON.parse(text) as { id?: unknown } | null)?.id;
    if (typeof id === 'number' || typeof id === 'string') expected = id;
  } catch {
    expected = null;
  }
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData): void => {
      const parsed = JSON.parse(data.toString());
      if ('result' in parsed && parsed.id === expected) {
        ws.off('message', onMessage);
        resolve(parsed);
      }
    };
    ws.on('message', onMessage);
    ws.send(binary ? Buffer.from(text) : text);
  });
}

describe('the web host under attack: the gate', () => {
  it('answers a wrong token of any length alike, and a right token only buys cookies and a clean address', async () => {
    const { host } = await start();
    for (const guess of [
      '',
      'x',
      host.token.slice(0, -1),
      `${host.token}x`,
      host.token.toUpperCase(),
      encodeURIComponent(`${host.token}\u0000`),
    ]) {
      expect((await get(host.port, `/?token=${guess}`)).statusCode).toBe(401);
    }
    const response = await get(host.port, `/assets/app.js?x=1&token=${host.token}`);
    expect(response.statusCode).toBe(303);
    // The token moves to the fragment, which the browser never sends to any server.
    expect(response.headers.location).toBe(`/assets/app.js?x=1#paddock-token=${host.token}`);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('never redirects off its own origin after a login (a path that reads as //host)', async () => {
    const { host } = await start();
    for (const target of [
      `/.//evil.example/?token=${host.token}`,
      `//evil.example/?token=${host.token}`,
      `/%2F%2Fevil.example?token=${host.token}`,
    ]) {
      const response = await get(host.port, target);
      // Either refused as a target that is not a plain path, or sent to a path on this very origin.
      if (response.statusCode === 400) continue;
      expect(response.statusCode, target).toBe(303);
      const location = response.headers.location ?? '';
      expect(location.startsWith('/')).toBe(true);
      expect(location.startsWith('//')).toBe(false);
      expect(new URL(location, `http://127.0.0.1:${host.port}`).host).toBe(`127.0.0.1:${host.port}`);
    }
  });

  it("no cookie carries owner power: the login sets only the static files' cookie, which opens no socket", async () => {
    const { host } = await start();
    const { all, page } = await login(host);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatch(/HttpOnly/);
    expect(all[0]).toMatch(/SameSite=Strict/);
    expect(all.join('\n')).not.toContain(host.token);
    expect(page).not.toBe('');
    // Whatever cookies the browser sends (it sends them to every port on 127.0.0.1), no token: refused.
    const own = { origin: `http://127.0.0.1:${host.port}` };
    const refused = await refusedClose(host, { ...own, cookie: page }, ['paddock.v1']);
    expect(refused).toMatchObject({ code: 4401, messages: 0 });
    expect(refused.reason).toMatch(/restarted.*new address printed in the terminal/);
    // A token of an earlier launch (a restart of paddock serve) is refused the same way.
    expect(await refusedClose(host, own, ['paddock.v1', `paddock.token.${'A'.repeat(43)}`])).toMatchObject({
      code: 4401,
      messages: 0,
    });
    // Without the protocol at all, the handshake itself is refused.
    await expect(openSocket(host, own, '/api', [`paddock.token.${host.token}`])).rejects.toThrow('status 400');
    const ws = await openSocket(host, own);
    // The server answers with the protocol only, never echoing the token.
    expect(ws.protocol).toBe('paddock.v1');
    ws.close();
  });

  it('a tossed token entry does not lock the owner out, and a tossed page cookie neither', async () => {
    const { host } = await start();
    const { page } = await login(host);
    const pageName = page.split('=')[0];
    // A more specific path goes first in the Cookie header; the browser sends both.
    const page200 = await get(host.port, '/', { cookie: `${pageName}=tossed; ${page}` });
    expect(page200.statusCode).toBe(200);
    const own = { origin: `http://127.0.0.1:${host.port}` };
    const ws = await openSocket(host, own, '/api', [
      'paddock.v1',
      'paddock.token.tossed',
      `paddock.token.${host.token}`,
    ]);
    ws.close();
  });

  it('refuses a missing Host, an IPv6 or foreign Host, and an absolute-form target naming another host', async () => {
    const { host } = await start();
    const { page } = await login(host);
    expect(statusOf(await raw(host.port, `GET / HTTP/1.0\r\nCookie: ${page}\r\n\r\n`))).toBe(421);
    expect(
      statusOf(
        await raw(
          host.port,
          `GET / HTTP/1.1\r\nHost: [::1]:${host.port}\r\nCookie: ${page}\r\nConnection: close\r\n\r\n`,
        ),
      ),
    ).toBe(421);
    expect(
      statusOf(
        await raw(host.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${page}\r\nConnection: close\r\n\r\n`),
      ),
    ).toBe(421);
    const absolute = await raw(
      host.port,
      `GET http://evil.example/ HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nCookie: ${page}\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(absolute)).toBe(400);
    const absoluteLogin = await raw(
      host.port,
      `GET http://evil.example/?token=${host.token} HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(absoluteLogin)).toBe(400);
    expect(absoluteLogin).not.toMatch(/set-cookie/i);
  });

  it('serves nothing outside the renderer: traversal, encoded NUL, backslashes, links out', async () => {
    const { host, renderer, root } = await start();
    const { page } = await login(host);
    fs.symlinkSync(path.join(root, 'secret.txt'), path.join(renderer, 'assets', 'leak.js'));
    fs.symlinkSync(root, path.join(renderer, 'up'));
    for (const target of [
      '/..%2f..%2fsecret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/..\\secret.txt',
      '/assets/app.js%00.html',
      '/assets/leak.js',
      '/up/secret.txt',
      '/%2fetc%2fpasswd',
    ]) {
      const response = await get(host.port, target, { cookie: page });
      expect(response.body, target).not.toContain('the owner’s secret');
      expect(response.body, target).not.toContain('root:');
    }
    expect((await get(host.port, '/assets/app.js', { cookie: page })).body).toBe('console.log(1)');
  });

  it('answers only GET and HEAD, and refuses huge headers before reading them', async () => {
    const { host } = await start();
    const { page } = await login(host);
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE']) {
      expect((await get(host.port, '/', { cookie: page }, method)).statusCode, method).toBe(405);
    }
    expect((await get(host.port, '/', { cookie: page }, 'HEAD')).statusCode).toBe(200);
    const huge = await raw(
      host.port,
      `GET / HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`,
    );
    expect(statusOf(huge)).toBe(431);
  });
});

describe('the web host under attack: the socket', () => {
  it('refuses a foreign, missing or null Origin, and the preview listener’s own origin (cross-site socket hijacking)', async () => {
    const { host, core } = await start();
    const previewPort = await core.services.preview.portFor('any-agent', 'web');
    for (const origin of [
      'http://evil.example',
      'null',
      `http://127.0.0.1:${previewPort}`,
      `http://localhost:${previewPort}`,
      `http://127.0.0.1:${host.port}.evil.example`,
      `https://127.0.0.1:${host.port}`,
    ]) {
      await expect(openSocket(host, { origin }), origin).rejects.toThrow('status 403');
    }
    await expect(openSocket(host, {})).rejects.toThrow('status 403');
    await expect(
      openSocket(host, { origin: `http://127.0.0.1:${host.port}`, host: `evil.example:${host.port}` }),
    ).rejects.toThrow('status 421');
    await expect(openSocket(host, { origin: `http://127.0.0.1:${host.port}` }, '/other')).rejects.toThrow('status 404');
  });

  it('survives messages that are JSON but not a call (null, arrays, numbers), binary frames and a flood', async () => {
    const { host } = await start();
    const ws = await openSocket(host, { origin: `http://127.0.0.1:${host.port}` });
    for (const text of ['null', '[]', '1', '"x"', 'true', '{"id":{}}', '{"id":1,"call":{"toString":1}}']) {
      const reply = await send(ws, text);
      expect(reply.result.ok, text).toBe(false);
    }
    expect((await send(ws, { id: 7, call: 'app.info', request: {} }, true)).result.ok).toBe(true);
    const flood = await Promise.all(
      Array.from({ length: 300 }, (_, i) => send(ws, { id: 1000 + i, call: 'agents.list', request: {} })),
    );
    expect(flood.every((reply) => reply.result.ok || reply.result.error?.code === 'refused')).toBe(true);
    // Still alive and answering after all of it.
    expect((await send(ws, { id: 8, call: 'app.info', request: {} })).result.ok).toBe(true);
    ws.close();
  });

  it('refuses prototype-pollution payloads in every call, and nothing global is polluted', async () => {
    const { host } = await start();
    const ws = await openSocket(host, { origin: `http://127.0.0.1:${host.port}` });
    const { requestSchemas } = await import('../../../src/shared/ipc');
    for (const call of Object.keys(requestSchemas)) {
      for (const body of ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}']) {
        const reply = await send(ws, `{"id":1,"call":"${call}","request":${body}}`);
        expect(reply.result.ok, `${call} ${body}`).toBe(false);
      }
    }
    for (const call of ['__proto__', 'constructor', 'hasOwnProperty', 'toString']) {
      expect((await send(ws, { id: 2, call, request: {} })).result.error?.code).toBe('unknown-call');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    ws.close();
  });
});
