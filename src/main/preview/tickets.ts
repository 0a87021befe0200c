// The way into a preview (SPEC §9): a single-use five-minute ticket, exchanged for a 24-hour
// session cookie scoped to that one preview. Only hashes of secrets are kept, and secrets are
// compared in constant time, so neither a memory dump nor a timing probe gives one away.
import crypto from 'node:crypto';

export const TICKET_TTL_MS = 5 * 60 * 1000;
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** Bounds memory whatever the window does: the oldest sessions of a preview are dropped first. */
const MAX_SESSIONS_PER_PREVIEW = 32;
const MAX_TICKETS = 256;

interface Entry {
  name: string;
  hash: Buffer;
  expiresAt: number;
}

function randomSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

function hashOf(secret: string): Buffer {
  // The one-shot form: no Hash object per request (issue 22 item 4, a hot-path trim).
  return crypto.hash('sha256', secret, 'buffer');
}

export interface PreviewCredentials {
  /** A fresh single-use ticket for `name`. */
  issueTicket(name: string): string;
  /** Consumes the ticket (whatever the answer); a new session secret when it was valid for `name`. */
  redeemTicket(name: string, ticket: string): string | null;
  /** Whether any of the offered cookie values is a live session of `name`. */
  hasSession(name: string, offered: readonly string[]): boolean;
  /** The live session of `name` one of the offered values opens (an opaque handle), or null. */
  sessionOf(name: string, offered: readonly string[]): SessionHandle | null;
  /** Whether a handle sessionOf gave is still a live session of `name` (not expired, not dropped). */
  stillLive(name: string, session: SessionHandle): boolean;
}

/** A session sessionOf found: holds no secret, only lets stillLive ask about that same session again. */
export interface SessionHandle {
  readonly expiresAt: number;
}

export function createPreviewCredentials(now: () => number = Date.now): PreviewCredentials {
  const tickets: Entry[] = [];
  const sessions = new Map<string, Entry[]>();

  const prune = (list: Entry[]): void => {
    const t = now();
    for (let i = list.length - 1; i >= 0; i--) if (list[i]!.expiresAt <= t) list.splice(i, 1);
  };

  const matchIndex = (list: Entry[], secret: string): number => {
    const hash = hashOf(secret);
    let index = -1;
    // Visit every entry so the time taken does not say which one matched.
    for (let i = 0; i < list.length; i++) {
      if (crypto.timingSafeEqual(list[i]!.hash, hash) && index < 0) index = i;
    }
    return index;
  };

  const sessionOf = (name: string, offered: readonly string[]): Entry | null => {
    const list = sessions.get(name);
    if (list === undefined) return null;
    prune(list);
    let found: Entry | null = null;
    // Every offered value is hashed and compared, whichever matched.
    for (const value of offered) {
      const index = matchIndex(list, value);
      if (index >= 0 && found === null) found = list[index]!;
    }
    return found;
  };

  return {
    issueTicket(name) {
      prune(tickets);
      if (tickets.length >= MAX_TICKETS) tickets.shift();
      const secret = randomSecret();
      tickets.push({ name, hash: hashOf(secret), expiresAt: now() + TICKET_TTL_MS });
      return secret;
    },
    redeemTicket(name, ticket) {
      prune(tickets);
      const index = matchIndex(tickets, ticket);
      if (index < 0) return null;
      const [entry] = tickets.splice(index, 1);
      if (entry!.name !== name) return null;
      const list = sessions.get(name) ?? [];
      prune(list);
      if (list.length >= MAX_SESSIONS_PER_PREVIEW) list.shift();
      const secret = randomSecret();
      list.push({ name, hash: hashOf(secret), expiresAt: now() + SESSION_TTL_MS });
      sessions.set(name, list);
      return secret;
    },
    hasSession: (name, offered) => sessionOf(name, offered) !== null,
    sessionOf,
    stillLive(name, session) {
      return session.expiresAt > now() && (sessions.get(name)?.includes(session as Entry) ?? false);
    },
  };
}
