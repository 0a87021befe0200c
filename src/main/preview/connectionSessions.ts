// Whether a request to a preview carries a live session (SPEC §9), proven once per kept-alive
// connection (issue 22 item 4): a connection that sends the same Cookie header again is not hashed
// again while the session it opened stays live. A session that expired or was pushed out is seen on
// the next request (stillLive), and another header on the same connection is checked in full.
import type http from 'node:http';
import { cookieName, cookieValues } from './headers';
import type { PreviewCredentials, SessionHandle } from './tickets';

/**
 * A 53-bit fingerprint of a header (cyrb53). Not a secret's hash: it is kept per connection and only
 * ever compared with what the same connection sends next, so a collision could only be made by
 * whoever holds the connection, which has already shown a live session. The header itself (which
 * carries the session secret) is not kept.
 */
function fingerprint(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export interface ConnectionSessions {
  /** Whether `req` offers a live session of `scope` under the cookie of the listener on `port`. */
  holds(scope: string, port: number, req: http.IncomingMessage, upgrade: boolean): boolean;
}

export function createConnectionSessions(credentials: PreviewCredentials): ConnectionSessions {
  const proven = new WeakMap<object, { cookie: number; session: SessionHandle }>();
  /** Sockets already told to forget on close (one listener each, however often a session is proven and lost). */
  const watched = new WeakSet<object>();
  return {
    holds(scope, port, req, upgrade) {
      const header = req.headers.cookie;
      if (header === undefined) return false;
      const socket = req.socket;
      const known = proven.get(socket);
      const print = fingerprint(header);
      if (known !== undefined && known.cookie === print && credentials.stillLive(scope, known.session)) return true;
      const session = credentials.sessionOf(scope, cookieValues(header, cookieName(port)));
      if (session === null || upgrade) {
        // An upgraded socket carries no further request: nothing to remember for it.
        proven.delete(socket);
        return session !== null;
      }
      if (!watched.has(socket)) {
        watched.add(socket);
        socket.once('close', () => proven.delete(socket));
      }
      proven.set(socket, { cookie: print, session });
      return true;
    },
  };
}
