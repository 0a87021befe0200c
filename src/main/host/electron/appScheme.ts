// The window's own origin (SPEC §2): the renderer is served from app://paddock/ by protocol.handle,
// never from file:// — a CSP injected through onHeadersReceived does not reach file:// loads, and a
// file:// page may read any file:// URL. Every response carries the CSP as a real header.
import fs from 'node:fs';
import { contentTypeOf, rendererFileInside } from '../rendererFiles';
import type { HostProtocol } from './surface';

export const APP_SCHEME = 'app';
export const APP_HOST = 'paddock';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** Scripts only from the app itself, no frames, no plugins; sockets only to itself. */
export const ELECTRON_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; frame-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': ELECTRON_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Must run before the app is ready. `standard` gives the scheme an origin of its own (so 'self'
 * and the trusted-sender check mean app://paddock), `secure` makes it a secure context.
 */
export function registerAppScheme(protocol: HostProtocol): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' } });
}

/** Answers one app:// request from the renderer directory (exported for the tests of the policy in effect). */
export async function answerAppRequest(rendererDir: string, request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST)
    return plain(404, 'Paddock serves only app://paddock/.');
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'The window’s files are read-only.');
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return plain(400, 'The path is not valid percent-encoding.');
  }
  const file = rendererFileInside(rendererDir, decoded === '/' ? 'index.html' : decoded);
  if (!file) return plain(404, `No file ${decoded} in the window's build.`);
  const body = request.method === 'HEAD' ? null : await fs.promises.readFile(file);
  return new Response(body, { status: 200, headers: { ...SECURITY_HEADERS, 'content-type': contentTypeOf(file) } });
}

/** After ready: app://paddock/… serves the built renderer, and nothing else. */
export function serveRenderer(protocol: HostProtocol, rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => answerAppRequest(rendererDir, request));
}
