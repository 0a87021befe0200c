// The web host's gate (SPEC §2): a per-launch token, the cookies it buys, the Host header
// (no DNS rebinding) and, for the socket, the Origin. Pure functions over a request's headers.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { cookieValues } from '../../preview/headers';

// Cookies ignore ports: every page on 127.0.0.1 (a preview, the agent's own dev server) is same-site
// with the window and is sent the window's cookies. So no cookie carries owner power (issue 14 §1).
// The one cookie left opens only the window's static files (the built renderer, no secret). The key
// to the API is the launch token itself, which the page keeps in sessionStorage (scoped to this
// origin, port included) and presents in the socket's opening handshake as a subprotocol; a browser
// never sends it anywhere on its own.
export const API_PATH = '/api';
export const pageCookieName = (port: number): string => `paddock_page_${port}`;
/** The subprotocol the window speaks; the server answers with it, never with the token entry. */
export const API_PROTOCOL = 'paddock.v1';
/** The token travels as a second subprotocol entry: `paddock.token.<token>` (base64url is a valid token). */
export const TOKEN_PROTOCOL_PREFIX = 'paddock.token.';
/** Where the login redirect puts the token for the page to take (a fragment never reaches a server). */
export const TOKEN_FRAGMENT = 'paddock-token';
/**
 * The close code a socket gets when it presents no token or a stale one: after `paddock serve`
 * restarts the token is new, and the window says so instead of going silently dead.
 */
export const AUTH_FAILED_CLOSE = 4401;
export const AUTH_FAILED_REASON =
  'Paddock restarted or this address is old: open the new address printed in the terminal';

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Only the listener's own name is accepted: a rebinding page arrives with its own host name. */
export function hostIsOwn(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

export function originIsOwn(origin: string | undefined, port: number): boolean {
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

function offers(request: IncomingMessage, name: string, secret: string): boolean {
  // Every offered value is compared, so a tossed cookie neither hides the real one nor shortens the work.
  return cookieValues(request.headers.cookie, name).reduce((found, value) => safeEqual(value, secret) || found, false);
}

/** The tokens offered in Sec-WebSocket-Protocol (`paddock.token.<token>` entries). */
export function offeredTokens(request: IncomingMessage): string[] {
  const header = request.headers['sec-websocket-protocol'];
  if (typeof header !== 'string') return [];
  return header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.startsWith(TOKEN_PROTOCOL_PREFIX))
    .map((entry) => entry.slice(TOKEN_PROTOCOL_PREFIX.length));
}

/** The key to the socket: the launch token, presented in the handshake, never in a cookie. */
export function hasToken(request: IncomingMessage, token: string): boolean {
  return offeredTokens(request).reduce((found, value) => safeEqual(value, token) || found, false);
}

/** The key to the window's static files (the built renderer: no secret, but not for strangers either). */
export function hasPage(request: IncomingMessage, page: string, port: number): boolean {
  return offers(request, pageCookieName(port), page);
}

/** The static files' cookie: no owner power, so it does no harm where the browser also sends it. */
export function pageCookie(page: string, port: number): string {
  return `${pageCookieName(port)}=${page}; HttpOnly; SameSite=Strict; Path=/`;
}

/**
 * Browsers send an origin-form target (`/path?query`). An absolute-form target (`http://other/…`)
 * names a host other than the checked Host header, and `//x` would read as another host in a Location.
 */
export function isOriginForm(target: string | undefined): target is string {
  return target !== undefined && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
}

/**
 * The address to send the browser to after a login: always a path on this origin, never `//host`,
 * with the token moved from the query to the fragment, where the page takes it into sessionStorage
 * and removes it from the address bar.
 */
export function cleanLocation(url: URL, token: string): string {
  url.searchParams.delete('token');
  const pathName = `/${url.pathname.replace(/^[/\\]+/, '')}`;
  return `${pathName}${url.search}#${TOKEN_FRAGMENT}=${token}`;
}
