// The only file that touches window.paddock. In Electron the preload provides it; in the web host
// the same domain methods are carried over one WebSocket to the same core.
import { CALL_NAMES, type CallName, type PaddockEvent, type RequestOf, type ResponseOf, type Result } from '../../shared/ipc';

type Method = (request?: unknown) => Promise<Result<unknown>>;
interface Bridge {
  host: 'electron' | 'web';
  events: { subscribe(listener: (event: PaddockEvent) => void): () => void };
  [domain: string]: unknown;
}

/**
 * The window's link to the core. `unauthorised`: the core answers but refuses this tab (it was
 * restarted with a new secret); reconnecting will not help until the owner opens its new address.
 */
export type ConnectionState =
  | { status: 'connected' }
  | { status: 'connecting' }
  | { status: 'disconnected'; since: number; retryAt: number }
  | { status: 'unauthorised' };

/** Reconnect delays: quick at first, then at most every 10 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(10_000, 500 * 2 ** Math.max(0, attempt));
}

declare global {
  interface Window {
    paddock?: Bridge;
  }
}

const connectionListeners = new Set<(state: ConnectionState) => void>();
let connection: ConnectionState = { status: 'connecting' };

function setConnection(state: ConnectionState): void {
  connection = state;
  for (const listener of connectionListeners) listener(state);
}

/** True when the server answers a plain request with 401: it runs, but this tab's key is stale. */
async function refusedAsUnauthorised(): Promise<boolean> {
  try {
    const response = await fetch(location.pathname, { cache: 'no-store', credentials: 'same-origin', redirect: 'manual' });
    return response.status === 401;
  } catch {
    return false;
  }
}

const NOT_CONNECTED: Result<unknown> = {
  ok: false,
  error: { code: 'internal', message: 'Paddock is not connected: the window is trying to reach it again' },
};

function createSocketBridge(): Bridge {
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

  function connect(): Promise<WebSocket> {
    if (ready) return ready;
    ready = new Promise((resolve, reject) => {
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(`${scheme}://${location.host}/api`);
      let opened = false;
      ws.onopen = () => {
        opened = true;
        failures = 0;
        socket = ws;
        setConnection({ status: 'connected' });
        resolve(ws);
      };
      ws.onerror = () => reject(new Error('cannot reach Paddock: is `paddock serve` still running?'));
      ws.onclose = () => {
        socket = null;
        ready = null;
        for (const [id, settle] of waiting) {
          settle({ ok: false, error: { code: 'internal', message: 'the connection to Paddock closed' } });
          waiting.delete(id);
        }
        reject(new Error('the connection to Paddock closed'));
        // A refusal at the door is not a network fault: retrying with the same stale key cannot work.
        if (!opened) {
          void refusedAsUnauthorised().then((refused) => (refused ? setConnection({ status: 'unauthorised' }) : scheduleReconnect()));
        } else {
          scheduleReconnect();
        }
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
        // Hearing the close promptly is what lets the window say "Paddock went away" within 2 s.
        void connect().catch(() => undefined);
        return () => listeners.delete(listener);
      },
    },
  };
  for (const name of CALL_NAMES) {
    const [domain, method] = name.split('.') as [string, string];
    const methods = (bridge[domain] ??= {}) as Record<string, Method>;
    methods[method] = async (request?: unknown) => {
      let ws = socket;
      if (!ws) {
        if (retryTimer || connection.status === 'unauthorised') return NOT_CONNECTED;
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
    };
  }
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
