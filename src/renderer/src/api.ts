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

function createSocketBridge(): Bridge {
  const listeners = new Set<(event: PaddockEvent) => void>();
  const waiting = new Map<number, (result: Result<unknown>) => void>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let ready: Promise<WebSocket> | null = null;

  function connect(): Promise<WebSocket> {
    if (ready) return ready;
    ready = new Promise((resolve, reject) => {
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(`${scheme}://${location.host}/api`);
      ws.onopen = () => {
        socket = ws;
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
        // Reconnect so events keep flowing after a restart of the core.
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
      const ws = socket ?? (await connect());
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
