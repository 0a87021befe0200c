// The preview listeners against a real dev server child (SPEC §9, issue 14 §1): one listener per
// preview, and through each: tickets, cookies, Host, origin, ports.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startPreviewServer, type PreviewServer } from '../../../src/main/preview/server';
import { FakeLookup, redeem, request, startFixture, type Fixture } from './helpers';

let app: Fixture;
let liar: Fixture;
let preview: PreviewServer;
let clock = Date.now();
const lookup = new FakeLookup();
const WINDOW_PORT = 45_999;
const AGENT = 'agent-1';
/** Each preview's own listener port, by process name. */
const P: Record<string, number> = {};

async function session(name: string): Promise<string> {
  const { reply, cookie } = await redeem(await preview.issueTicket(AGENT, name));
  expect(reply.status).toBe(302);
  return cookie;
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
}

beforeAll(async () => {
  app = await startFixture();
  liar = await startFixture(['--lie', String(app.port)]);
  lookup.set('app', { pid: app.pid });
  lookup.set('rel', { pid: app.pid });
  lookup.set('fresh', { pid: app.pid });
  lookup.set('probe', { pid: app.pid, port: app.port });
  lookup.set('liar', { pid: liar.pid, port: app.port });
  lookup.set('liar2', { pid: liar.pid });
  lookup.set('priv', { pid: app.pid, port: 80 });
  lookup.set('pg', { pid: app.pid, port: 5432 });
  lookup.set('window', { pid: app.pid, port: WINDOW_PORT });
  preview = await startPreviewServer({ lookup, ownPorts: () => [WINDOW_PORT], now: () => clock });
  for (const name of ['app', 'rel', 'fresh', 'liar']) P[name] = await preview.portFor(AGENT, name);
  lookup.set('self', { pid: app.pid, port: P.app });
});

afterAll(async () => {
  await preview?.close();
  app?.stop();
  liar?.stop();
});

describe('the way in', () => {
  it('answers a bodyless 401 without the cookie', async () => {
    const reply = await request(P.app!, '/preview/developer/app/');
    expect(reply.status).toBe(401);
    expect(reply.body).toBe('');
  });

  it('exchanges a ticket once for a scoped HttpOnly cookie and a redirect to the clean path', async () => {
    const ticketUrl = await preview.issueTicket(AGENT, 'app');
    expect(ticketUrl).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${P.app}/preview/developer/app/\\?ticket=[A-Za-z0-9_-]{43}$`),
    );
    const { reply, cookie } = await redeem(ticketUrl);
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe('/preview/developer/app/');
    const set = reply.headers['set-cookie']?.[0] ?? '';
    expect(set).toMatch(new RegExp(`^paddock_preview_${P.app}=[A-Za-z0-9_-]{43}; `));
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');
    expect(set).toContain('Path=/preview/developer/app/');
    expect(set).toContain('Max-Age=86400');

    const page = await request(P.app!, '/preview/developer/app/', { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Hello from the fixture');

    const again = await redeem(ticketUrl);
    expect(again.reply.status).toBe(401);
    expect(again.reply.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an expired ticket', async () => {
    const ticketUrl = await preview.issueTicket(AGENT, 'app');
    clock += 5 * 60 * 1000 + 1;
    const { reply } = await redeem(ticketUrl);
    expect(reply.status).toBe(401);
  });

  it('refuses a ticket presented for another process, and burns it', async () => {
    const ticketUrl = await preview.issueTicket(AGENT, 'app');
    const stolen = ticketUrl.replace(`:${P.app}/preview/developer/app/`, `:${P.rel}/preview/developer/rel/`);
    expect((await redeem(stolen)).reply.status).toBe(401);
    expect((await redeem(ticketUrl)).reply.status).toBe(401);
  });

  it('refuses a wrong cookie and a cookie of another preview', async () => {
    const cookie = await session('app');
    const wrong = cookie.replace(/=.*/, '=' + 'A'.repeat(43));
    expect((await request(P.app!, '/preview/developer/app/', { cookie: wrong })).status).toBe(401);
    const moved = cookie.replace(`paddock_preview_${P.app}`, `paddock_preview_${P.rel}`);
    expect((await request(P.rel!, '/preview/developer/rel/', { cookie: moved })).status).toBe(401);
  });

  it('expires a session after 24 hours', async () => {
    const cookie = await session('app');
    clock += 24 * 60 * 60 * 1000 + 1;
    expect((await request(P.app!, '/preview/developer/app/', { cookie })).status).toBe(401);
  });
});

describe('the Host and the path', () => {
  it('refuses a foreign Host even with a valid cookie', async () => {
    const cookie = await session('app');
    for (const host of ['evil.example', `evil.example:${P.app}`, `127.0.0.1:${P.app! + 1}`, '127.0.0.1']) {
      const reply = await request(P.app!, '/preview/developer/app/', { cookie, host });
      expect(reply.status, host).toBe(421);
      expect(reply.body).toBe('');
    }
    expect((await request(P.app!, '/preview/developer/app/', { cookie, host: `localhost:${P.app}` })).status).toBe(200);
  });

  it('serves nothing outside /preview/developer/<process>/', async () => {
    const cookie = await session('app');
    for (const p of [
      '/',
      '/preview/',
      '/preview/other/app/',
      '/preview/developer/rel/',
      '/preview/developer/rel',
      '/preview/developer/../app/',
      '/preview/developer/a%2Fb/',
      'http://127.0.0.1/preview/developer/app/',
    ]) {
      const reply = await request(P.app!, p, { cookie });
      expect(reply.status, p).toBe(404);
      expect(reply.body).toBe('');
    }
    const bare = await request(P.app!, '/preview/developer/app', { cookie });
    expect(bare.status).toBe(302);
    expect(bare.headers.location).toBe('/preview/developer/app/');
  });
});

describe('the proxy', () => {
  it('strips the prefix and the preview cookie, and gives the app its own Host', async () => {
    const cookie = await session('app');
    // The window's session cookie reaches this listener too (cookies ignore ports): never passed on.
    const reply = await request(P.app!, '/preview/developer/app/echo?a=1', {
      cookie: `${cookie}; theirs=1; paddock_session_4242=window-secret; paddock_page_4242=page-secret`,
    });
    expect(JSON.parse(reply.body)).toEqual({ url: '/echo?a=1', host: `127.0.0.1:${app.port}`, cookie: 'theirs=1' });
  });

  it('rewrites Location and the app’s cookie paths under the prefix', async () => {
    const cookie = await session('app');
    const redirect = await request(P.app!, '/preview/developer/app/redirect', { cookie });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe(`http://127.0.0.1:${P.app}/preview/developer/app/landed?x=1`);
    const page = await request(P.app!, '/preview/developer/app/', { cookie });
    expect(page.headers['set-cookie']).toEqual(['appsession=1; Path=/preview/developer/app/']);
  });

  it('refuses a redirect out of the preview (another host, port, preview or //host) instead of following it', async () => {
    const cookie = await session('app');
    for (const to of [
      'http://evil.example/x',
      'https://127.0.0.1:9/',
      `http://127.0.0.1:${P.app! + 1}/`,
      '//evil.example/',
      '/../web2/',
      `http://127.0.0.1:${P.app}/preview/developer/other/`,
    ]) {
      const reply = await request(P.app!, `/preview/developer/app/redirect-away?to=${encodeURIComponent(to)}`, {
        cookie,
      });
      expect(reply.status, to).toBe(502);
      expect(reply.headers.location, to).toBeUndefined();
      expect(reply.body, to).toMatch(/does not follow a redirect out of the preview/);
    }
    // Inside the preview, a redirect is kept (re-rooted under the prefix).
    const inside = await request(P.app!, `/preview/developer/app/redirect-away?to=${encodeURIComponent('/landed')}`, {
      cookie,
    });
    expect(inside.status).toBe(302);
    expect(inside.headers.location).toBe('/preview/developer/app/landed');
  });

  it('streams an upload through without holding it', async () => {
    const cookie = await session('app');
    const size = 8 * 1024 * 1024;
    const reply = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: P.app,
          path: '/preview/developer/app/upload',
          method: 'POST',
          headers: { cookie, host: `127.0.0.1:${P.app}` },
        },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve(body));
        },
      );
      req.on('error', reject);
      req.end(Buffer.alloc(size, 1));
    });
    expect(reply).toBe(String(size));
  });

  it('proxies a websocket echo with the cookie and refuses it without', async () => {
    const cookie = await session('app');
    const ws = new WebSocket(`ws://127.0.0.1:${P.app}/preview/developer/app/socket`, { headers: { cookie } });
    const messages: string[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data) => {
        messages.push(String(data));
        if (messages.length === 1) ws.send('ping');
        if (messages.length === 2) resolve();
      });
      ws.on('error', reject);
    });
    ws.close();
    expect(messages).toEqual(['hello /socket', 'echo:ping']);

    const statusOf = (headers: Record<string, string>): Promise<number> =>
      new Promise((resolve) => {
        const bad = new WebSocket(`ws://127.0.0.1:${P.app}/preview/developer/app/socket`, { headers });
        bad.on('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          bad.terminate();
        });
        bad.on('open', () => resolve(101));
        bad.on('error', () => undefined);
      });
    expect(await statusOf({})).toBe(401);
    expect(await statusOf({ cookie, host: 'evil.example' })).toBe(421);
  });
});

describe('port resolution', () => {
  it('gives nothing to a process that prints a port it does not listen on', async () => {
    const refused = await preview.resolve('liar');
    expect(refused).toEqual({ ok: false, reason: expect.stringContaining(`is not listening on port ${app.port}`) });
    expect((await preview.resolve('liar2')).ok).toBe(false);
    const cookie = await session('liar');
    const reply = await request(P.liar!, '/preview/developer/liar/', { cookie });
    expect(reply.status).toBe(502);
    expect(reply.body).toBe('');
  });

  it('refuses privileged ports, 5432 and Paddock’s own listeners outright', async () => {
    expect(await preview.resolve('priv')).toEqual({ ok: false, reason: expect.stringContaining('privileged') });
    expect(await preview.resolve('pg')).toEqual({ ok: false, reason: expect.stringContaining('5432') });
    expect(await preview.resolve('window')).toEqual({ ok: false, reason: expect.stringContaining("Paddock's own") });
    expect(await preview.resolve('self')).toEqual({ ok: false, reason: expect.stringContaining("Paddock's own") });
    expect(await preview.resolve('nobody')).toEqual({ ok: false, reason: expect.stringContaining('no process named') });
  });

  it('resolves the port the process really listens on', async () => {
    expect(await preview.resolve('app')).toMatchObject({ ok: true, port: app.port, pid: app.pid });
    expect(await preview.resolve('probe')).toMatchObject({ ok: true, port: app.port });
  });
});

describe('absolute assets', () => {
  it('notes root-absolute assets on the first HTML response only', async () => {
    expect(preview.check('nobody')).toEqual({ ok: false, absoluteAssets: false });
    const cookie = await session('fresh');
    await request(P.fresh!, '/preview/developer/fresh/app.js', { cookie });
    expect(preview.check('fresh')).toEqual({ ok: true, absoluteAssets: false });
    await request(P.fresh!, '/preview/developer/fresh/', { cookie });
    await waitFor(() => preview.check('fresh').absoluteAssets);
    expect(preview.check('fresh')).toEqual({ ok: true, absoluteAssets: true });

    const rel = await session('rel');
    await request(P.rel!, '/preview/developer/rel/relative', { cookie: rel });
    await request(P.rel!, '/preview/developer/rel/', { cookie: rel });
    expect(preview.check('rel')).toEqual({ ok: true, absoluteAssets: false });
  });

  it('inspect asks the app itself when nothing was seen yet', async () => {
    expect(await preview.inspect('probe')).toEqual({ ok: true, absoluteAssets: true });
  });
});

describe('each preview its own origin (issue 14 §1)', () => {
  it('serves each process on a port of its own, the same one every time, never the window’s', async () => {
    const ports = [P.app, P.rel, P.fresh, P.liar];
    expect(new Set(ports).size).toBe(4);
    expect(ports).not.toContain(WINDOW_PORT);
    expect(await preview.portFor(AGENT, 'app')).toBe(P.app);
    // Another agent's process of the same name is another preview: another origin.
    expect(await preview.portFor('agent-2', 'app')).not.toBe(P.app);
    expect(await preview.url(AGENT, 'rel')).toBe(`http://127.0.0.1:${P.rel}/preview/developer/rel/`);
    expect(preview.isPreviewUrl(`http://127.0.0.1:${P.rel}/preview/developer/rel/x`)).toBe(true);
    expect(preview.isPreviewUrl(`http://localhost:${P.app}/`)).toBe(true);
    expect(preview.isPreviewUrl(`http://127.0.0.1:${WINDOW_PORT}/`)).toBe(false);
    expect(preview.isPreviewUrl(`http://evil.example:${P.app}/`)).toBe(false);
  });

  it('gives nothing of one preview on another’s listener: not its path, not its cookie', async () => {
    const cookie = await session('app');
    const onRel = cookie.replace(`paddock_preview_${P.app}`, `paddock_preview_${P.rel}`);
    for (const offered of [cookie, onRel]) {
      expect((await request(P.rel!, '/preview/developer/app/', { cookie: offered })).status).toBe(404);
      expect((await request(P.rel!, '/preview/developer/rel/', { cookie: offered })).status).toBe(401);
    }
  });

  it('lets only itself and the window frame a preview, alongside the app’s own policy', async () => {
    const cookie = await session('app');
    const page = await request(P.app!, '/preview/developer/app/', { cookie });
    expect(page.headers['content-security-policy']).toBe(
      `frame-ancestors 'self' http://127.0.0.1:${WINDOW_PORT} http://localhost:${WINDOW_PORT}`,
    );
  });

  it('refuses what another origin’s page fetches, embeds or opens a socket to; lets it navigate', async () => {
    const cookie = await session('app');
    const from = (site: string, mode: string) => ({ cookie, 'sec-fetch-site': site, 'sec-fetch-mode': mode });
    // web's page (its own port) reading web2's preview: the browser says same-site (same host, other port).
    for (const [site, mode] of [
      ['same-site', 'cors'],
      ['same-site', 'no-cors'],
      ['cross-site', 'cors'],
      ['same-site', 'websocket'],
    ]) {
      const reply = await request(P.app!, '/preview/developer/app/echo', from(site!, mode!));
      expect(reply.status, `${site} ${mode}`).toBe(403);
      expect(reply.body).toBe('');
    }
    expect((await request(P.app!, '/preview/developer/app/echo', from('same-site', 'navigate'))).status).toBe(200);
    expect((await request(P.app!, '/preview/developer/app/echo', from('same-origin', 'cors'))).status).toBe(200);
    // A form another preview's page submits here: a navigation, but one that would change the app's state.
    const post = await request(
      P.app!,
      '/preview/developer/app/upload',
      { ...from('same-site', 'navigate'), 'content-length': '0' },
      'POST',
    );
    expect(post.status).toBe(403);
    expect(
      (
        await request(
          P.app!,
          '/preview/developer/app/upload',
          { ...from('same-origin', 'navigate'), 'content-length': '0' },
          'POST',
        )
      ).status,
    ).toBe(200);

    const socketStatus = (origin: string): Promise<number> =>
      new Promise((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${P.app}/preview/developer/app/socket`, {
          headers: { cookie },
          origin,
        });
        ws.on('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          ws.terminate();
        });
        ws.on('open', () => {
          resolve(101);
          ws.close();
        });
        ws.on('error', () => undefined);
      });
    expect(await socketStatus(`http://127.0.0.1:${P.rel}`)).toBe(403);
    expect(await socketStatus(`http://127.0.0.1:${WINDOW_PORT}`)).toBe(403);
    expect(await socketStatus(`http://127.0.0.1:${P.app}`)).toBe(101);
  });

  it('does not serve another agent’s process of the same name on this agent’s listener', async () => {
    const other = await preview.issueTicket('agent-2', 'app');
    const { reply, cookie } = await redeem(other);
    expect(reply.status).toBe(302);
    const port = Number(new URL(other).port);
    expect((await request(port, '/preview/developer/app/', { cookie })).status).toBe(502);
  });
});

describe('closing', () => {
  it('closes every preview listener', async () => {
    const own = await startPreviewServer({ lookup, ownPorts: () => [] });
    const ports = [await own.portFor(AGENT, 'app'), await own.portFor(AGENT, 'rel')];
    await own.close();
    for (const port of ports) await expect(request(port, '/preview/developer/app/')).rejects.toThrow(/ECONNREFUSED/);
    await expect(own.portFor(AGENT, 'app')).rejects.toThrow(/closed/);
  });
});
