// Serves the built renderer. Only regular files really under the renderer directory; anything else is the app shell.
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import { contentTypeOf, rendererFileInside as fileInside } from '../rendererFiles';

/** The same policy the Electron window gets: scripts only from the app itself, sockets only to itself. */
export const WEB_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; frame-src http://127.0.0.1:* http://localhost:*; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function serveStatic(root: string, urlPath: string, response: ServerResponse): void {
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
  response.writeHead(200, {
    'content-type': contentTypeOf(file),
    'content-security-policy': WEB_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': file.endsWith('index.html') ? 'no-store' : 'public, max-age=3600',
  });
  fs.createReadStream(file).pipe(response);
}
