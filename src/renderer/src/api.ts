// The only file that touches window.paddock. In Electron the preload provides it; in the web host
// the same domain methods are carried over one WebSocket to the same core.
import { CALL_NAMES, type CallName, type PaddockEvent, type RequestOf, type ResponseOf, type Result } from '../../shared/ipc';

type Method = (request?: unknown) => Promise<Result<unknown>>;
interface Bridge {
  host: 'electron' | 'web';
  events: { subscribe(listener: (event: PaddockEvent) => void): () => void };
  [domain: string]: unknown;
}

declare global {
  interface Window {
    paddock?: Bridge;
  }
}

/**
 * The web host's connection, for the window to show (issue 14 §1, issue 17 §1):
 * - `refused`: the core is up but did not accept this page's key. `why: 'restarted'`: the page had a
 *   token and the core refused it (a restart of `paddock serve` makes a new one); `why: 'no-token'`:
 *   the page was opened without the printed address. `message` is the sentence to show. The bridge
 *   does not retry: only opening the new address helps.
 * - `lost`: the socket closed or could not open; the bridge retries every second.
 * In Electron the state is always `open`.
 */
export type ConnectionState =
  | { kind: 'connecting' }
  | { kind: 'open' }
  | { kind: 'lost' }
  | { kind: 'refused'; why: 'restarted' | 'no-token'; message: string };

/** Must match the server's (src/main/host/web/auth.ts): the page cannot import from main. */
const API_PROTOCOL = 'paddock.v1';
const TOKEN_PROTOCOL_PREFIX = 'paddock.token.';
const TOKEN_FRAGMENT = 'paddock-token';
const AUTH_FAILED_CLOSE = 4401;
const TOKEN_STORAGE_KEY = 'paddock.token';
const RESTARTED_MESSAGE = 'Paddock restarted, so this page’s key is no longer valid. Open the new address printed in the terminal.';
const NO_TOKEN_MESSAGE = 'This page was opened without its key. Open the address `paddock serve` printed in the terminal.';

/**
 * The launch token, never in a cookie (a browser sends cookies to every port on 127.0.0.1): the
 * login redirect puts it in the fragment; it is moved to sessionStorage, which only this origin
 * (port included) can read and which survives a reload, and the address bar is cleaned.
 */
function takeToken(): string | null {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const fresh = fragment.get(TOKEN_FRAGMENT);
  if (fresh !== null) {
    fragment.delete(TOKEN_FRAGMENT);
    const rest = fragment.toString();
    history.replaceState(history.state, '', location.pathname + location.search + (rest.length > 0 ? `#${rest}` : ''));
    if (/^[\w-]{16,200}$/.test(fresh)) {
      try {
        sessionStorage.setItem(TOKEN_STORAGE_KEY, fresh);
      } catch {
        return fresh;
      }
      return fresh;
    }
  }
  try {
    return sessionStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function createSocketBridge(onState: (state: ConnectionState) => void): Bridge {
  const token = takeToken();
  const listeners = new Set<(event: PaddockEvent) => void>();
  const waiting = new Map<number, (result: Result<unknown>) => void>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let ready: Promise<WebSocket> | null = null;

  let refused: Extract<ConnectionState, { kind: 'refused' }> | null = token === null ? { kind: 'refused', why: 'no-token', message: NO_TOKEN_MESSAGE } : null;
  if (refused) onState(refused);

  function connect(): Promise<WebSocket> {
    if (refused) return Promise.reject(new Error(refused.message));
    if (ready) return ready;
    onState({ kind: 'connecting' });
    ready = new Promise((resolve, reject) => {
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(`${scheme}://${location.host}/api`, [API_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}${token ?? ''}`]);
      ws.onopen = () => {
        socket = ws;
        onState({ kind: 'open' });
        resolve(ws);
      };
      ws.onerror = () => reject(new Error('cannot reach Paddock: is `paddock serve` still running?'));
      ws.onclose = (closed) => {
        socket = null;
        ready = null;
        if (closed.code === AUTH_FAILED_CLOSE) refused = { kind: 'refused', why: 'restarted', message: RESTARTED_MESSAGE };
        reject(new Error(refused?.message ?? 'the connection to Paddock closed'));
        for (const [id, settle] of waiting) {
          settle({ ok: false, error: { code: refused ? 'untrusted-sender' : 'internal', message: refused?.message ?? 'the connection to Paddock closed' } });
          waiting.delete(id);
        }
        if (refused) return onState(refused);
        onState({ kind: 'lost' });
        // Reconnect so events keep flowing after the core comes back.
        setTimeout(() => void connect().catch(() => undefined), 1000);
      };
      ws.onmessage = (message) => {
        const data = JSON.parse(String(message.data)) as { id?: number; result?: Result<unknown>; event?: PaddockEvent };
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
    events: {
      subscribe(listener) {
        listeners.add(listener);
        void connect().catch(() => undefined);
        return () => listeners.delete(listener);
      },
    },
  };
  for (const name of CALL_NAMES) {
    const [domain, method] = name.split('.') as [string, string];
    const methods = (bridge[domain] ??= {}) as Record<string, Method>;
    methods[method] = async (request?: unknown) => {
      if (refused) return { ok: false, error: { code: 'untrusted-sender', message: refused.message } };
      let ws: WebSocket;
      try {
        ws = socket ?? (await connect());
      } catch (error) {
        return { ok: false, error: { code: refused ? 'untrusted-sender' : 'internal', message: (error as Error).message } };
      }
      const id = nextId++;
      return new Promise<Result<unknown>>((resolve) => {
        waiting.set(id, resolve);
        ws.send(JSON.stringify({ id, call: name, request: request ?? {} }));
      });
    };
  }
  return bridge;
}

let connection: ConnectionState = window.paddock ? { kind: 'open' } : { kind: 'connecting' };
const connectionListeners = new Set<(state: ConnectionState) => void>();

const bridge: Bridge =
  window.paddock ??
  createSocketBridge((state) => {
    connection = state;
    for (const listener of connectionListeners) listener(state);
  });

/** The web host's connection state now (see ConnectionState). */
export function connectionState(): ConnectionState {
  return connection;
}

/** Called on every change of the connection state; returns the unsubscribe. */
export function onConnectionChange(listener: (state: ConnectionState) => void): () => void {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}

export class CallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Calls the core; resolves with the value or rejects with a CallError carrying the core's sentence. */
export async function call<K extends CallName>(name: K, request: RequestOf<K>): Promise<ResponseOf<K>> {
  const [domain, method] = name.split('.') as [string, string];
  const result = await ((bridge[domain] as Record<string, Method>)[method] as Method)(request);
  if (!result.ok) throw new CallError(result.error.code, result.error.message);
  return result.value as ResponseOf<K>;
}

export function subscribe(listener: (event: PaddockEvent) => void): () => void {
  return bridge.events.subscribe(listener);
}

export const hostKind = bridge.host;
