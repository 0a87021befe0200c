// One keep-alive connection through a preview (issue 22 item 4: the session is proven once per
// connection, not hashed on every request) and the framing of what the preview forwards on it.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreviewServer, type PreviewServer } from '../../../src/main/preview/server';
import { FakeLookup, redeem, startFixture, type Fixture } from './helpers';

const AGENT = 'agent-1';
let app: Fixture;
let preview: PreviewServer;
let port: number;
let clock = Date.now();

const warnings: Error[] = [];
process.on('warning', (warning) => warnings.push(warning));

beforeAll(async () => {
  app = await startFixture();
  const lookup = new FakeLookup();
  lookup.set('app', { pid: app.pid });
  preview = await startPreviewServer({ lookup, ownPorts: () => [], now: () => clock });
  port = await preview.portFor(AGENT, 'app');
});

afterAll(async () => {
  await preview?.close();
  app?.stop();
});

async function session(): Promise<string> {
  return (await redeem(await preview.issueTicket(AGENT, 'app'))).cookie;
}

/** Requests over one kept-alive connection; each answer says whether that connection was reused. */
function connection(): { get(cookie: string): Promise<{ status: number; reused: boolean }>; close(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    get: (cookie) =>
      new Promise((resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port, path: '/preview/developer/app/app.js', headers: { cookie }, agent },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
          },
        );
        req.on('error', reject);
      }),
    close: () => agent.destroy(),
  };
}

describe('a session proven on a kept-alive connection', () => {
  it('is asked again on the same connection once it expired', async () => {
    const cookie = await session();
    const conn = connection();
    try {
      expect(await conn.get(cookie)).toEqual({ status: 200, reused: false });
      expect(await conn.get(cookie)).toEqual({ status: 200, reused: true });
      clock += 24 * 60 * 60 * 1000 + 1;
      expect(await conn.get(cookie)).toEqual({ status: 401, reused: true });
    } finally {
      conn.close();
    }
  });

  it('is asked again on the same connection once newer sessions pushed it out', async () => {
    const cookie = await session();
    const conn = connection();
    try {
      expect((await conn.get(cookie)).status).toBe(200);
      for (let i = 0; i < 32; i++) await session();
      expect(await conn.get(cookie)).toEqual({ status: 401, reused: true });
    } finally {
      conn.close();
    }
  });

  it('adds one close listener per connection, however often its session is proven and lost', async () => {
    const cookie = await session();
    const forged = cookie.replace(/=.*/, '=' + 'B'.repeat(43));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let socket: import('node:net').Socket | null = null;
    agent.on('free', (s: import('node:net').Socket) => (socket = s));
    const get = (c: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(
            { host: '127.0.0.1', port, path: '/preview/developer/app/app.js', headers: { cookie: c }, agent },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          )
          .on('error', reject);
      });
    try {
      for (let i = 0; i < 15; i++) {
        expect(await get(cookie)).toBe(200);
        expect(await get(forged)).toBe(401);
      }
      expect(socket).not.toBeNull();
    } finally {
      agent.destroy();
    }
    // No MaxListenersExceeded warning was emitted for the server side of that connection.
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it('does not let another cookie ride on a connection that proved one', async () => {
    const cookie = await session();
    const conn = connection();
    try {
      expect((await conn.get(cookie)).status).toBe(200);
      const forged = cookie.replace(/=.*/, '=' + 'A'.repeat(43));
      expect(await conn.get(forged)).toEqual({ status: 401, reused: true });
      expect(await conn.get(`${cookie}; extra=1`)).toEqual({ status: 200, reused: true });
      expect(await conn.get('')).toEqual({ status: 401, reused: true });
    } finally {
      conn.close();
    }
  });
});

/** Writes `raw` on a fresh connection to the preview and returns everything it answered until it closed. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let out = '';
    socket.on('data', (c: Buffer) => (out += c.toString()));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => socket.destroy());
  });
}

describe('framing', () => {
  it('forwards a chunked body of a GET as a body, never as a second request to the app', async () => {
    const cookie = await session();
    const smuggled = `GET /echo?smuggled=1 HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\n\r\n`;
    const body = `${smuggled.length.toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`;
    const answer = await raw(
      `GET /preview/developer/app/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    // The app counted the whole body as the upload's, and answered nothing else.
    expect(
      answer.endsWith(`\r\n\r\n${String(smuggled.length)}`) || answer.includes(`\r\n${String(smuggled.length)}\r\n`),
    ).toBe(true);
    expect(answer).not.toContain('smuggled');
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('never lets Connection drop the body’s framing (the body would be a second request to the app)', async () => {
    const cookie = await session();
    const smuggled = `GET /echo?smuggled=1 HTTP/1.1\r\nHost: evil.example\r\n\r\n`;
    for (const method of ['GET', 'DELETE', 'OPTIONS', 'POST']) {
      const answer = await raw(
        `${method} /preview/developer/app/framing HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nContent-Length: ${smuggled.length}\r\n` +
          `Connection: close, Content-Length, Transfer-Encoding, Host\r\n\r\n${smuggled}`,
      );
      expect(answer, method).toMatch(/^HTTP\/1\.1 200 /);
      const json = JSON.parse(answer.slice(answer.indexOf('{'), answer.lastIndexOf('}') + 1)) as {
        length: string | null;
        body: string;
      };
      expect(json, method).toMatchObject({ method, length: String(smuggled.length), body: smuggled });
      expect(answer.match(/HTTP\/1\.1 /g), method).toHaveLength(1);
    }
  });

  it('keeps the codings of a chunked body, and frames a POST without a body as empty', async () => {
    const cookie = await session();
    const gz = await raw(
      `POST /preview/developer/app/framing HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nTransfer-Encoding: gzip, chunked\r\nConnection: close\r\n\r\n3\r\nabc\r\n0\r\n\r\n`,
    );
    expect(JSON.parse(gz.slice(gz.indexOf('{'), gz.lastIndexOf('}') + 1))).toMatchObject({
      te: 'gzip, chunked',
      body: 'abc',
    });
    const empty = await raw(
      `POST /preview/developer/app/framing HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
    );
    expect(JSON.parse(empty.slice(empty.indexOf('{'), empty.lastIndexOf('}') + 1))).toEqual({
      method: 'POST',
      length: '0',
      te: null,
      body: '',
    });
  });

  it('forwards a POST body with its length as it came', async () => {
    const cookie = await session();
    const answer = await raw(
      `POST /preview/developer/app/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\n5(\r\n0\r\n\r\n)?$/);
  });
});
