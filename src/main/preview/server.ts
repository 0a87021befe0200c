// The preview listeners (SPEC §9, seed 003 §12, issue 14 §1): one listener on 127.0.0.1 per preview,
// opened when the window first asks for it, so each preview is an origin of its own (its own port):
// one process's page can never read another's, and none is ever the window's origin.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createAbsoluteAssetMemory } from './assetMemory';
import { cookieName } from './headers';
import { createPortResolver } from './ports';
import { answerBodyless, proxyHttp, proxyUpgrade, refuseUpgrade, type ProxyTarget } from './proxy';
import { frameAncestors, isCrossOriginRequest, isOwnHost, parsePreviewRoute } from './route';
import { createConnectionSessions } from './connectionSessions';
import { createPreviewCredentials, SESSION_TTL_MS } from './tickets';
import {
  PREVIEW_NAME,
  previewPrefix,
  type ListeningSocketsOf,
  type PortResolution,
  type PreviewCheck,
  type RunningProcessLookup,
  type SandboxBridge,
} from './types';

export interface PreviewServerOptions {
  lookup: RunningProcessLookup;
  /** Paddock's other listeners (the window's); the previews' own ports are added automatically. */
  ownPorts(): number[];
  host?: '127.0.0.1';
  /** The clock for tickets and sessions (tests inject one). */
  now?: () => number;
  /** Defaults to the platform's (/proc on Linux, lsof on macOS). */
  listeningSockets?: ListeningSocketsOf;
  /** The bridge into a sandbox's network namespace, for processes that listen inside one. */
  bridge?: SandboxBridge;
  /** Extra exact Host values to accept (e.g. the tailnet name when the owner turned Tailscale on). */
  extraHosts?(): string[];
  /** A request that came through the owner's Tailscale route: the process it is for, by Host, or null. */
  tailnetRoute?(host: string | undefined): string | null;
}

export interface PreviewServer {
  /** The port of the listener that serves agentId's process `name` (opened on first use, kept while Paddock runs). */
  portFor(agentId: string, name: string): Promise<number>;
  /** The clean preview URL of a process (useless without the cookie). */
  url(agentId: string, name: string): Promise<string>;
  /** A full URL carrying a fresh single-use, five-minute ticket (for the window only, never the model). */
  issueTicket(agentId: string, name: string): Promise<string>;
  /** Whether `url` is on one of the previews' origins (Electron sends those to the owner's browser). */
  isPreviewUrl(url: string): boolean;
  /** What the proxy saw on the process's first HTML response. */
  check(name: string): PreviewCheck;
  /** Like check, but asks the app for `/` itself when no HTML response has been seen yet. */
  inspect(name: string): Promise<PreviewCheck>;
  /** The port resolution every request goes through (for the preview and screenshot tools). */
  resolve(name: string, port?: number): Promise<PortResolution>;
  close(): Promise<void>;
}

/** Bounds the listeners whatever the agents start: past this, the longest-unused one whose process is gone closes. */
const MAX_LISTENERS = 64;

/** The one preview a listener serves: a process name of one agent. */
interface Bound {
  agentId: string;
  name: string;
  /** Tickets and sessions are scoped to this (agent and name), not to the name alone. */
  scope: string;
  port: number;
}

interface Listener extends Bound {
  server: http.Server;
  upgraded: Set<Duplex>;
  usedAt: number;
}

export async function startPreviewServer(options: PreviewServerOptions): Promise<PreviewServer> {
  const host = options.host ?? '127.0.0.1';
  const credentials = createPreviewCredentials(options.now);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 });
  const listeners = new Map<string, Promise<Listener>>();
  const byPort = new Map<number, Listener>();
  let closed = false;
  let uses = 0;
  const resolve = createPortResolver({
    lookup: options.lookup,
    ownPorts: () => [...options.ownPorts(), ...byPort.keys()],
    listeningSockets: options.listeningSockets,
    bridge: options.bridge,
  });
  const assets = createAbsoluteAssetMemory(options.lookup, resolve);

  const sessions = createConnectionSessions(credentials);
  /** Who may frame a preview: the window's listeners (read again when their list changes). */
  let framing = { ports: '', policy: frameAncestors([]) };
  const framePolicy = (): string => {
    const ports = options.ownPorts();
    const key = ports.join(',');
    if (key !== framing.ports) framing = { ports: key, policy: frameAncestors(ports) };
    return framing.policy;
  };

  /** Where a gate that passed sends the request: the resolved port of the bound process, or 502. */
  const passed = (
    bound: Bound,
    resolved: PortResolution,
    route: { name: string; prefix: string; path: string },
    previewOrigin: string,
  ): Gate => {
    // The name is another agent's process now: not this listener's preview.
    if (!resolved.ok || resolved.agentId !== bound.agentId) return { ok: false, status: 502 };
    const targetHost = resolved.host === '::1' ? `[::1]:${resolved.port}` : `127.0.0.1:${resolved.port}`;
    return {
      ok: true,
      pid: resolved.pid,
      target: {
        name: route.name,
        prefix: route.prefix,
        path: route.path,
        host: resolved.host,
        port: resolved.port,
        targetHost,
        previewOrigin,
        framePolicy: framePolicy(),
      },
    };
  };

  /**
   * Host, path, origin, ticket and cookie: the same gate for requests and upgrades. It answers at once
   * when the process's port is already known (most requests), and as a promise when it must be read.
   */
  type Gate =
    { ok: true; target: ProxyTarget; pid: number } | { ok: false; status: number; headers?: http.OutgoingHttpHeaders };
  const gate = (bound: Bound, req: http.IncomingMessage, upgrade: boolean): Gate | Promise<Gate> => {
    const routed = options.tailnetRoute?.(req.headers.host) ?? null;
    if (routed !== null) return routed === bound.name ? tailnetGate(bound, req) : { ok: false, status: 421 };
    if (!isOwnHost(req.headers.host, bound.port, options.extraHosts?.() ?? [])) return { ok: false, status: 421 };
    const route = parsePreviewRoute(req.url);
    if (route.kind === 'none') return { ok: false, status: 404 };
    if (route.name !== bound.name) return { ok: false, status: 404 };
    if (route.kind === 'slash') return { ok: false, status: 302, headers: { location: route.location } };
    const previewOrigin = `http://${req.headers.host}`;
    // Another origin's page (another preview, the window) may navigate here but never fetch, embed or open a socket.
    if (isCrossOriginRequest(req.headers, previewOrigin, upgrade, req.method)) return { ok: false, status: 403 };
    if (route.ticket !== null && !upgrade) {
      const session = credentials.redeemTicket(bound.scope, route.ticket);
      if (session === null) return { ok: false, status: 401 };
      const cookie = [
        `${cookieName(bound.port)}=${session}`,
        'HttpOnly',
        'SameSite=Lax',
        `Path=${route.prefix}`,
        `Max-Age=${SESSION_TTL_MS / 1000}`,
      ].join('; ');
      return { ok: false, status: 302, headers: { 'set-cookie': cookie, location: route.cleanUrl } };
    }
    if (!sessions.holds(bound.scope, bound.port, req, upgrade)) return { ok: false, status: 401 };
    const held = resolve.held(route.name);
    if (held !== undefined) return passed(bound, held, route, previewOrigin);
    return resolve(route.name).then((resolved) => passed(bound, resolved, route, previewOrigin));
  };

  /**
   * Through the owner's Tailscale route (seed 003 §12): "a clean https://<host>:<port> guarded by the
   * tailnet alone" — the route's own process at the root, no ticket; the port is still resolved and
   * checked against that process on every request.
   */
  const tailnetGate = async (bound: Bound, req: http.IncomingMessage): Promise<Gate> => {
    const rawPath = req.url ?? '/';
    if (!rawPath.startsWith('/')) return { ok: false, status: 404 };
    return passed(
      bound,
      await resolve(bound.name),
      { name: bound.name, prefix: '/', path: rawPath },
      `https://${req.headers.host}`,
    );
  };

  const serve = (bound: Bound, upgraded: Set<Duplex>): http.Server => {
    const forward = (req: http.IncomingMessage, res: http.ServerResponse, decision: Gate): void => {
      if (!decision.ok) return answerBodyless(res, decision.status, decision.headers);
      const scan = assets.wantsScan(decision.target.name, decision.pid);
      proxyHttp(req, res, decision.target, {
        agent,
        identityEncoding: scan,
        onHtml: scan ? (body) => assets.scan(decision.target.name, decision.pid, body) : undefined,
      });
    };
    // Answered in this tick when the gate can (no promise, no closure per request); a throw is a 500, never a crash.
    const server = http.createServer((req, res) => {
      try {
        const decision = gate(bound, req, false);
        if (!(decision instanceof Promise)) return forward(req, res, decision);
        decision.then((later) => forward(req, res, later)).catch(() => answerBodyless(res, 500));
      } catch {
        answerBodyless(res, 500);
      }
    });
    server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
      upgraded.add(socket);
      socket.once('close', () => upgraded.delete(socket));
      socket.on('error', () => socket.destroy());
      Promise.resolve()
        .then(() => gate(bound, req, true))
        .then(
          (decision) => {
            if (decision.ok) return proxyUpgrade(req, socket, head, decision.target);
            const text =
              decision.status === 421 ? 'Misdirected Request' : decision.status === 401 ? 'Unauthorized' : 'Refused';
            refuseUpgrade(socket, decision.status, text);
          },
          () => socket.destroy(),
        );
    });
    server.on('clientError', (_err, socket: Duplex) => socket.destroy());
    return server;
  };

  const shut = async (listener: Listener): Promise<void> => {
    byPort.delete(listener.port);
    for (const socket of listener.upgraded) socket.destroy();
    listener.server.closeAllConnections();
    await new Promise<void>((done) => listener.server.close(() => done()));
  };

  /** Past MAX_LISTENERS, the longest-unused listener whose process is not running any more is closed. */
  const evictOne = async (): Promise<void> => {
    const idle = [...byPort.values()]
      .filter((l) => options.lookup.findRunning(l.name)?.agentId !== l.agentId)
      .sort((a, b) => a.usedAt - b.usedAt)[0];
    if (idle === undefined) return;
    listeners.delete(idle.scope);
    await shut(idle);
  };

  const open = async (agentId: string, name: string, scope: string): Promise<Listener> => {
    if (byPort.size >= MAX_LISTENERS) await evictOne();
    const upgraded = new Set<Duplex>();
    const bound: Bound = { agentId, name, scope, port: 0 };
    const server = serve(bound, upgraded);
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(0, host, () => {
        server.off('error', fail);
        done();
      });
    });
    bound.port = (server.address() as AddressInfo).port;
    const listener: Listener = Object.assign(bound, { server, upgraded, usedAt: ++uses });
    byPort.set(listener.port, listener);
    return listener;
  };

  const listenerFor = async (agentId: string, name: string): Promise<Listener> => {
    if (closed) throw new Error('refused: the preview listeners are closed');
    if (!PREVIEW_NAME.test(name)) throw new Error(`refused: "${name}" is not a process name a preview can carry`);
    const scope = `${agentId}/${name}`;
    let listener = listeners.get(scope);
    if (listener === undefined) {
      listener = open(agentId, name, scope);
      listeners.set(scope, listener);
      listener.catch(() => listeners.delete(scope));
    }
    const ready = await listener;
    ready.usedAt = ++uses;
    return ready;
  };

  const base = (listener: Listener): string => `http://${host}:${listener.port}${previewPrefix(listener.name)}`;

  return {
    portFor: async (agentId, name) => (await listenerFor(agentId, name)).port,
    url: async (agentId, name) => base(await listenerFor(agentId, name)),
    issueTicket: async (agentId, name) => {
      const listener = await listenerFor(agentId, name);
      return `${base(listener)}?ticket=${credentials.issueTicket(listener.scope)}`;
    },
    isPreviewUrl: (url) => {
      try {
        const parsed = new URL(url);
        return (
          parsed.protocol === 'http:' &&
          (parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost') &&
          byPort.has(Number(parsed.port))
        );
      } catch {
        return false;
      }
    },
    check: (name) => assets.check(name),
    inspect: (name) => assets.inspect(name),
    resolve,
    close: async () => {
      closed = true;
      const opened = await Promise.allSettled([...listeners.values()]);
      listeners.clear();
      agent.destroy();
      await Promise.all(opened.flatMap((r) => (r.status === 'fulfilled' ? [shut(r.value)] : [])));
    },
  };
}
