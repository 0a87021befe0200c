// The web host's gate (SPEC §2): a per-launch token, a session cookie it buys, the Host header
// (no DNS rebinding) and, for the socket, the Origin. Pure functions over a request's headers.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// Cookies ignore ports: the name carries the port so two Paddocks on one machine do not collide.
export const sessionCookieName = (port: number): string => `paddock_session_${port}`;

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

export function readCookie(request: IncomingMessage, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

export function hasSession(request: IncomingMessage, session: string, port: number): boolean {
  const cookie = readCookie(request, sessionCookieName(port));
  return cookie !== null && safeEqual(cookie, session);
}

export function sessionCookie(session: string, port: number): string {
  return `${sessionCookieName(port)}=${session}; HttpOnly; SameSite=Strict; Path=/`;
}
