// The only file that touches window.paddock. In Electron the preload provides it; in the web host
// the same call is carried over one WebSocket to the same core. Types only from the contract: its
// schemas (zod) are the core's to check, not the window's to load.
import type { CallName, PaddockEvent, RequestOf, ResponseOf, Result } from '../../shared/ipc';
import { markStart } from './lib/startMarks';

interface Bridge {
  host: 'electron' | 'web';
  /** One call by its contract name; the core's router refuses a name it does not declare. */
  call(name: string, request?: unknown): Promise<Result<unknown>>;
  events: { subscribe(listener: (event: PaddockEvent) => void): () => void };
}

/**
 * The window's link to the core (issue 14 §1, issue 17 §1). `unauthorised`: the core answers but
 * refuses this tab's key — `why: 'restarted'` (a restart of `paddock serve` makes a new token) or
 * `'no-token'` (the page was opened without the printed address); reconnecting will not help until
 * the owner opens the address it printed. In Electron the state is always `connected`.
 */
export type ConnectionState =
  | { status: 'connected' }
  | { status: 'connecting' }
  | { status: 'disconnected'; since: number; retryAt: number }
  | { status: 'unauthorised'; why: 'restarted' | 'no-token'; message: string };

/** Reconnect delays: quick at first, then at most every 10 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(10_000, 500 * 2 ** Math.max(0, attempt));
}

declare global {
  interface Window {
    paddock?: Bridge;
  }
}

/** Must match the server's (src/main/host/web/auth.ts): the page cannot import from main. */
const API_PROTOCOL = 'paddock.v1';
const TOKEN_PROTOCOL_PREFIX = 'paddock.token.';
const TOKEN_FRAGMENT = 'paddock-token';
const AUTH_FAILED_CLOSE = 4401;
const TOKEN_STORAGE_KEY = 'paddock.token';
const RESTARTED_MESSAGE =
  'Paddock restarted, so this page’s key is no longer valid. Open the new address printed in the terminal.';
const NO_TOKEN_MESSAGE =
  'This page was opened without its key. Open the address `paddock serve` printed in the terminal.';

/**
 * The launch token, never in a cookie (a browser sends cookies to every port on 127.0.0.1): the
 * login redirect puts it in the fragment; it is moved to sessionStorage, which only this origin
 * (port included) can read and which survives a reload, and the address bar is cleaned.
 *
 * A tab opened from this one — by a preview framed in it calling `window.open` on this address —
 * starts with a copy of this tab's sessionStorage. So the stored token is bound to this tab: it is
 * kept with a random tab key that lives only in this tab's `window.name` (which a reload keeps, a
 * new tab does not inherit, and another origin's page cannot read), and a tab that has an opener
 * never uses a stored token at all. Such a tab connects only with the printed address.
 */
const TAB_NAME_PREFIX = 'paddock-tab:';

interface StoredToken {
  tab: string;
  token: string;
}

function randomTabKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function thisTabKey(): string | null {
  return window.name.startsWith(TAB_NAME_PREFIX) ? window.name.slice(TAB_NAME_PREFIX.length) : null;
}

function storedToken(): string | null {
  let stored: StoredToken | null = null;
  try {
    const raw = sessionStorage.getItem(TOKEN_STORAGE_KEY);
    stored = raw === null ? null : (JSON.parse(raw) as StoredToken);
  } catch {
    stored = null;
  }
  const tab = thisTabKey();
  const ours =
    stored !== null && typeof stored.token === 'string' && tab !== null && stored.tab === tab && window.opener === null;
  if (ours) return stored!.token;
  // Another tab's copy (or a malformed one): never used, and dropped so it cannot be used later.
  try {
    sessionStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // storage unavailable: nothing to drop
  }
  return null;
}

/** Stores a fresh token for this tab (see TAB_NAME_PREFIX). */
function keepToken(token: string): void {
  const tab = randomTabKey();
  window.name = `${TAB_NAME_PREFIX}${tab}`;
  try {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ tab, token } satisfies StoredToken));
  } catch {
    // storage unavailable: a reload asks for the printed address again
  }
}

/** A fresh token's keeping, done once the first screen is shown (or at the latest after this long). */
let pendingSettle: (() => void) | null = null;
const SETTLE_AT_LATEST_MS = 1_000;

/** The first screen is shown: the fresh token is kept for this tab and taken out of the address bar now. */
export function settleToken(): void {
  pendingSettle?.();
  pendingSettle = null;
}

function takeToken(): string | null {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const fresh = fragment.get(TOKEN_FRAGMENT);
  if (fresh !== null) {
    fragment.delete(TOKEN_FRAGMENT);
    const rest = fragment.toString();
    const clean = (): void =>
      history.replaceState(
        history.state,
        '',
        location.pathname + location.search + (rest.length > 0 ? `#${rest}` : ''),
      );
    if (/^[\w-]{16,200}$/.test(fresh)) {
      // Kept and cleaned from the address bar once the first screen is shown (settleToken), or
      // after a moment if none is: the first sessionStorage write waits on the browser (about
      // 10 ms), and neither the socket nor the first screen need wait for it. A reload before
      // then still finds the token in the address bar.
      let settled = false;
      const settle = (): void => {
        if (settled) return;
        settled = true;
        keepToken(fresh);
        clean();
      };
      pendingSettle = settle;
      setTimeout(settle, SETTLE_AT_LATEST_MS);
      return fresh;
    }
    clean();
  }
  return storedToken();
}

const connectionListeners = new Set<(state: ConnectionState) => void>();
let connection: ConnectionState = { status: 'connecting' };

function setConnection(state: ConnectionState): void {
  connection = state;
  for (const listener of connectionListeners) listener(state);
}

const NOT_CONNECTED: Result<unknown> = {
  ok: false,
  error: { code: 'internal', message: 'Paddock is not connected: the window is trying to reach it again' },
};

function createSocketBridge(): Bridge {
  const token = takeToken();
  const listeners = new Set<(event: PaddockEvent) => void>();
  const waiting = new Map<number, (result: Result<unknown>) => void>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let ready: Promise<WebSocket> | null = null;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  function scheduleReconnect(): void {
    if (retryTimer) return;
    const delay = reconnectDelayMs(failures);
    failures += 1;
    const since = connection.status === 'disconnected' ? connection.since : Date.now();
    setConnection({ status: 'disconnected', since, retryAt: Date.now() + delay });
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect().catch(() => undefined);
    }, delay);
  }

  if (token === null) setConnection({ status: 'unauthorised', why: 'no-token', message: NO_TOKEN_MESSAGE });

  function connect(): Promise<WebSocket> {
    if (connection.status === 'unauthorised') return Promise.reject(new Error(connection.message));
    if (ready) return ready;
    ready = new Promise((resolve, reject) => {
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      // The key travels as a subprotocol when the socket opens: never in a cookie, which a browser
      // would send to every port on 127.0.0.1, the agent's own dev servers included.
      const ws = new WebSocket(`${scheme}://${location.host}/api`, [
        API_PROTOCOL,
        `${TOKEN_PROTOCOL_PREFIX}${token ?? ''}`,
      ]);
      ws.onopen = () => {
        markStart('socket-open');
        failures = 0;
        socket = ws;
        setConnection({ status: 'connected' });
        resolve(ws);
      };
      ws.onerror = () => reject(new Error('cannot reach Paddock: is `paddock serve` still running?'));
      ws.onclose = (closed) => {
        socket = null;
        ready = null;
        // A refusal at the door is not a network fault: retrying with the same stale key cannot work.
        if (closed.code === AUTH_FAILED_CLOSE)
          setConnection({ status: 'unauthorised', why: 'restarted', message: RESTARTED_MESSAGE });
        const refused = connection.status === 'unauthorised' ? connection.message : null;
        for (const [id, settle] of waiting) {
          settle({
            ok: false,
            error: {
              code: refused ? 'untrusted-sender' : 'internal',
              message: refused ?? 'the connection to Paddock closed',
            },
          });
          waiting.delete(id);
        }
        reject(new Error(refused ?? 'the connection to Paddock closed'));
        if (!refused) scheduleReconnect();
      };
      ws.onmessage = (message) => {
        const data = JSON.parse(String(message.data)) as {
          id?: number;
          result?: Result<unknown>;
          event?: PaddockEvent;
        };
        if (data.event) for (const listener of listeners) listener(data.event);
        else if (typeof data.id === 'number' && data.result) {
          waiting.get(data.id)?.(data.result);
          waiting.delete(data.id);
        }
      };
    });
    return ready;
  }

  const bridge: Bridge = {
    host: 'web',
    async call(name, request) {
      let ws = socket;
      if (connection.status === 'unauthorised')
        return { ok: false, error: { code: 'untrusted-sender', message: connection.message } };
      if (!ws) {
        if (retryTimer) return NOT_CONNECTED;
        try {
          ws = await connect();
        } catch {
          return NOT_CONNECTED;
        }
      }
      const id = nextId++;
      return new Promise<Result<unknown>>((resolve) => {
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ id, call: name, request: request ?? {} }));
      });
    },
    events: {
      subscribe(listener) {
        listeners.add(listener);
        // Hearing the close promptly is what lets the window say "Paddock went away" within 2 s.
        void connect().catch(() => undefined);
        return () => listeners.delete(listener);
      },
    },
  };
  return bridge;
}

const bridge: Bridge = window.paddock ?? createSocketBridge();

export class CallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Questions asked as the window starts, before the stores exist (boot.ts): each answer is taken
 * once, by the first call with the same name and request, so the stores' start asks nothing twice.
 */
const askedEarly = new Map<string, Promise<Result<unknown>>>();
const earlyKey = (name: string, request: unknown): string => `${name} ${JSON.stringify(request)}`;

/** Asks now; the first `call` of the same question takes this answer instead of asking again. */
export function askEarly<K extends CallName>(name: K, request: RequestOf<K>): Promise<Result<ResponseOf<K>>> {
  const asked = bridge.call(name, request);
  askedEarly.set(earlyKey(name, request), asked);
  return asked as Promise<Result<ResponseOf<K>>>;
}

/** Calls the core; resolves with the value or rejects with a CallError carrying the core's sentence. */
export async function call<K extends CallName>(name: K, request: RequestOf<K>): Promise<ResponseOf<K>> {
  const key = earlyKey(name, request);
  const early = askedEarly.get(key);
  if (early) askedEarly.delete(key);
  const result = await (early ?? bridge.call(name, request));
  if (!result.ok) throw new CallError(result.error.code, result.error.message);
  return result.value as ResponseOf<K>;
}

/** Events heard between the first early question and the window's own subscription. */
let held: { events: PaddockEvent[]; stop(): void } | null = null;

/**
 * Holds the core's events from now until the window subscribes: an answer asked early may be
 * older than an event that arrives before the stores listen, and the event must still reach them.
 */
export function holdEvents(): void {
  if (held) return;
  const events: PaddockEvent[] = [];
  held = { events, stop: bridge.events.subscribe((event) => events.push(event)) };
}

/** Follows the core's events; the first subscriber also hears, first, what was held since the start. */
export function subscribe(listener: (event: PaddockEvent) => void): () => void {
  const unsubscribe = bridge.events.subscribe(listener);
  if (held) {
    const { events, stop } = held;
    held = null;
    stop();
    for (const event of events) listener(event);
  }
  return unsubscribe;
}

export const hostKind = bridge.host;

/** Follows the link to the core; the listener hears the current state at once. The Electron window's core is in-process: always connected. */
export function onConnection(listener: (state: ConnectionState) => void): () => void {
  if (hostKind === 'electron') {
    listener({ status: 'connected' });
    return () => undefined;
  }
  connectionListeners.add(listener);
  listener(connection);
  return () => connectionListeners.delete(listener);
}

/**
 * Resolves once the link to the core is no longer being opened (connected, refused or lost), or
 * after `atMostMs`: the window's start waits for it before evaluating React, so that the socket's
 * open is not held behind that evaluation and the first questions reach the core while it runs.
 */
export function whenLinkSettles(atMostMs: number): Promise<void> {
  return new Promise((resolve) => {
    // onConnection tells the current state at once: the listener may settle before `stop` is known.
    let settled = false;
    let stop: (() => void) | null = null;
    const done = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stop?.();
      resolve();
    };
    const timer = setTimeout(done, atMostMs);
    stop = onConnection((state) => {
      if (state.status !== 'connecting') done();
    });
    if (settled) stop();
  });
}
