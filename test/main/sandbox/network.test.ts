// The per-agent network allowlist, for real (issue 13 §3): a contained curl and node reach a local
// HTTP server only through Paddock's filtering proxy, only by an allowed name, and never one of
// this machine's other ports. The test maps its names to 127.0.0.1 in the proxy's resolver and
// admits the one test server's loopback port, so no traffic leaves loopback; production admits
// no loopback port at all (the last case checks that rule with the same server).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBounded } from '../../../src/main/processes/spawn';
import type { ProxyDecision } from '../../../src/main/sandbox/netProxy';
import { createSandbox, type Sandbox } from '../../../src/main/sandbox/sandbox';
import { sandboxStatus } from '../../support/sandbox';
import { createTempDirs } from '../../support/tempDirs';

const status = sandboxStatus();
const temp = createTempDirs('paddock-net-');
const CURL = ['/usr/bin/curl', '/bin/curl'].find((file) => fs.existsSync(file));
const SOCAT = ['/usr/bin/socat', '/usr/local/bin/socat'].find((file) => fs.existsSync(file));
const NAMES = new Set(['registry.test', 'paddock.test', 'other.test']);
const servers: http.Server[] = [];
const decisions: ProxyDecision[] = [];
let registryPort = 0;
let paddockPort = 0;
let workspace = '';
let home = '';
let dataDir = '';
let sandbox: Sandbox;

function serve(body: string): Promise<number> {
  return new Promise((resolve) => {
    const server = http.createServer((request, response) => response.end(`${body} ${request.method} ${request.url} host=${request.headers.host}\n`));
    servers.push(server);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
}

beforeAll(async () => {
  registryPort = await serve('registry');
  paddockPort = await serve('paddock');
  workspace = temp.make();
  home = temp.make();
  dataDir = temp.make();
  sandbox = createSandbox({
    status,
    home,
    dataDir,
    proxyResolve: async (host) => {
      if (!NAMES.has(host)) throw new Error('no such name in this test');
      return ['127.0.0.1'];
    },
    proxyLoopbackPorts: new Set([registryPort]),
    onProxyDecision: (_agent, decision) => decisions.push(decision),
  });
});

afterAll(async () => {
  await sandbox.close();
  for (const server of servers) server.close();
  temp.cleanup();
});

async function contained(agentId: string, allowedDomains: string[], program: string, args: string[]) {
  const result = await runBounded({
    program,
    args,
    cwd: workspace,
    env: { PATH: '/usr/bin:/bin', HOME: home },
    timeoutMs: 30_000,
    wrap: sandbox.wrapperFor({ agentId, workspace, allowedDomains }),
    purpose: 'run',
  });
  return { code: result.exitCode, output: result.output };
}

describe.skipIf(!status.available || !CURL || !SOCAT)('allowed domains through the proxy', () => {
  it('curl reaches the allowed name over plain HTTP and through CONNECT', async () => {
    const plain = await contained('alice', ['registry.test'], CURL!, ['-sS', `http://registry.test:${registryPort}/lodash`]);
    expect(plain.output).toContain(`registry GET /lodash host=registry.test:${registryPort}`);
    expect(plain.code).toBe(0);
    const tunnel = await contained('alice', ['registry.test'], CURL!, ['-sS', '--proxytunnel', `http://registry.test:${registryPort}/tunnel`]);
    expect(tunnel.output).toContain('registry GET /tunnel');
    expect(decisions).toContainEqual({ host: 'registry.test', port: registryPort, allowed: true, address: '127.0.0.1' });
  }, 60_000);

  it('a node program inside sends its request through HTTP_PROXY and gets the answer', async () => {
    const script = [
      "const http = require('node:http');",
      "const proxy = new URL(process.env.HTTP_PROXY);",
      `http.get({ host: proxy.hostname, port: proxy.port, path: 'http://registry.test:${registryPort}/from-node', headers: { host: 'registry.test:${registryPort}' } }, (res) => {`,
      "  let body = ''; res.on('data', (c) => (body += c)); res.on('end', () => console.log(res.statusCode, body.trim()));",
      "}).on('error', (e) => { console.log('error', e.code); process.exitCode = 1; });",
    ].join('\n');
    fs.writeFileSync(path.join(workspace, 'fetch.cjs'), script);
    const ran = await contained('alice', ['registry.test'], process.execPath, [path.join(workspace, 'fetch.cjs')]);
    expect(ran.output).toContain('200 registry GET /from-node');
  }, 60_000);

  it('a name not on the list is refused, over HTTP and CONNECT', async () => {
    const plain = await contained('alice', ['registry.test'], CURL!, ['-sS', '-o', '/dev/null', '-w', '%{http_code}', `http://other.test:${registryPort}/`]);
    expect(plain.output).toBe('403');
    const tunnel = await contained('alice', ['registry.test'], CURL!, ['-sS', '--proxytunnel', `http://other.test:${registryPort}/`]);
    expect(tunnel.code).not.toBe(0);
    expect(tunnel.output).toMatch(/CONNECT tunnel failed, response 403|403/);
    expect(tunnel.output).not.toContain('registry GET');
    expect(decisions).toContainEqual({ host: 'other.test', port: registryPort, allowed: false, reason: "other.test is not on this agent's allowed domains" });
  }, 60_000);

  it("an allowed name never reaches another loopback port (Paddock's own)", async () => {
    const ran = await contained('alice', ['paddock.test'], CURL!, ['-sS', '-o', '/dev/null', '-w', '%{http_code}', `http://paddock.test:${paddockPort}/`]);
    expect(ran.output).toBe('403');
    const tunnel = await contained('alice', ['paddock.test'], CURL!, ['-sS', '--proxytunnel', `http://paddock.test:${paddockPort}/`]);
    expect(tunnel.output).not.toContain('paddock GET');
    expect(decisions.filter((d) => d.host === 'paddock.test').every((d) => !d.allowed)).toBe(true);
  }, 60_000);

  it('an address instead of a name, and a direct connection around the proxy, fail', async () => {
    const literal = await contained('alice', ['registry.test'], CURL!, ['-sS', '-o', '/dev/null', '-w', '%{http_code}', `http://127.0.0.1:${registryPort}/`, '--noproxy', '']);
    expect(literal.output).toBe('403');
    const direct = await contained('alice', ['registry.test'], CURL!, ['-sS', '--noproxy', '*', `http://127.0.0.1:${registryPort}/`]);
    expect(direct.code).not.toBe(0);
    expect(direct.output).not.toContain('registry GET');
  }, 60_000);

  it('an agent with no allowed domain has no proxy and no network at all', async () => {
    const env = await contained('bob', [], '/usr/bin/env', []);
    expect(env.output).not.toContain('HTTP_PROXY');
    const ran = await contained('bob', [], CURL!, ['-sS', '-x', 'http://127.0.0.1:31287', `http://registry.test:${registryPort}/`]);
    expect(ran.code).not.toBe(0);
    expect(ran.output).not.toContain('registry GET');
  }, 60_000);

  it('the owner removing a domain applies to the running proxy at the next request', async () => {
    const wrap = sandbox.wrapperFor({ agentId: 'carol', workspace, allowedDomains: ['registry.test'] });
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
        wrap: strict.wrapperFor({ agentId: 'dave', workspace, allowedDomains: ['registry.test'] }),
        purpose: 'run',
      });
      expect(result.output).toBe('403');
    } finally {
      await strict.close();
    }
  }, 60_000);
});
