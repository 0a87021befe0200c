// The web host names the first screen's chunks in index.html once the core knows which screen
// opens (the build lists them in screens.json), and answers the renderer's files from memory while
// they are unchanged on disk.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FirstScreen } from '../../../src/main/host/rendererFiles';
import { startWebHost, type WebHost } from '../../../src/main/host/web/server';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  temp.cleanup();
});

const PAGE = '<!doctype html><html><head><title>Paddock</title></head><body></body></html>';

async function start(screen: () => FirstScreen | null): Promise<{ host: WebHost; renderer: string }> {
  const renderer = path.join(temp.make(), 'renderer');
  fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(renderer, 'index.html'), PAGE);
  fs.writeFileSync(
    path.join(renderer, 'screens.json'),
    JSON.stringify({
      setup: ['assets/FirstRun-abc.js'],
      window: ['assets/MainWindow-def.js', 'assets/"><script>alert(1)</script>.js', '../outside.js'],
    }),
  );
  // The static files need no core: the API is never asked for here.
  const host = await startWebHost({
    port: 0,
    rendererDir: renderer,
    api: () => new Promise(() => undefined),
    log: () => undefined,
    firstScreen: screen,
  });
  closers.push(() => host.close());
  return { host, renderer };
}

function get(port: number, pathName: string, cookie = ''): Promise<http.IncomingMessage & { body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathName, headers: cookie ? { cookie } : {} }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve(Object.assign(response, { body })));
      })
      .on('error', reject);
  });
}

async function pageCookie(host: WebHost): Promise<string> {
  const login = await get(host.port, `/?token=${host.token}`);
  expect(login.statusCode).toBe(303);
  return (login.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]).join('; ');
}

describe('index.html names the first screen’s chunks', () => {
  it('names the working window’s chunk when the setup is done, the first run’s when it is not', async () => {
    let screen: FirstScreen | null = 'window';
    const { host } = await start(() => screen);
    const cookie = await pageCookie(host);

    const working = await get(host.port, '/', cookie);
    expect(working.statusCode).toBe(200);
    expect(working.body).toContain('<link rel="modulepreload" crossorigin href="./assets/MainWindow-def.js"></head>');
    expect(working.body).not.toContain('FirstRun');
    expect(Number(working.headers['content-length'])).toBe(Buffer.byteLength(working.body));

    screen = 'setup';
    const firstRun = await get(host.port, '/', cookie);
    expect(firstRun.body).toContain('<link rel="modulepreload" crossorigin href="./assets/FirstRun-abc.js"></head>');
    expect(firstRun.body).not.toContain('MainWindow');
  });

  it('names nothing before the core has said, and never a listed name that is not a chunk of assets/', async () => {
    let screen: FirstScreen | null = null;
    const { host } = await start(() => screen);
    const cookie = await pageCookie(host);
    expect((await get(host.port, '/', cookie)).body).toBe(PAGE);

    screen = 'window';
    const page = (await get(host.port, '/', cookie)).body;
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('outside');
  });

  it('says nothing to a request without the static files’ cookie', async () => {
    const { host } = await start(() => 'window');
    const refused = await get(host.port, '/');
    expect(refused.statusCode).toBe(401);
    expect(refused.body).not.toContain('MainWindow');
  });
});

describe('the renderer’s files from memory', () => {
  it('answers a file changed on disk with its new content', async () => {
    const { host, renderer } = await start(() => null);
    const cookie = await pageCookie(host);
    const file = path.join(renderer, 'assets', 'app.js');
    fs.writeFileSync(file, 'export const version = 1;\n');
    expect((await get(host.port, '/assets/app.js', cookie)).body).toBe('export const version = 1;\n');
    fs.writeFileSync(file, 'export const version = 22;\n');
    expect((await get(host.port, '/assets/app.js', cookie)).body).toBe('export const version = 22;\n');
  });

  it('streams a file too big to hold, whole', async () => {
    const { host, renderer } = await start(() => null);
    const cookie = await pageCookie(host);
    const big = 'x'.repeat(3 * 1024 * 1024);
    fs.writeFileSync(path.join(renderer, 'assets', 'big.js'), big);
    const answer = await get(host.port, '/assets/big.js', cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.length).toBe(big.length);
  });
});
