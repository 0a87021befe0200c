// The web host (`paddock serve`): the same renderer and the same typed API as the Electron window,
// over one WebSocket, on 127.0.0.1 only, behind a per-launch token. Thin: every rule is the core's.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { PaddockEvent, Result } from '../../../shared/ipc';
import { fail } from '../../../shared/ipc';
import type { ApiRouter } from '../../api/router';
import { hasSession, hostIsOwn, originIsOwn, safeEqual, sessionCookie } from './auth';
import { serveStatic } from './staticFiles';

export interface WebHostOptions {
  port: number;
  rendererDir: string;
  router: ApiRouter;
  subscribe(listener: (event: PaddockEvent) => void): () => void;
  log(message: string): void;
}

export interface WebHost {
  port: number;
  token: string;
  url: string;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

function reject(socket: import('node:stream').Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = randomBytes(32).toString('base64url');
  const session = randomBytes(32).toString('base64url');
  const server = http.createServer();
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  let port = 0;

  server.on('request', (request, response) => {
    if (!hostIsOwn(request.headers.host, port)) {
      response.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' }).end('wrong host\n');
      return;
    }
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const offered = url.searchParams.get('token');
    if (offered !== null && safeEqual(offered, token)) {
      // The token buys a cookie and leaves the address bar: it must not linger in history or referrers.
      url.searchParams.delete('token');
      response.writeHead(303, { 'set-cookie': sessionCookie(session, port), location: url.pathname + url.search });
      response.end();
      return;
    }
    if (!hasSession(request, session, port)) {
      response.writeHead(401, { 'content-type': 'text/plain; charset=utf-8' }).end('open the address `paddock serve` printed\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end();
      return;
    }
    serveStatic(options.rendererDir, url.pathname, response);
  });

  server.on('upgrade', (request, socket, head) => {
    if (!hostIsOwn(request.headers.host, port)) return reject(socket, 421, 'Misdirected Request');
    if (!hasSession(request, session, port)) return reject(socket, 401, 'Unauthorized');
    if (!originIsOwn(request.headers.origin, port)) return reject(socket, 403, 'Forbidden');
    if (new URL(request.url ?? '/', 'http://x').pathname !== '/api') return reject(socket, 404, 'Not Found');
    sockets.handleUpgrade(request, socket, head, (ws) => attach(ws));
  });

  function attach(ws: WebSocket): void {
    const unsubscribe = options.subscribe((event) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event }));
    });
    ws.on('close', unsubscribe);
    ws.on('message', async (data) => {
      let message: { id?: unknown; call?: unknown; request?: unknown };
      try {
        message = JSON.parse(data.toString()) as typeof message;
      } catch {
        options.log('refused a socket message that is not JSON');
        ws.send(JSON.stringify({ id: null, result: fail('bad-request', 'refused: the message is not JSON') }));
        return;
      }
      const id = typeof message.id === 'number' || typeof message.id === 'string' ? message.id : null;
      const result: Result<unknown> =
        id === null
          ? fail('bad-request', 'refused: the message has no id')
          : await options.router(message.call, message.request, { trusted: true, describe: 'the authenticated window socket' });
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, result }));
    });
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
