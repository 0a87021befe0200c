// The per-agent network allowlist, for real (issue 13 §3): a contained curl and node reach a local
// HTTP server only through Paddock's filtering proxy, only by an allowed name and port, and never
// one of this machine's other ports or addresses. The test maps its names to 127.0.0.1 in the
// proxy's resolver and admits its test servers' loopback ports, so no traffic leaves loopback;
// production admits no loopback port at all (the last cases check that rule with the same servers).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runBounded } from '../../../src/main/processes/spawn';
import type { ProxyDecision } from '../../../src/main/sandbox/netProxy';
import { createSandbox, type Sandbox } from '../../../src/main/sandbox/sandbox';
import { sandboxStatus } from '../../support/sandbox';
import type { NetnsProxyConfig } from '../../support/netnsProxy';
import { createTempDirs } from '../../support/tempDirs';

const status = sandboxStatus();
const temp = createTempDirs('paddock-net-');
const CURL = ['/usr/bin/curl', '/bin/curl'].find((file) => fs.existsSync(file));
const SOCAT = ['/usr/bin/socat', '/usr/local/bin/socat'].find((file) => fs.existsSync(file));
const NAMES = new Set([
  'registry.test',
  'paddock.test',
  'other.test',
  'ssh.test',
  'tunnel.test',
  'stay.test',
  'hold.test',
]);
/** A non-loopback address of this machine's own interfaces (eth0's), when it has one. */
const OWN_ADDRESS = Object.values(os.networkInterfaces())
  .flat()
  .find((info) => info?.family === 'IPv4' && !info.internal)?.address;
const servers: (http.Server | net.Server)[] = [];
const decisions: ProxyDecision[] = [];
/** The raw TCP connections the tunnel server accepted, and the lines each sent. */
const tunnelConnections: { socket: net.Socket; received: string; closed: boolean }[] = [];
/** The plain-HTTP requests the hold server answers with a body it never ends. */
const heldResponses: { closed: boolean }[] = [];
let registryPort = 0;
let paddockPort = 0;
let sshPort = 0;
let tunnelPort = 0;
let holdPort = 0;
let ownPort = 0;
let workspace = '';
let home = '';
let dataDir = '';
let sandbox: Sandbox;

function listen(server: http.Server | net.Server, host = '127.0.0.1'): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, host, () => resolve((server.address() as { port: number }).port)));
}

function serve(body: string, host = '127.0.0.1'): Promise<number> {
  return listen(
    http.createServer((request, response) =>
      response.end(`${body} ${request.method} ${request.url} host=${request.headers.host}\n`),
    ),
    host,
  );
}

/** Polls until `ready()` holds (the generous bound is the only limit; nothing here times a step). */
async function until(ready: () => boolean, what: string, boundMs = 20_000): Promise<void> {
  const end = Date.now() + boundMs;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  registryPort = await serve('registry');
  paddockPort = await serve('paddock');
  // An SSH server's greeting: raw TCP, which a bare allowed name must not reach.
  sshPort = await listen(net.createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6 paddock-test\r\n')));
  tunnelPort = await listen(
    net.createServer((socket) => {
      const connection = { socket, received: '', closed: false };
      tunnelConnections.push(connection);
      socket.on('data', (chunk) => (connection.received += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => (connection.closed = true));
      socket.write('hello\n');
    }),
  );
  holdPort = await listen(
    http.createServer((_request, response) => {
      const held = { closed: false };
      heldResponses.push(held);
      response.on('close', () => (held.closed = true));
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('first part\n');
    }),
  );
  // A service bound to every address: reachable on this machine's own eth0 address too.
  if (OWN_ADDRESS) ownPort = await serve('own', '0.0.0.0');
  workspace = temp.make();
  home = temp.make();
  dataDir = temp.make();
  sandbox = createSandbox({
    status,
    home,
    dataDir,
    proxyResolve: async (host) => {
      if (host === 'own.test' && OWN_ADDRESS) return [OWN_ADDRESS];
      if (!NAMES.has(host)) throw new Error('no such name in this test');
      return ['127.0.0.1'];
    },
    // The own-address server's port too: the loopback exemption must not reach it by another address.
    proxyLoopbackPorts: new Set([registryPort, sshPort, tunnelPort, holdPort, ownPort]),
    onProxyDecision: (_agent, decision) => decisions.push(decision),
  });
});

afterAll(async () => {
  await sandbox.close();
  for (const { socket } of tunnelConnections) socket.destroy();
  for (const server of servers) {
    if (server instanceof http.Server) server.closeAllConnections();
    server.close();
  }
  temp.cleanup();
});

function start(agentId: string, allowedDomains: string[], program: string, args: string[], timeoutMs = 30_000) {
  return runBounded({
    program,
    args,
    cwd: workspace,
    env: { PATH: '/usr/bin:/bin', HOME: home },
    timeoutMs,
    wrap: sandbox.wrapperFor({ agentId, workspace, allowedDomains }),
    purpose: 'run',
  });
}

async function contained(agentId: string, allowedDomains: string[], program: string, args: string[]) {
  const result = await start(agentId, allowedDomains, program, args);
  return { code: result.exitCode, output: result.output };
}

/** The registry test server's entry: its name with its (non-standard) port. */
const registry = () => [`registry.test:${registryPort}`];

/**
 * A contained client that opens `CONNECT <target>` through HTTP_PROXY and prints what comes back.
 * It answers the tunnel server's `hello` with `ping`, its `still` with `pong` (then ends), and
 * says `tunnel closed` when the tunnel closes.
 */
function connectClient(): string {
  const file = path.join(workspace, 'connect.cjs');
  fs.writeFileSync(
    file,
    [
      "const net = require('node:net');",
      'const proxy = new URL(process.env.HTTP_PROXY);',
      'const target = process.argv[2];',
      'const socket = net.connect(Number(proxy.port), proxy.hostname, () => socket.write(`CONNECT ${target} HTTP/1.1\\r\\nhost: ${target}\\r\\n\\r\\n`));',
      "let seen = '';",
      'let pinged = false;',
      "socket.on('data', (chunk) => {",
      '  seen += chunk;',
      '  process.stdout.write(chunk);',
      "  if (seen.includes('hello\\n') && !pinged) {",
      '    pinged = true;',
      "    socket.write('ping\\n');",
      '  }',
      "  if (seen.includes('still\\n')) socket.end('pong\\n');",
      '});',
      "socket.on('error', (error) => console.log('error', error.code));",
      "socket.on('close', () => console.log('tunnel closed'));",
    ].join('\n'),
  );
  return file;
}

describe.skipIf(!status.available || !CURL || !SOCAT)('allowed domains through the proxy', () => {
  it('curl reaches the allowed name over plain HTTP and through CONNECT', async () => {
    const plain = await contained('alice', registry(), CURL!, ['-sS', `http://registry.test:${registryPort}/lodash`]);
    expect(plain.output).toContain(`registry GET /lodash host=registry.test:${registryPort}`);
    expect(plain.code).toBe(0);
    const tunnel = await contained('alice', registry(), CURL!, [
      '-sS',
      '--proxytunnel',
      `http://registry.test:${registryPort}/tunnel`,
    ]);
    expect(tunnel.output).toContain('registry GET /tunnel');
    expect(decisions).toContainEqual({
      host: 'registry.test',
      port: registryPort,
      allowed: true,
      address: '127.0.0.1',
    });
  }, 60_000);

  it('a node program inside sends its request through HTTP_PROXY and gets the answer', async () => {
    const script = [
      "const http = require('node:http');",
      'const proxy = new URL(process.env.HTTP_PROXY);',
      `http.get({ host: proxy.hostname, port: proxy.port, path: 'http://registry.test:${registryPort}/from-node', headers: { host: 'registry.test:${registryPort}' } }, (res) => {`,
      "  let body = ''; res.on('data', (c) => (body += c)); res.on('end', () => console.log(res.statusCode, body.trim()));",
      "}).on('error', (e) => { console.log('error', e.code); process.exitCode = 1; });",
    ].join('\n');
    fs.writeFileSync(path.join(workspace, 'fetch.cjs'), script);
    const ran = await contained('alice', registry(), process.execPath, [path.join(workspace, 'fetch.cjs')]);
    expect(ran.output).toContain('200 registry GET /from-node');
  }, 60_000);

  it('a name not on the list is refused, over HTTP and CONNECT', async () => {
    const plain = await contained('alice', registry(), CURL!, [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      `http://other.test:${registryPort}/`,
    ]);
    expect(plain.output).toBe('403');
    const tunnel = await contained('alice', registry(), CURL!, [
      '-sS',
      '--proxytunnel',
      `http://other.test:${registryPort}/`,
    ]);
    expect(tunnel.code).not.toBe(0);
    expect(tunnel.output).toMatch(/CONNECT tunnel failed, response 403|403/);
    expect(tunnel.output).not.toContain('registry GET');
    expect(decisions).toContainEqual({
      host: 'other.test',
      port: registryPort,
      allowed: false,
      reason: `other.test is not on this agent's allowed domains (allow \`other.test:${registryPort}\` in Settings → Developer → Sandbox)`,
    });
  }, 60_000);

  it("an allowed name never reaches another loopback port (Paddock's own)", async () => {
    const allowed = [`paddock.test:${paddockPort}`];
    const ran = await contained('alice', allowed, CURL!, [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      `http://paddock.test:${paddockPort}/`,
    ]);
    expect(ran.output).toBe('403');
    const tunnel = await contained('alice', allowed, CURL!, [
      '-sS',
      '--proxytunnel',
      `http://paddock.test:${paddockPort}/`,
    ]);
    expect(tunnel.output).not.toContain('paddock GET');
    expect(decisions.filter((d) => d.host === 'paddock.test').every((d) => !d.allowed)).toBe(true);
  }, 60_000);

  it('an address instead of a name, and a direct connection around the proxy, fail', async () => {
    const literal = await contained('alice', registry(), CURL!, [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      `http://127.0.0.1:${registryPort}/`,
      '--noproxy',
      '',
    ]);
    expect(literal.output).toBe('403');
    const direct = await contained('alice', registry(), CURL!, [
      '-sS',
      '--noproxy',
      '*',
      `http://127.0.0.1:${registryPort}/`,
    ]);
    expect(direct.code).not.toBe(0);
    expect(direct.output).not.toContain('registry GET');
  }, 60_000);

  it('an agent with no allowed domain has no proxy and no network at all', async () => {
    const env = await contained('bob', [], '/usr/bin/env', []);
    expect(env.output).not.toContain('HTTP_PROXY');
    const ran = await contained('bob', [], CURL!, [
      '-sS',
      '-x',
      'http://127.0.0.1:31287',
      `http://registry.test:${registryPort}/`,
    ]);
    expect(ran.code).not.toBe(0);
    expect(ran.output).not.toContain('registry GET');
  }, 60_000);

  it('the owner removing a domain applies to the running proxy at the next request', async () => {
    const wrap = sandbox.wrapperFor({ agentId: 'carol', workspace, allowedDomains: registry() });
    sandbox.setAllowedDomains('carol', []);
    const result = await runBounded({
      program: CURL!,
      args: ['-sS', '-o', '/dev/null', '-w', '%{http_code}', `http://registry.test:${registryPort}/`],
      cwd: workspace,
      env: { PATH: '/usr/bin:/bin', HOME: home },
      timeoutMs: 30_000,
      wrap,
      purpose: 'run',
    });
    expect(result.output).toBe('403');
  }, 60_000);
});

describe.skipIf(!status.available || !CURL || !SOCAT)('the proxy without a test port', () => {
  it('refuses every loopback port, even for an allowed name that resolves there', async () => {
    const strict = createSandbox({ status, home, dataDir: temp.make(), proxyResolve: async () => ['127.0.0.1'] });
    try {
      const result = await runBounded({
        program: CURL!,
        args: ['-sS', '-o', '/dev/null', '-w', '%{http_code}', `http://registry.test:${registryPort}/`],
        cwd: workspace,
        env: { PATH: '/usr/bin:/bin', HOME: home },
        timeoutMs: 30_000,
        wrap: strict.wrapperFor({ agentId: 'dave', workspace, allowedDomains: registry() }),
        purpose: 'run',
      });
      expect(result.output).toBe('403');
    } finally {
      await strict.close();
    }
  }, 60_000);
});

describe.skipIf(!status.available || !CURL || !SOCAT)('ports: a bare name is web traffic only', () => {
  it('CONNECT to a bare allowed name on another port (an SSH server) gets 403 naming the port rule, not the greeting', async () => {
    const ran = await contained('alice', ['ssh.test'], process.execPath, [connectClient(), `ssh.test:${sshPort}`]);
    expect(ran.output).toContain('403 Forbidden');
    expect(ran.output).toContain(`allow \`ssh.test:${sshPort}\` in Settings → Developer → Sandbox`);
    expect(ran.output).not.toContain('SSH-2.0');
  }, 60_000);

  it('plain HTTP to a bare allowed name on another port gets the same 403', async () => {
    const ran = await contained('alice', ['registry.test'], CURL!, ['-sS', `http://registry.test:${registryPort}/`]);
    expect(ran.output).toContain(`Paddock refused: port ${registryPort} of registry.test is not allowed`);
    expect(ran.output).toContain(`allow \`registry.test:${registryPort}\``);
    expect(ran.output).not.toContain('registry GET');
  }, 60_000);

  it('an entry naming the port admits that port: the owner chose raw TCP there', async () => {
    const ran = await contained('alice', [`ssh.test:${sshPort}`], process.execPath, [
      connectClient(),
      `ssh.test:${sshPort}`,
    ]);
    expect(ran.output).toContain('200 Connection Established');
    expect(ran.output).toContain('SSH-2.0-OpenSSH_9.6 paddock-test');
  }, 60_000);
});

describe.skipIf(!status.available || !CURL || !SOCAT)("this machine's own addresses", () => {
  // A listener on 0.0.0.0 answers on eth0's address too; the address rule refused only loopback and private ranges.
  it.skipIf(!OWN_ADDRESS)(
    OWN_ADDRESS
      ? `an allowed name resolving to this machine's own ${OWN_ADDRESS} never reaches a service bound to 0.0.0.0, test port or not`
      : 'skipped: this machine has no non-loopback IPv4 address to point a name at',
    async () => {
      const reachable = await fetch(`http://${OWN_ADDRESS}:${ownPort}/direct`).then((answer) => answer.text());
      expect(reachable).toContain('own GET /direct');
      // The bare name too: before the port rule, it admitted every port.
      const allowed = ['own.test', `own.test:${ownPort}`];
      const plain = await contained('alice', allowed, CURL!, ['-sS', `http://own.test:${ownPort}/plain`]);
      expect(plain.output).toContain('own.test resolves to this machine or a private network');
      expect(plain.output).not.toContain('own GET');
      const tunnel = await contained('alice', allowed, CURL!, [
        '-sS',
        '--proxytunnel',
        `http://own.test:${ownPort}/tunnel`,
      ]);
      expect(tunnel.code).not.toBe(0);
      expect(tunnel.output).not.toContain('own GET');
      const own = decisions.filter((decision) => decision.host === 'own.test');
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.every((decision) => !decision.allowed)).toBe(true);
    },
    60_000,
  );
});

describe.skipIf(!status.available || !CURL || !SOCAT)('the owner removing a domain', () => {
  it("closes the agent's open tunnel to it, and only that one", async () => {
    const client = connectClient();
    const first = tunnelConnections.length;
    // The bare names too: before the port rule, they admitted the tunnel server's port.
    const allowed = ['tunnel.test', `tunnel.test:${tunnelPort}`, 'stay.test', `stay.test:${tunnelPort}`];
    const removed = start('erin', allowed, process.execPath, [client, `tunnel.test:${tunnelPort}`], 60_000);
    await until(
      () => tunnelConnections[first]?.received.includes('ping') === true,
      'the tunnel carried data both ways',
    );
    const kept = start('erin', allowed, process.execPath, [client, `stay.test:${tunnelPort}`], 60_000);
    await until(
      () => tunnelConnections[first + 1]?.received.includes('ping') === true,
      'the second tunnel carried data both ways',
    );
    const [gone, stays] = [tunnelConnections[first], tunnelConnections[first + 1]];

    sandbox.setAllowedDomains('erin', ['stay.test', `stay.test:${tunnelPort}`]);
    await until(() => gone!.closed, 'the tunnel to the removed domain closed', 30_000);
    const ended = await removed;
    expect(ended.timedOut).toBe(false);
    expect(ended.output).toContain('200 Connection Established');
    expect(ended.output).toContain('tunnel closed');

    // The tunnel to the name still allowed carries on.
    expect(stays!.closed).toBe(false);
    stays!.socket.write('still\n');
    await until(() => stays!.received.includes('pong'), 'the kept tunnel still carried data');
    const done = await kept;
    expect(done.timedOut).toBe(false);
  }, 120_000);

  it('closes a plain-HTTP answer still coming from it', async () => {
    const first = heldResponses.length;
    const running = start(
      'frank',
      ['hold.test', `hold.test:${holdPort}`],
      CURL!,
      ['-sS', '-N', `http://hold.test:${holdPort}/stream`],
      60_000,
    );
    await until(() => heldResponses.length > first, 'the held request reached its server');
    sandbox.setAllowedDomains('frank', []);
    await until(() => heldResponses[first]!.closed, 'the upstream answer closed', 30_000);
    const result = await running;
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).not.toBe(0);
  }, 120_000);
});

// This machine as the kernel sees it, not as the interface list does: each case runs the real proxy
// inside a private network namespace (`test/support/netnsProxy.ts`) where it sets up interfaces,
// routes and sysctls, so nothing touches this machine's own network and all of it ends with the
// namespace. Only documentation and benchmarking addresses are used.
const NETNS_PORT = 8443;
const NETNS_SKIP = (() => {
  if (!fs.existsSync('/usr/bin/unshare') || !fs.existsSync('/usr/bin/nsenter'))
    return 'unshare or nsenter is not installed';
  try {
    execFileSync('unshare', ['--net', 'ip', 'link', 'add', 'pdk-probe', 'type', 'veth', 'peer', 'name', 'pdk-probe2'], {
      stdio: 'ignore',
    });
    return null;
  } catch {
    return 'this machine does not let the test make a network namespace with a veth pair (needs root with CAP_NET_ADMIN)';
  }
})();

interface NetnsRun {
  decisions: ProxyDecision[];
  /** What the service on "this machine" received, by the local address it was reached on. */
  received: string[];
  connect(authority: string): Promise<string>;
  plain(url: string): Promise<string>;
  close(): Promise<void>;
}

const netnsRuns: ChildProcess[] = [];

async function startNetns(config: Omit<NetnsProxyConfig, 'outerNamespace' | 'socketPath' | 'port'>): Promise<NetnsRun> {
  const socketPath = path.join(temp.make(), 'proxy.sock');
  const full: NetnsProxyConfig = {
    ...config,
    outerNamespace: fs.readlinkSync('/proc/self/ns/net'),
    socketPath,
    port: NETNS_PORT,
  };
  const child = spawn(
    'unshare',
    ['--net', process.execPath, '--import', 'tsx', path.resolve('test/support/netnsProxy.ts'), JSON.stringify(full)],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  netnsRuns.push(child);
  const decisions: ProxyDecision[] = [];
  const received: string[] = [];
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  let ready = false;
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line === 'ready') ready = true;
      else if (line.startsWith('{"received"')) received.push((JSON.parse(line) as { received: string }).received);
      else if (line.startsWith('{')) decisions.push(JSON.parse(line) as ProxyDecision);
    }
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  await until(() => ready || exited, 'the proxy in its namespace started', 60_000);
  if (!ready) throw new Error(`the proxy in its namespace did not start: ${errors}`);
  /** Sends `request` on the proxy's socket and gives back everything answered until it closes (or 3 s of quiet). */
  const exchange = (request: string) =>
    new Promise<string>((resolve) => {
      const socket = net.connect(socketPath, () => socket.write(request));
      let answer = '';
      let quiet = setTimeout(() => socket.destroy(), 3000);
      socket.on('data', (chunk) => {
        answer += chunk.toString();
        clearTimeout(quiet);
        quiet = setTimeout(() => socket.destroy(), 3000);
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(quiet);
        resolve(answer);
      });
    });
  return {
    decisions,
    received,
    connect: (authority) => exchange(`CONNECT ${authority} HTTP/1.1\r\nhost: ${authority}\r\n\r\n`),
    plain: (url) => exchange(`GET ${url} HTTP/1.1\r\nhost: ${new URL(url).host}\r\nconnection: close\r\n\r\n`),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin.end();
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

afterEach(async () => {
  // Each namespace ends with its process: nothing set up outlives a case, failed or not.
  for (const child of netnsRuns.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
});

/** In this machine's namespace: addresses libuv's interface list leaves out, though the kernel answers on them. */
const UNLISTED_LOCAL = [
  ['ip', 'link', 'set', 'lo', 'up'],
  // Up, but its peer is down: no carrier, not RUNNING (a Docker or libvirt bridge with nothing attached).
  ['ip', 'link', 'add', 'pdk-va', 'type', 'veth', 'peer', 'name', 'pdk-vb'],
  ['ip', 'addr', 'add', '203.0.113.77/24', 'dev', 'pdk-va'],
  ['ip', '-6', 'addr', 'add', '2001:db8:77::1/64', 'dev', 'pdk-va', 'nodad'],
  ['ip', 'link', 'set', 'pdk-va', 'up'],
  // Set down, holding an address (as kube-ipvs0 holds service addresses).
  ['ip', 'link', 'add', 'pdk-dn', 'type', 'veth', 'peer', 'name', 'pdk-dn2'],
  ['ip', 'addr', 'add', '203.0.113.99/32', 'dev', 'pdk-dn'],
  // Whole ranges local on no interface (AnyIP).
  ['ip', 'route', 'add', 'local', '198.51.100.0/24', 'dev', 'lo'],
  ['ip', '-6', 'route', 'add', 'local', '2001:db8:aa::/64', 'dev', 'lo'],
];
const UNLISTED_NAMES: Record<string, string[]> = {
  'nocarrier.test': ['203.0.113.77'],
  'nocarrier6.test': ['2001:db8:77::1'],
  'down.test': ['203.0.113.99'],
  'anyip.test': ['198.51.100.9'],
  'anyip6.test': ['2001:db8:aa::9'],
  'nat64.test': ['64:ff9b::203.0.113.99'],
  'race.test': ['198.18.7.50'],
  'race-plain.test': ['198.18.7.51'],
};

describe.skipIf(NETNS_SKIP !== null)(
  `this machine's addresses the interface list omits${NETNS_SKIP ? ` (skipped: ${NETNS_SKIP})` : ''}`,
  () => {
    const allowed = Object.keys(UNLISTED_NAMES).map((name) => `${name}:${NETNS_PORT}`);

    async function expectAllRefused(run: NetnsRun): Promise<void> {
      for (const name of [
        'nocarrier.test',
        'nocarrier6.test',
        'down.test',
        'anyip.test',
        'anyip6.test',
        'nat64.test',
      ]) {
        const answer = await run.connect(`${name}:${NETNS_PORT}`);
        expect(answer, name).toContain('403 Forbidden');
        expect(answer, name).toContain(`${name} resolves to this machine or a private network`);
        expect(answer, name).not.toContain('THIS-MACHINE');
      }
      expect(run.decisions.filter((decision) => decision.allowed)).toEqual([]);
    }

    it('an allowed name resolving to an address on an interface that is down or has no carrier, or in a local route, never reaches a service bound to 0.0.0.0', async () => {
      const run = await startNetns({ setup: UNLISTED_LOCAL, neighbour: false, names: UNLISTED_NAMES, allowed });
      await expectAllRefused(run);
      await run.close();
    }, 90_000);

    it('the same with ip_nonlocal_bind on, where binding an address proves nothing: the kernel tables refuse them', async () => {
      const setup = [
        ...UNLISTED_LOCAL,
        ['sysctl', '-qw', 'net.ipv4.ip_nonlocal_bind=1'],
        ['sysctl', '-qw', 'net.ipv6.ip_nonlocal_bind=1'],
      ];
      const run = await startNetns({ setup, neighbour: false, names: UNLISTED_NAMES, allowed });
      await expectAllRefused(run);
      await run.close();
    }, 90_000);

    it('an address that becomes local between the check and the connection is dropped before a byte passes, CONNECT and plain HTTP', async () => {
      const becomeLocal = (address: string) => [['ip', 'addr', 'add', `${address}/32`, 'dev', 'pdk-dn']];
      const run = await startNetns({
        setup: UNLISTED_LOCAL,
        neighbour: false,
        names: UNLISTED_NAMES,
        allowed,
        afterDecision: { 'race.test': becomeLocal('198.18.7.50'), 'race-plain.test': becomeLocal('198.18.7.51') },
      });
      const tunnel = await run.connect(`race.test:${NETNS_PORT}`);
      expect(tunnel).not.toContain('200 Connection Established');
      expect(tunnel).not.toContain('THIS-MACHINE');
      const plain = await run.plain(`http://race-plain.test:${NETNS_PORT}/secret`);
      expect(plain).toContain('502');
      // The check passed both times (the address was not local yet); the connection was what was refused.
      expect(
        run.decisions.filter((decision) => decision.host.startsWith('race')).map((decision) => decision.allowed),
      ).toEqual([true, true]);
      expect(run.received.filter((line) => line.includes('/secret'))).toEqual([]);
      await run.close();
    }, 90_000);
  },
);

/** This machine on a LAN of global addresses (a public IPv4 subnet, an IPv6 /64), with a neighbour on it and a host behind it. */
const LAN = [
  ['ip', 'link', 'set', 'lo', 'up'],
  ['ip', 'link', 'add', 'pdk-h', 'type', 'veth', 'peer', 'name', 'pdk-n', 'netns', '{neighbour}'],
  ['ip', 'addr', 'add', '198.18.5.1/24', 'dev', 'pdk-h'],
  ['ip', '-6', 'addr', 'add', '2001:db8:5::1/64', 'dev', 'pdk-h', 'nodad'],
  ['ip', 'link', 'set', 'pdk-h', 'up'],
  // Networks on the link by a route alone (no address of this machine in them).
  ['ip', 'route', 'add', '203.0.113.128/25', 'dev', 'pdk-h'],
  ['ip', '-6', 'route', 'add', '2001:db8:6::/64', 'dev', 'pdk-h'],
  ['nsenter', '-t', '{neighbour}', '-n', 'ip', 'link', 'set', 'lo', 'up'],
  ['nsenter', '-t', '{neighbour}', '-n', 'ip', 'addr', 'add', '198.18.5.2/24', 'dev', 'pdk-n'],
  ['nsenter', '-t', '{neighbour}', '-n', 'ip', '-6', 'addr', 'add', '2001:db8:5::2/64', 'dev', 'pdk-n', 'nodad'],
  ['nsenter', '-t', '{neighbour}', '-n', 'ip', 'addr', 'add', '203.0.113.130/32', 'dev', 'pdk-n'],
  ['nsenter', '-t', '{neighbour}', '-n', 'ip', '-6', 'addr', 'add', '2001:db8:6::2/128', 'dev', 'pdk-n', 'nodad'],
  ['nsenter', '-t', '{neighbour}', '-n', 'ip', 'link', 'set', 'pdk-n', 'up'],
  // A host beyond the neighbour, reached through it as a gateway: the way to the internet.
  ['nsenter', '-t', '{neighbour}', '-n', 'ip', 'addr', 'add', '192.0.2.10/32', 'dev', 'lo'],
  ['nsenter', '-t', '{neighbour}', '-n', 'ip', '-6', 'addr', 'add', '2001:db8:ff::10/128', 'dev', 'lo', 'nodad'],
  ['ip', 'route', 'add', '192.0.2.10/32', 'via', '198.18.5.2'],
  ['ip', '-6', 'route', 'add', '2001:db8:ff::10/128', 'via', '2001:db8:5::2'],
];

describe.skipIf(NETNS_SKIP !== null)(
  `the owner's LAN on global addresses${NETNS_SKIP ? ` (skipped: ${NETNS_SKIP})` : ''}`,
  () => {
    it('an allowed name resolving to a neighbour on an attached network is refused; a host behind a gateway is reached', async () => {
      const names: Record<string, string[]> = {
        'nas.test': ['198.18.5.2'],
        'nas6.test': ['2001:db8:5::2'],
        'routed.test': ['203.0.113.130'],
        'routed6.test': ['2001:db8:6::2'],
        'far.test': ['192.0.2.10'],
        'far6.test': ['2001:db8:ff::10'],
      };
      const run = await startNetns({
        setup: LAN,
        neighbour: true,
        names,
        allowed: Object.keys(names).map((name) => `${name}:${NETNS_PORT}`),
      });
      for (const name of ['nas.test', 'nas6.test', 'routed.test', 'routed6.test']) {
        const answer = await run.connect(`${name}:${NETNS_PORT}`);
        expect(answer, name).toContain('403 Forbidden');
        expect(answer, name).not.toContain('NEIGHBOUR');
      }
      // Not everything is refused: the proxy still connects out through a gateway.
      expect(await run.connect(`far.test:${NETNS_PORT}`)).toContain('NEIGHBOUR ::ffff:192.0.2.10');
      expect(await run.connect(`far6.test:${NETNS_PORT}`)).toContain('NEIGHBOUR 2001:db8:ff::10');
      await run.close();
    }, 90_000);
  },
);
