// The web host (`paddock serve`): the same renderer and the same typed API as the Electron window,
// over one WebSocket, on 127.0.0.1 only, behind a per-launch token. Thin: every rule is the core's.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { PaddockEvent, Result } from '../../../shared/ipc';
// result.ts, not the ipc index: the index carries the contract's schemas (zod), which a host that
// answers its first request before the core has loaded must not pay for (issue 22 item 2).
import { fail } from '../../../shared/ipc/result';
import type { ApiRouter } from '../../api/router';
import {
  API_PATH,
  API_PROTOCOL,
  AUTH_FAILED_CLOSE,
  AUTH_FAILED_REASON,
  cleanLocation,
  hasPage,
  hasToken,
  hostIsOwn,
  isOriginForm,
  originIsOwn,
  pageCookie,
  safeEqual,
} from './auth';
import { firstScreenPage, type FirstScreen } from '../rendererFiles';
import { serveStatic } from './staticFiles';

/** What the socket talks to: the core's API router and its events. */
export interface WebApi {
  router: ApiRouter;
  subscribe(listener: (event: PaddockEvent) => void): () => void;
}

export type WebHostOptions = {
  port: number;
  rendererDir: string;
  log(message: string): void;
  /**
   * The screen the window will open on, once the core knows (null before it has loaded): index.html
   * then names that screen's chunks. What it says (whether the first run is done) goes only to the
   * page, which already holds the static files' cookie.
   */
  firstScreen?(): FirstScreen | null;
} & (
  | WebApi
  /**
   * The API made on demand (`paddock serve`): the page and its files are answered before the core
   * has loaded; a socket's calls wait for it. Called once per socket; the caller caches it.
   */
  | { api(): Promise<WebApi> }
);

export interface WebHost {
  port: number;
  token: string;
  url: string;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** Calls one socket may have in flight: a flood is refused call by call instead of queueing without bound. */
const MAX_IN_FLIGHT = 64;

type Message = { id: string | number; call: unknown; request: unknown };

/** A message is a JSON object with an id; anything else (null, an array, a number) is refused. */
function parseMessage(
  text: string,
): { ok: true; message: Message } | { ok: false; id: string | number | null; why: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, id: null, why: 'the message is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, id: null, why: 'the message is not a JSON object' };
  const { id, call, request } = parsed as Record<string, unknown>;
  if (!((typeof id === 'number' && Number.isFinite(id)) || (typeof id === 'string' && id.length <= 200))) {
    return { ok: false, id: null, why: 'the message has no id' };
  }
  return { ok: true, message: { id, call, request } };
}

function reject(socket: import('node:stream').Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = randomBytes(32).toString('base64url');
  const page = randomBytes(32).toString('base64url');
  const server = http.createServer();
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    // The answer names only the protocol, never the token entry the client also offered.
    handleProtocols: (protocols) => (protocols.has(API_PROTOCOL) ? API_PROTOCOL : false),
  });
  let port = 0;
  const apiNow = (): Promise<WebApi> =>
    'api' in options ? options.api() : Promise.resolve({ router: options.router, subscribe: options.subscribe });

  server.on('request', (request, response) => {
    if (!hostIsOwn(request.headers.host, port)) {
      response.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' }).end('wrong host\n');
      return;
    }
    if (!isOriginForm(request.url)) {
      response
        .writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
        .end('the request target must be a path\n');
      return;
    }
    const url = new URL(request.url, `http://127.0.0.1:${port}`);
    const offered = url.searchParams.get('token');
    if (offered !== null && safeEqual(offered, token)) {
      // The token buys only the static files' cookie, and moves from the query to the fragment: the page
      // keeps it in sessionStorage and takes it out of the address bar (no history, no referrer).
      response.writeHead(303, {
        'set-cookie': pageCookie(page, port),
        location: cleanLocation(url, token),
        'referrer-policy': 'no-referrer',
      });
      response.end();
      return;
    }
    if (!hasPage(request, page, port)) {
      response
        .writeHead(401, { 'content-type': 'text/plain; charset=utf-8' })
        .end('open the address `paddock serve` printed\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end();
      return;
    }
    const screen = options.firstScreen?.() ?? null;
    serveStatic(
      options.rendererDir,
      url.pathname,
      response,
      screen === null
        ? undefined
        : (file, body) =>
            path.basename(file) === 'index.html' ? firstScreenPage(options.rendererDir, body, screen) : body,
    );
  });

  server.on('upgrade', (request, socket, head) => {
    if (!hostIsOwn(request.headers.host, port)) return reject(socket, 421, 'Misdirected Request');
    if (!isOriginForm(request.url)) return reject(socket, 400, 'Bad Request');
    // Origin is checked though any local process can forge it: it still stops every web page.
    if (!originIsOwn(request.headers.origin, port)) return reject(socket, 403, 'Forbidden');
    if (new URL(request.url, 'http://x').pathname !== API_PATH) return reject(socket, 404, 'Not Found');
    const protocols = String(request.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim());
    if (!protocols.includes(API_PROTOCOL)) return reject(socket, 400, 'Bad Request');
    const authorised = hasToken(request, token);
    sockets.handleUpgrade(request, socket, head, (ws) => {
      // A browser sees no HTTP status on a failed handshake, so a stale or missing token is told by a
      // close code the window can show ("Paddock restarted…"); nothing is subscribed or answered first.
      if (!authorised) return ws.close(AUTH_FAILED_CLOSE, AUTH_FAILED_REASON);
      attach(ws);
    });
  });

  function attach(ws: WebSocket): void {
    // The listeners go on at once (a message that arrives before them is lost); the calls wait for the API.
    const api = apiNow();
    let closed = false;
    let unsubscribe = (): void => undefined;
    api.then(
      (ready) => {
        if (closed) return;
        unsubscribe = ready.subscribe((event) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event }));
        });
      },
      (error: unknown) => {
        options.log(`the core could not start for a socket: ${(error as Error).message}`);
        ws.close(1011, 'Paddock could not start');
      },
    );
    ws.on('close', () => {
      closed = true;
      unsubscribe();
    });
    let inFlight = 0;
    const reply = (id: string | number | null, result: Result<unknown>): void => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, result }));
    };
    ws.on('message', (data) => {
      // Nothing a window sends may take the core down: every path ends in a reply, none in a throw.
      void handleMessage(data.toString()).catch((error: unknown) => {
        options.log(`a socket message failed: ${(error as Error).message}`);
        reply(null, fail('internal', 'the message could not be handled'));
      });
    });
    async function handleMessage(text: string): Promise<void> {
      const parsed = parseMessage(text);
      if (!parsed.ok) {
        options.log(`refused a socket message: ${parsed.why}`);
        return reply(parsed.id, fail('bad-request', `refused: ${parsed.why}`));
      }
      const { id, call, request } = parsed.message;
      if (inFlight >= MAX_IN_FLIGHT) {
        return reply(
          id,
          fail('refused', `refused: more than ${MAX_IN_FLIGHT} calls are already waiting on this connection`),
        );
      }
      inFlight += 1;
      try {
        const { router } = await api;
        reply(id, await router(call, request, { trusted: true, describe: 'the authenticated window socket' }));
      } catch (error) {
        options.log(`a socket call failed: ${(error as Error).message}`);
        reply(id, fail('internal', 'the call could not be handled'));
      } finally {
        inFlight -= 1;
      }
    }
  }

  await new Promise<void>((resolve, reject_) => {
    server.once('error', reject_);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/?token=${token}`;
  return {
    port,
    token,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
