// The preview listener (SPEC §9, seed 003 §12): a second HTTP listener on 127.0.0.1, never the
// window's origin, so a page of the agent's making never runs beside the window's own session.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createAbsoluteAssetMemory } from './assetMemory';
import { cookieName, cookieValues } from './headers';
import { createPortResolver } from './ports';
import { answerBodyless, proxyHttp, proxyUpgrade, refuseUpgrade, type ProxyTarget } from './proxy';
import { isOwnHost, parsePreviewRoute } from './route';
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
  /** Paddock's other listeners (the window's); the preview's own port is added automatically. */
  ownPorts(): number[];
  host?: '127.0.0.1';
  /** 0 (default): any free port. */
  port?: number;
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
  port: number;
  /** The clean preview URL of a process (useless without the cookie). */
  url(name: string): string;
  /** A full URL carrying a fresh single-use, five-minute ticket (for the window only, never the model). */
  issueTicket(name: string): string;
  /** What the proxy saw on the process's first HTML response. */
  check(name: string): PreviewCheck;
  /** Like check, but asks the app for `/` itself when no HTML response has been seen yet. */
  inspect(name: string): Promise<PreviewCheck>;
  /** The port resolution every request goes through (for the preview and screenshot tools). */
  resolve(name: string, port?: number): Promise<PortResolution>;
  close(): Promise<void>;
}

export async function startPreviewServer(options: PreviewServerOptions): Promise<PreviewServer> {
  const host = options.host ?? '127.0.0.1';
  const credentials = createPreviewCredentials(options.now);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 });
  const upgraded = new Set<Duplex>();
  let ownPort = 0;
  const resolve = createPortResolver({
    lookup: options.lookup,
    ownPorts: () => [...options.ownPorts(), ownPort],
    listeningSockets: options.listeningSockets,
    bridge: options.bridge,
  });
  const assets = createAbsoluteAssetMemory(options.lookup, resolve);

  /** Host, path, ticket and cookie: the same gate for requests and upgrades. */
  type Gate = { ok: true; target: ProxyTarget; pid: number } | { ok: false; status: number; headers?: http.OutgoingHttpHeaders };
  const gate = async (req: http.IncomingMessage, upgrade: boolean): Promise<Gate> => {
    const routed = options.tailnetRoute?.(req.headers.host) ?? null;
    if (routed !== null) return tailnetGate(req, routed);
    if (!isOwnHost(req.headers.host, ownPort, options.extraHosts?.() ?? [])) return { ok: false, status: 421 };
    const route = parsePreviewRoute(req.url);
    if (route.kind === 'none') return { ok: false, status: 404 };
    if (route.kind === 'slash') return { ok: false, status: 302, headers: { location: route.location } };
    if (route.ticket !== null && !upgrade) {
      const session = credentials.redeemTicket(route.name, route.ticket);
      if (session === null) return { ok: false, status: 401 };
      const cookie = [
        `${cookieName(route.name)}=${session}`,
        'HttpOnly',
        'SameSite=Lax',
        `Path=${route.prefix}`,
        `Max-Age=${SESSION_TTL_MS / 1000}`,
      ].join('; ');
      return { ok: false, status: 302, headers: { 'set-cookie': cookie, location: route.cleanUrl } };
    }
    const offered = cookieValues(req.headers.cookie, cookieName(route.name));
    if (!credentials.hasSession(route.name, offered)) return { ok: false, status: 401 };
    const resolved = await resolve(route.name);
    if (!resolved.ok) return { ok: false, status: 502 };
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
        previewOrigin: `http://${req.headers.host}`,
      },
    };
  };

  /**
   * Through the owner's Tailscale route (seed 003 §12): "a clean https://<host>:<port> guarded by the
   * tailnet alone" — the route's own process at the root, no ticket; the port is still resolved and
   * checked against that process on every request.
   */
  const tailnetGate = async (req: http.IncomingMessage, name: string): Promise<Gate> => {
    const rawPath = req.url ?? '/';
    if (!rawPath.startsWith('/')) return { ok: false, status: 404 };
    const resolved = await resolve(name);
    if (!resolved.ok) return { ok: false, status: 502 };
    const targetHost = resolved.host === '::1' ? `[::1]:${resolved.port}` : `127.0.0.1:${resolved.port}`;
    return {
      ok: true,
      pid: resolved.pid,
      target: { name, prefix: '/', path: rawPath, host: resolved.host, port: resolved.port, targetHost, previewOrigin: `https://${req.headers.host}` },
    };
  };

  const server = http.createServer((req, res) => {
    gate(req, false).then(
      (decision) => {
        if (!decision.ok) return answerBodyless(res, decision.status, decision.headers);
        const scan = assets.wantsScan(decision.target.name, decision.pid);
        proxyHttp(req, res, decision.target, {
          agent,
          identityEncoding: scan,
          onHtml: scan ? (body) => assets.scan(decision.target.name, decision.pid, body) : undefined,
        });
      },
      () => answerBodyless(res, 500),
    );
  });

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    socket.on('error', () => socket.destroy());
    gate(req, true).then(
      (decision) => {
        if (decision.ok) return proxyUpgrade(req, socket, head, decision.target);
        const text = decision.status === 421 ? 'Misdirected Request' : decision.status === 401 ? 'Unauthorized' : 'Refused';
        refuseUpgrade(socket, decision.status, text);
      },
      () => socket.destroy(),
    );
  });
  server.on('clientError', (_err, socket: Duplex) => socket.destroy());

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', fail);
      done();
    });
  });
  ownPort = (server.address() as AddressInfo).port;
  const base = `http://${host}:${ownPort}`;

  const checkedName = (name: string): string => {
    if (!PREVIEW_NAME.test(name)) throw new Error(`refused: "${name}" is not a process name a preview can carry`);
    return name;
  };

  return {
    port: ownPort,
    url: (name) => base + previewPrefix(checkedName(name)),
    issueTicket: (name) => `${base}${previewPrefix(checkedName(name))}?ticket=${credentials.issueTicket(name)}`,
    check: (name) => assets.check(name),
    inspect: (name) => assets.inspect(name),
    resolve,
    close: async () => {
      for (const socket of upgraded) socket.destroy();
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
