// The filtering network proxy (issue 13 §3). A contained process has no network of its own (a
// private network namespace); when the owner allows domains for its agent, its HTTP_PROXY and
// HTTPS_PROXY point at a socat inside the sandbox that forwards to this proxy's unix socket, bound
// into the sandbox. The proxy admits CONNECT (HTTPS and any TLS) and absolute-URI HTTP requests
// to allowed names on their allowed ports only (80 and 443 unless the owner named one), resolves
// the name itself and connects to the address it checked (no second lookup for DNS to rebind),
// and never to one of this machine's own addresses (its interfaces, the kernel's tables and the
// kernel asked: `hostNetwork.ts`), a neighbour on a network it is attached to, loopback, link-local
// or private ones: Paddock's own ports, any service bound to 0.0.0.0 and the owner's LAN stay out
// of reach whatever a name resolves to. A connection that turns out to have reached this machine
// anyway (its source address is its destination) is dropped before a byte passes. When the owner's list shrinks, what it no longer admits is
// closed, not left open until the client ends it.
import dns from 'node:dns/promises';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import {
  addressForbidden,
  admission,
  admissionRefusal,
  canonicalAddress,
  destinationsOf,
  domainAllowed,
  isLoopbackAddress,
  joinMachines,
  type MachineNetwork,
} from './domains';
import { createHostNetwork } from './hostNetwork';

export type ProxyDecision =
  | { host: string; port: number; allowed: true; address: string }
  | { host: string; port: number; allowed: false; reason: string };

export interface NetworkProxyOptions {
  socketPath: string;
  /** Read at every request: the owner's current list for this agent. */
  allowed(): readonly string[];
  /** Name → addresses; the system resolver unless a test maps a name. */
  resolve?(host: string): Promise<string[]>;
  /**
   * Tests only: loopback ports that may be reached (a local test server standing in for a
   * registry), on a loopback address only: never by this machine's other addresses. Production
   * passes nothing, so every loopback port is refused.
   */
  reachableLoopbackPorts?: ReadonlySet<number>;
  onDecision?(decision: ProxyDecision): void;
}

export interface NetworkProxy {
  readonly socketPath: string;
  /** Closes every open tunnel and plain-HTTP exchange whose host and port `allowed()` no longer admits. */
  closeNoLongerAllowed(): void;
  close(): Promise<void>;
}

/** One exchange in flight (a CONNECT tunnel, a plain-HTTP request and its answer) and how to end it. */
interface OpenExchange {
  host: string;
  port: number;
  close(): void;
}

const systemResolve = async (host: string): Promise<string[]> =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Splits `host:port` (IPv6 in brackets) as CONNECT gives it; null when it is not one. */
export function splitAuthority(authority: string, defaultPort: number): { host: string; port: number } | null {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/.exec(authority);
  if (!match) return null;
  const port = match[3] === undefined ? defaultPort : Number(match[3]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { host: (match[1] ?? match[2])!, port };
}

export function createNetworkProxy(options: NetworkProxyOptions): Promise<NetworkProxy> {
  const resolve = options.resolve ?? systemResolve;
  const loopbackPorts = options.reachableLoopbackPorts ?? new Set<number>();
  const hostNetwork = createHostNetwork();
  /** A test server's loopback port (never in production). */
  const exempt = (address: string, port: number): boolean => isLoopbackAddress(address) && loopbackPorts.has(port);

  /**
   * Connects to the checked address; drops the connection before anything is sent when it reached
   * this machine after all (an address that became local since the check): then the kernel chose the
   * destination itself, or a loopback address, as its source.
   */
  function connectUpstream(address: string, port: number): Promise<net.Socket> {
    return new Promise((resolveSocket, reject) => {
      const socket = net.connect({ host: address, port });
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        const [from, to] = [canonicalAddress(socket.localAddress ?? ''), canonicalAddress(socket.remoteAddress ?? '')];
        if (!exempt(address, port) && (from === null || from === to || isLoopbackAddress(from))) {
          socket.destroy();
          reject(new Error(`${address} is this machine`));
          return;
        }
        resolveSocket(socket);
      });
    });
  }

  async function decide(host: string, port: number): Promise<ProxyDecision> {
    const refuse = (reason: string): ProxyDecision => ({ host, port, allowed: false, reason });
    if (net.isIP(host)) return refuse('an address, not an allowed name');
    const admitted = admission(host, port, options.allowed());
    if (!admitted.admitted) return refuse(admissionRefusal(host, port, admitted.rule));
    let addresses: string[];
    try {
      addresses = await resolve(host);
    } catch {
      return refuse(`${host} does not resolve`);
    }
    // The machine as it is now (an interface that came up since start included), and the kernel asked of each destination.
    let machine: MachineNetwork;
    let local: Set<string>;
    try {
      [machine, local] = await Promise.all([
        hostNetwork.machine(),
        hostNetwork.localByKernel(addresses.flatMap(destinationsOf)),
      ]);
    } catch {
      return refuse(`this machine's network could not be read, so ${host} cannot be checked`);
    }
    const known = joinMachines(machine, {
      local: [...local].map((address) => ({ address, length: net.isIPv4(address) ? 32 : 128 })),
      onLink: [],
    });
    const usable = addresses.filter((address) => !addressForbidden(address, known) || exempt(address, port));
    if (usable.length === 0)
      return refuse(`${host} resolves to this machine or a private network, which the sandbox never reaches`);
    return { host, port, allowed: true, address: usable[0]! };
  }

  const open = new Set<OpenExchange>();
  /** Tracks an exchange until `endsWith` closes; `closeNoLongerAllowed` ends it if its host is removed meanwhile. */
  function track(host: string, port: number, close: () => void, endsWith: NodeJS.EventEmitter): void {
    const exchange = { host, port, close };
    open.add(exchange);
    endsWith.once('close', () => open.delete(exchange));
  }

  function report(decision: ProxyDecision): ProxyDecision {
    options.onDecision?.(decision);
    return decision;
  }

  const tunnels = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    // Plain HTTP through a proxy: the request line carries the absolute URI.
    let target: URL;
    try {
      target = new URL(request.url ?? '');
    } catch {
      response.writeHead(400).end('Paddock proxy: only absolute http:// URIs\n');
      return;
    }
    if (target.protocol !== 'http:') {
      response.writeHead(400).end('Paddock proxy: only http:// here; https goes through CONNECT\n');
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const port = target.port === '' ? 80 : Number(target.port);
    let upstream: http.ClientRequest | null = null;
    let ended = false;
    // The answer done or its client gone: nothing more goes upstream either.
    response.once('close', () => {
      ended = true;
      upstream?.destroy();
    });
    track(host, port, () => response.destroy(), response);
    void decide(host, port).then((decision) => {
      report(decision);
      if (ended) return;
      if (!decision.allowed) {
        response.writeHead(403, { 'content-type': 'text/plain' }).end(`Paddock refused: ${decision.reason}\n`);
        return;
      }
      const headers: http.OutgoingHttpHeaders = { ...request.headers, host: target.host };
      delete headers['proxy-connection'];
      delete headers['proxy-authorization'];
      const failed = () => {
        if (ended) return;
        if (!response.headersSent) response.writeHead(502).end('Paddock proxy: the server did not answer\n');
        else response.destroy();
      };
      connectUpstream(decision.address, port).then((socket) => {
        if (ended) {
          socket.destroy();
          return;
        }
        // Its own connection, the checked one: no agent, so no pooled socket outlives the exchange or is shared with another agent's proxy.
        upstream = http.request(
          {
            createConnection: () => socket,
            method: request.method,
            path: `${target.pathname}${target.search}`,
            headers,
          },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        upstream.on('error', failed);
        request.pipe(upstream);
      }, failed);
    });
  });

  server.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    client.on('error', () => undefined);
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    const authority = splitAuthority(request.url ?? '', 443);
    if (!authority) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    track(authority.host, authority.port, () => client.destroy(), client);
    void decide(authority.host, authority.port).then((decision) => {
      report(decision);
      // Gone while the name resolved: the client left, or the owner removed the domain.
      if (client.destroyed) return;
      if (!decision.allowed) {
        client.end(`HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\n\r\nPaddock refused: ${decision.reason}\n`);
        return;
      }
      connectUpstream(decision.address, authority.port).then(
        (upstream) => {
          upstream.on('error', () => client.destroy());
          client.on('close', () => upstream.destroy());
          if (client.destroyed) {
            upstream.destroy();
            return;
          }
          client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          if (head.length > 0) upstream.write(head);
          upstream.pipe(client);
          client.pipe(upstream);
        },
        () => client.destroy(),
      );
    });
  });

  return new Promise((resolvePromise, reject) => {
    fs.mkdirSync(path.dirname(options.socketPath), { recursive: true, mode: 0o700 });
    fs.rmSync(options.socketPath, { force: true });
    server.once('error', reject);
    server.listen(options.socketPath, () => {
      server.off('error', reject);
      resolvePromise({
        socketPath: options.socketPath,
        closeNoLongerAllowed: () => {
          const allowed = options.allowed();
          for (const exchange of open) if (!domainAllowed(exchange.host, exchange.port, allowed)) exchange.close();
        },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            for (const tunnel of tunnels) tunnel.destroy();
            server.close(() => done());
            fs.rmSync(options.socketPath, { force: true });
          }),
      });
    });
  });
}
