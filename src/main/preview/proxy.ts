// Streaming proxy to the app (SPEC §9): bodies flow through pipe in both directions, so a 100 MB
// response or upload is never held and a slow reader slows the app down instead of growing memory.
import http from 'node:http';
import net from 'node:net';
import type { Duplex, Readable } from 'node:stream';
import {
  backwardResponseHeaders,
  forwardRequestHeaders,
  redirectStaysInside,
  refusedRedirectText,
  type TargetInfo,
} from './headers';
import type { LoopbackHost } from './types';

export interface ProxyTarget extends TargetInfo {
  host: LoopbackHost;
  /** The path and query to ask the app for, prefix already stripped (starts with `/`). */
  path: string;
}

/** Bodyless status answers: the preview says nothing about what it refused or why. */
export function answerBodyless(res: http.ServerResponse, status: number, headers: http.OutgoingHttpHeaders = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { ...headers, 'content-length': '0', 'cache-control': 'no-store' });
  res.end();
}

export function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  if (!socket.writable) return void socket.destroy();
  socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  socket.once('finish', () => socket.destroy());
}

export interface HttpProxyOptions {
  agent: http.Agent;
  /** Called with the app's response when it is HTML, after it is piped (the asset scan). */
  onHtml?(body: Readable): void;
  /** Ask for an unencoded body (the asset scan reads bytes, not gzip). */
  identityEncoding?: boolean;
}

/** Asks the app for an unencoded body: every Accept-Encoding in the list becomes `identity`. */
function identityOnly(headers: string[]): void {
  let found = false;
  for (let i = 0; i < headers.length; i += 2) {
    if (headers[i] === 'accept-encoding') {
      headers[i + 1] = 'identity';
      found = true;
    }
  }
  if (!found) headers.push('accept-encoding', 'identity');
}

export function proxyHttp(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  target: ProxyTarget,
  options: HttpProxyOptions,
): void {
  const headers = forwardRequestHeaders(req.headers, req.method, target, false);
  if (options.identityEncoding) identityOnly(headers);
  const upstream = http.request({
    host: target.host,
    port: target.port,
    method: req.method,
    path: target.path,
    headers,
    agent: options.agent,
  });
  upstream.on('response', (appRes) => {
    const headers = backwardResponseHeaders(appRes.headers, target);
    const status = appRes.statusCode ?? 502;
    if (
      status >= 300 &&
      status < 400 &&
      typeof headers.location === 'string' &&
      !redirectStaysInside(headers.location, target)
    ) {
      // Refused, not followed: the browser would otherwise load another host inside the preview.
      appRes.resume();
      res.writeHead(502, {
        'content-type': 'text/plain; charset=utf-8',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      res.end(refusedRedirectText(headers.location));
      return;
    }
    res.writeHead(status, appRes.statusMessage, headers);
    appRes.pipe(res);
    const type = String(appRes.headers['content-type'] ?? '');
    const encoding = String(appRes.headers['content-encoding'] ?? 'identity');
    if (options.onHtml && type.startsWith('text/html') && encoding === 'identity') options.onHtml(appRes);
    appRes.on('error', () => res.destroy());
  });
  upstream.on('error', () => answerBodyless(res, 502));
  // The browser went away: stop asking the app (and stop reading its body).
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  // A request without a body (most GETs) is ended at once rather than piped: one write fewer.
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  if (hasBody) req.pipe(upstream);
  else {
    req.resume();
    upstream.end();
  }
}

/** Websocket (or any upgrade): the handshake is re-written, then the two sockets are piped raw. */
export function proxyUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer, target: ProxyTarget): void {
  const headers = forwardRequestHeaders(req.headers, req.method, target, true);
  const upstream = net.connect({ host: target.host, port: target.port });
  const teardown = (): void => {
    upstream.destroy();
    socket.destroy();
  };
  let connected = false;
  upstream.once('connect', () => {
    connected = true;
    const lines = [`${req.method ?? 'GET'} ${target.path} HTTP/1.1`];
    for (let i = 0; i < headers.length; i += 2) {
      // Header values come from node's parser (no CR/LF), but never trust that across a rewrite.
      if (/[\r\n]/.test(headers[i + 1]!)) continue;
      lines.push(`${headers[i]}: ${headers[i + 1]}`);
    }
    upstream.write(lines.join('\r\n') + '\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on('error', () => {
    if (!connected) refuseUpgrade(socket, 502, 'Bad Gateway');
    else teardown();
  });
  upstream.on('close', () => {
    if (connected) socket.destroy();
  });
  socket.on('error', teardown);
  socket.on('close', () => upstream.destroy());
}
