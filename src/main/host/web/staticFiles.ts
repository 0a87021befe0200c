// Serves the built renderer. Only regular files really under the renderer directory; anything else is the app shell.
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import { contentTypeOf, rendererFileInside as fileInside } from '../rendererFiles';

/** The same policy the Electron window gets: scripts only from the app itself, sockets only to itself. */
export const WEB_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; frame-src http://127.0.0.1:* http://localhost:*; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Files up to this size are answered from memory once read (the first screen's are all below it). */
const HELD_MAX_BYTES = 1024 * 1024;

interface Held {
  mtimeMs: number;
  size: number;
  body: Buffer;
}

/**
 * Small files read once and answered from memory while unchanged on disk: the window's start asks
 * for several at once, and each answer costs no file-system round trip through the thread pool (on
 * a busy machine, each of those waits for a turn on a core).
 */
const held = new Map<string, Held>();

function heldBody(file: string, stat: fs.Stats): Buffer {
  const known = held.get(file);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.body;
  const body = fs.readFileSync(file);
  held.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, body });
  return body;
}

/** `transform` may rewrite index.html as it is sent (the web host names the first screen's chunks there). */
export function serveStatic(
  root: string,
  urlPath: string,
  response: ServerResponse,
  transform?: (file: string, body: Buffer) => Buffer,
): void {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    response.writeHead(400).end();
    return;
  }
  const file = fileInside(root, decoded) ?? fileInside(root, 'index.html');
  if (!file) {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('The window has not been built: run `npm run build` first.\n');
    return;
  }
  const headers = {
    'content-type': contentTypeOf(file),
    'content-security-policy': WEB_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': file.endsWith('index.html') ? 'no-store' : 'public, max-age=3600',
  };
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    response.writeHead(404).end();
    return;
  }
  if (stat.size > HELD_MAX_BYTES) {
    response.writeHead(200, headers);
    fs.createReadStream(file).pipe(response);
    return;
  }
  let body: Buffer;
  try {
    body = heldBody(file, stat);
  } catch {
    response.writeHead(404).end();
    return;
  }
  if (transform) body = transform(file, body);
  response.writeHead(200, { ...headers, 'content-length': String(body.length) });
  response.end(body);
}
