// The web host's gate (SPEC §2): a per-launch token, the cookies it buys, the Host header
// (no DNS rebinding) and, for the socket, the Origin. Pure functions over a request's headers.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// Cookies ignore ports: every page on 127.0.0.1 (the preview listener, the agent's own dev server)
// is same-site with the window and is sent its cookies. So the key to the API lives in a cookie whose
// Path is the socket's own (`/api`): the preview listener serves only `/preview/…`, so a preview never
// receives it. The window's static files, which are no secret, get a separate cookie on `/`.
// The names carry the port so two Paddocks on one machine do not collide.
export const API_PATH = '/api';
export const sessionCookieName = (port: number): string => `paddock_session_${port}`;
export const pageCookieName = (port: number): string => `paddock_page_${port}`;

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

/**
 * Every value offered under `name`. Another page on 127.0.0.1 can set a cookie of the same name with a
 * longer Path, which the browser then sends first: reading only the first would lock the owner out.
 */
export function readCookies(request: IncomingMessage, name: string): string[] {
  const header = request.headers.cookie;
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) values.push(part.slice(index + 1).trim());
  }
  return values;
}

function offers(request: IncomingMessage, name: string, secret: string): boolean {
  // Every offered value is compared, so a tossed cookie neither hides the real one nor shortens the work.
  return readCookies(request, name).reduce((found, value) => safeEqual(value, secret) || found, false);
}

/** The key to the socket. */
export function hasSession(request: IncomingMessage, session: string, port: number): boolean {
  return offers(request, sessionCookieName(port), session);
}

/** The key to the window's static files (the built renderer: no secret, but not for strangers either). */
export function hasPage(request: IncomingMessage, page: string, port: number): boolean {
  return offers(request, pageCookieName(port), page);
}

export function loginCookies(secrets: { session: string; page: string }, port: number): string[] {
  return [
    `${sessionCookieName(port)}=${secrets.session}; HttpOnly; SameSite=Strict; Path=${API_PATH}`,
    `${pageCookieName(port)}=${secrets.page}; HttpOnly; SameSite=Strict; Path=/`,
  ];
}

/**
 * Browsers send an origin-form target (`/path?query`). An absolute-form target (`http://other/…`)
 * names a host other than the checked Host header, and `//x` would read as another host in a Location.
 */
export function isOriginForm(target: string | undefined): target is string {
  return target !== undefined && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
}

/** The address to send the browser to after a login: always a path on this origin, never `//host`. */
export function cleanLocation(url: URL): string {
  url.searchParams.delete('token');
  const pathName = `/${url.pathname.replace(/^[/\\]+/, '')}`;
  return pathName + url.search;
}
