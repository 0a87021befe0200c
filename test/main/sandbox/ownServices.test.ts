// The agent's own services are reachable from its contained commands (issue 31 §3): a real HTTP
// server the agent started with `start` (its own sandbox, its own loopback) answers a later
// contained `run` of `curl http://127.0.0.1:<port>` with no card, and a pipeline too; any other
// port of this machine — a host listener that is not the agent's, and Paddock's own preview
// listener — is a card, and approved anyway it is still unreachable from inside. The same on IPv6
// loopback (`[::1]:<port>`, `localhost:<port>`, as the server itself listens), and for a port the
// server opens only after the contained command began: that command reaches it while it runs, and
// not a host port, Paddock's own or another agent's server opened meanwhile.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadShellGrammar } from '../../../src/main/policy/shellGrammar';
import type { ToolResult } from '../../../src/shared/domain';
import type { Core } from '../../../src/main/core';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';
import { sandboxStatus } from '../../support/sandbox';
import { findBridgeTools } from '../../../src/main/sandbox/bridge';

const temp = createTempDirs();
afterEach(() => temp.cleanup());
// The core loads the grammar in the background; shell forms are cards until it has.
beforeAll(() => loadShellGrammar());

/** A server on the port and address given (none: `::`, dual-stack, as Node listens by default). */
const SERVER = `
const http = require('node:http');
const [port, host] = [Number(process.argv[2]), process.argv[3]];
http.createServer((req, res) => res.end('own service body ' + req.url)).listen(port, host, () => console.log('listening ' + port));
`;

/** A server that says it is ready at once but binds each `<port>:<file>` only once that file appears in the workspace (on `::`, dual-stack). */
const LATE_SERVER = `
const fs = require('node:fs');
const http = require('node:http');
console.log('ready: waiting');
for (const pair of process.argv.slice(2)) {
  const [port, file] = pair.split(':');
  const wait = setInterval(() => {
    if (!fs.existsSync(file)) return;
    clearInterval(wait);
    http.createServer((req, res) => res.end('late body ' + port + req.url)).listen(Number(port), () => console.log('bound ' + port));
  }, 50);
}
`;

/**
 * The contained client: writes \`go\` (so the server's first port opens only after this command
 * began) and waits until it answers on 127.0.0.1 and on [::1]; waits for the file \`others\`, the
 * ports the test opened meanwhile that are not its agent's; then has the server open two more
 * ports, one after the other reached (\`go2\`, \`go3\`: whatever was listening before is looked at
 * by then), and tries the others on both loopbacks, printing what it reached.
 */
const CLIENT = `
const fs = require('node:fs');
const http = require('node:http');
const ports = process.argv.slice(2).map(Number);
const get = (host, p, path) => new Promise((resolve) => {
  const req = http.get({ host, port: p, path, timeout: 3000 }, (res) => {
    let body = '';
    res.on('data', (c) => (body += c));
    res.on('end', () => resolve({ body }));
  });
  req.on('error', (e) => resolve({ error: e.code || e.message }));
  req.on('timeout', () => req.destroy(new Error('timeout')));
});
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const reach = async (host, port) => {
  let answer = { error: 'never tried' };
  for (let i = 0; i < 200 && answer.body === undefined; i++) {
    answer = await get(host, port, '/late');
    if (answer.body === undefined) await sleep(100);
  }
  console.log('own ' + host + ' ' + port + ' ' + (answer.body ?? 'failed ' + answer.error));
};
(async () => {
  fs.writeFileSync('go', '');
  for (const host of ['127.0.0.1', '::1']) await reach(host, ports[0]);
  while (!fs.existsSync('others')) await sleep(50);
  fs.writeFileSync('go2', '');
  await reach('127.0.0.1', ports[1]);
  fs.writeFileSync('go3', '');
  await reach('127.0.0.1', ports[2]);
  for (const other of JSON.parse(fs.readFileSync('others', 'utf8'))) {
    for (const host of ['127.0.0.1', '::1']) {
      const answer = await get(host, other, '/');
      console.log('other ' + host + ' ' + other + ' ' + (answer.body !== undefined ? 'reached ' + answer.body : 'refused ' + answer.error));
    }
  }
})();
`;

/**
 * A contained command that forges announce lines: into every pipe another process inside reads
 * (the announce loop's, through /proc/<pid>/fd/0) and onto the announce socket itself, naming a
 * host port that is not its agent's, by number and as a path; then tries that port on both loopbacks.
 */
const FORGE = `
const fs = require('node:fs');
const net = require('node:net');
const http = require('node:http');
const target = Number(process.argv[2]);
const lines = [target + ' v4', target + ' v6', '../../bridge/x v4', target + '.sock v4', '0' + target + ' v4', target + ',bind=127.0.0.1 v4', ''].join('\\n');
let wrote = 0;
// The announce loop may start a moment after this command on a loaded machine: look again for up to 3 s.
for (let tries = 0; tries < 30 && wrote === 0; tries++) {
  if (tries > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  for (const pid of fs.readdirSync('/proc').filter((e) => /^\\d+$/.test(e) && Number(e) !== process.pid)) {
    try {
      if (!fs.readlinkSync('/proc/' + pid + '/fd/0').startsWith('pipe:')) continue;
      const fd = fs.openSync('/proc/' + pid + '/fd/0', 'w');
      fs.writeSync(fd, lines);
      fs.closeSync(fd);
      wrote++;
    } catch {}
  }
}
console.log('wrote into ' + wrote + ' pipes');
const announce = net.connect('/run/paddock-own/added.sock', () => announce.end(lines));
announce.on('error', () => undefined);
const get = (host) => new Promise((resolve) => {
  const req = http.get({ host, port: target, path: '/', timeout: 3000 }, (res) => {
    let body = '';
    res.on('data', (c) => (body += c));
    res.on('end', () => resolve('reached ' + body));
  });
  req.on('error', (e) => resolve('refused ' + (e.code || e.message)));
  req.on('timeout', () => req.destroy(new Error('timeout')));
});
setTimeout(async () => {
  for (const host of ['127.0.0.1', '::1']) console.log('forged ' + host + ' ' + (await get(host)));
}, 1000);
`;

function hostServer(body: string, host: '127.0.0.1' | '::1' = '127.0.0.1', port = 0): Promise<http.Server> {
  return new Promise((resolve) => {
    const server = http.createServer((_req, res) => res.end(body));
    server.listen(port, host, () => resolve(server));
  });
}

/** A GET from the host (the test is the owner here), its body or the error. */
function hostGet(port: number, urlPath: string): Promise<string> {
  return new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(body));
      })
      .on('error', (error) => resolve(`failed: ${error.message}`));
  });
}

const portOf = (server: http.Server): number => (server.address() as AddressInfo).port;
const randomPort = (): number => 20_000 + Math.floor(Math.random() * 20_000);
const text = (result: ToolResult): string => (result.ok ? (result.text ?? '') : result.error);
const REFUSED = /exit code 7|Connection refused|Failed to connect/;

interface Agent {
  core: Core;
  agentId: string;
  ws: string;
  /** Dispatches one call; a card (if any) is approved. */
  call(tool: string, args: Record<string, unknown>): Promise<{ asked: string | null; result: ToolResult }>;
}

/** A core whose first agent, in run mode with the shell tool, has a workspace holding `files`. */
async function agentWith(files: Record<string, string>): Promise<Agent> {
  const root = temp.make();
  // The shell tool installed (PADDOCK_SHELL=1): the agent's contained bash reaches the same services.
  const { core, home } = await buildTestCore(root, { PADDOCK_SHELL: '1' });
  const [agent] = core.agents.list();
  return inWorkspace(core, agent!.id, path.join(home, 'project'), files);
}

/** Another agent of the same core, with a workspace of its own. */
function anotherAgent(core: Core, besides: string, files: Record<string, string>): Agent {
  const agent = core.agents.create({
    name: 'Other',
    handle: '@other',
    provider: 'anthropic',
    model: 'test',
    scopes: core.agents.list()[0]!.scopes,
    mode: 'run',
  });
  return inWorkspace(core, agent.id, `${besides}-other`, files);
}

function inWorkspace(core: Core, agentId: string, ws: string, files: Record<string, string>): Agent {
  fs.mkdirSync(ws, { recursive: true });
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(ws, name), content);
  core.workspaces.set({
    agentId,
    directory: fs.realpathSync(ws),
    capturedPath: process.env.PATH ?? '/usr/bin:/bin',
    gitBinary: null,
  });
  const agent = core.agents.list().find((a) => a.id === agentId)!;
  core.agents.update(agentId, { mode: 'run', scopes: [...new Set([...agent.scopes, 'shell' as const])] });
  const call: Agent['call'] = async (tool, args) => {
    let asked: string | null = null;
    const conversation = core.conversations.create(agentId, 'own services');
    const request = `owner-${conversation.id}`;
    const end = core.ownerRequests.open(request, conversation.id);
    const result = await core.dispatcher.dispatch(
      {
        callId: `c-${Math.random().toString(36).slice(2)}`,
        agentId,
        conversationId: conversation.id,
        ownerRequestId: request,
        delegationDepth: 0,
        tool,
        args,
        askOwner: (draft) => {
          asked = draft.reason ?? '';
          return {
            card: { ...draft, id: 'x', createdAt: '' },
            outcome: Promise.resolve({ decision: 'approve' as const }),
          };
        },
      },
      new AbortController().signal,
    );
    end();
    return { asked, result };
  };
  return { core, agentId, ws, call };
}

async function until<T>(probe: () => Promise<T | null> | T | null, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

describe.skipIf(!sandboxStatus().available || !findBridgeTools())(
  'the agent’s own services from its contained commands',
  () => {
    it('reaches its own started server on 127.0.0.1 without a card, and no other port of the host', async () => {
      const { core, agentId, call } = await agentWith({ 'server.cjs': SERVER });
      const stranger = await hostServer('a host listener that is not the agent’s');
      try {
        const port = randomPort();
        const started = await call('start', { name: 'api', command: `node server.cjs ${port} 127.0.0.1`, port });
        expect(text(started.result)).toContain('started `api`');
        expect(started.result.ok && (started.result.data as { ready?: boolean }).ready).toBe(true);

        // The agent's own server: no card, and the body comes back.
        const own = await call('run', { command: `curl -s http://127.0.0.1:${port}/hello` });
        expect(own.asked).toBeNull();
        expect(text(own.result)).toContain('own service body /hello');
        const piped = await call('run', { command: `curl -s localhost:${port}/piped 2>&1 | head -1` });
        expect(piped.asked).toBeNull();
        expect(text(piped.result)).toContain('own service body /piped');
        // It listens on IPv4 only: nothing answers on ::1.
        expect(text((await call('run', { command: `curl -sS -m 5 'http://[::1]:${port}/'` })).result)).toMatch(REFUSED);

        // The agent's contained shell too.
        const shell = await call('bash', { command: `curl -s http://127.0.0.1:${port}/from-bash` });
        expect(text(shell.result)).toContain('own service body /from-bash');

        // A host listener that is not the agent's: a card, and approved it still cannot be reached.
        const strangerPort = portOf(stranger);
        const other = await call('run', { command: `curl -sS -m 5 http://127.0.0.1:${strangerPort}/` });
        expect(other.asked).toContain(`port ${strangerPort} of this machine`);
        expect(text(other.result)).not.toContain('not the agent’s');
        expect(text(other.result)).toMatch(REFUSED);

        // Paddock's own preview listener of that very process: the same.
        const previewPort = await core.services.preview.portFor(agentId, 'api');
        const paddock = await call('run', { command: `curl -sS -m 5 http://127.0.0.1:${previewPort}/` });
        expect(paddock.asked).toContain(`port ${previewPort} of this machine`);
        expect(text(paddock.result)).toMatch(REFUSED);

        // Once it is stopped, its port is no longer the agent's: a card again.
        await call('stop', { name: 'api' });
        expect((await call('run', { command: `curl -s http://127.0.0.1:${port}/` })).asked).toContain(
          `port ${port} of this machine`,
        );
      } finally {
        stranger.close();
        await core.shutdown();
      }
    }, 120_000);

    it('reaches its own server on ::1 as [::1]:<port> and localhost:<port>, a dual-stack one on both, and nothing else on ::1', async () => {
      const { core, call } = await agentWith({ 'server.cjs': SERVER });
      const stranger = await hostServer('a host listener on ::1 that is not the agent’s', '::1');
      try {
        const v6 = randomPort();
        expect((await call('start', { name: 'v6', command: `node server.cjs ${v6} ::1`, port: v6 })).result.ok).toBe(
          true,
        );
        const own = await call('run', { command: `curl -sS -m 5 'http://[::1]:${v6}/six'` });
        expect(own.asked).toBeNull();
        expect(text(own.result)).toContain('own service body /six');
        const named = await call('run', { command: `curl -sS -m 5 http://localhost:${v6}/named` });
        expect(named.asked).toBeNull();
        expect(text(named.result)).toContain('own service body /named');
        // It listens on ::1 only: 127.0.0.1 refuses, as it would on the host.
        expect(text((await call('run', { command: `curl -sS -m 5 http://127.0.0.1:${v6}/` })).result)).toMatch(REFUSED);
        // The contained shell too.
        expect(text((await call('bash', { command: `curl -sS -m 5 'http://[::1]:${v6}/bash'` })).result)).toContain(
          'own service body /bash',
        );
        // And the preview's way to it (what the owner's preview and screenshots connect to): the bridge into ::1.
        const resolved = await core.services.preview.resolve('v6');
        expect(resolved.ok && (await hostGet(resolved.port, '/preview'))).toContain('own service body /preview');

        // Listening on `::` (dual-stack): both loopbacks reach it.
        const dual = randomPort();
        expect((await call('start', { name: 'dual', command: `node server.cjs ${dual}`, port: dual })).result.ok).toBe(
          true,
        );
        for (const url of [`http://127.0.0.1:${dual}/4`, `http://[::1]:${dual}/6`, `http://localhost:${dual}/l`]) {
          const reached = await call('run', { command: `curl -sS -m 5 '${url}'` });
          expect([url, text(reached.result)]).toEqual([
            url,
            expect.stringContaining(`own service body /${url.split('/').pop()}`),
          ]);
        }

        // A host listener on ::1 that is not the agent's: a card, and approved it is unreachable.
        const strangerPort = portOf(stranger);
        const other = await call('run', { command: `curl -sS -m 5 'http://[::1]:${strangerPort}/'` });
        expect(other.asked).toContain(`port ${strangerPort} of this machine`);
        expect(text(other.result)).not.toContain('not the agent’s');
        expect(text(other.result)).toMatch(REFUSED);
      } finally {
        stranger.close();
        await core.shutdown();
      }
    }, 120_000);

    it('a port its own process opens after the contained command began is reachable from that command; a host port, Paddock’s own or another agent’s opened meanwhile is not', async () => {
      const { core, agentId, ws, call } = await agentWith({ 'late.cjs': LATE_SERVER, 'client.cjs': CLIENT });
      // Another agent's server, which binds late too (when the test writes its `go`).
      const other = anotherAgent(core, ws, { 'late.cjs': LATE_SERVER });
      const strangers: http.Server[] = [];
      try {
        const port = randomPort();
        const [second, third] = [port + 1, port + 2];
        const started = await call('start', {
          name: 'late',
          command: `node late.cjs ${port}:go ${second}:go2 ${third}:go3`,
        });
        expect(text(started.result)).toContain('started `late`');
        const otherPort = randomPort();
        expect(
          text((await other.call('start', { name: 'theirs', command: `node late.cjs ${otherPort}:go` })).result),
        ).toContain('started `theirs`');

        const running = call('run', { command: `node client.cjs ${port} ${second} ${third}`, timeoutSeconds: 60 });
        // The client has begun (it wrote `go`); the server binds only now.
        await until(() => (fs.existsSync(path.join(ws, 'go')) ? true : null), 'the client began');
        // Then, still while it runs: a host listener on each loopback that is not the agent's, and
        // Paddock's own preview listener of that very server.
        const previewPort = await until(
          () => core.services.preview.portFor(agentId, 'late').catch(() => null),
          'the server listens',
        );
        const strangerPort = randomPort();
        strangers.push(await hostServer('not the agent’s', '127.0.0.1', strangerPort));
        strangers.push(await hostServer('not the agent’s', '::1', strangerPort));
        fs.writeFileSync(path.join(other.ws, 'go'), '');
        await until(
          () => core.services.preview.portFor(other.agentId, 'theirs').catch(() => null),
          'the other agent’s server listens',
        );
        fs.writeFileSync(path.join(ws, 'others'), JSON.stringify([strangerPort, previewPort, otherPort]));

        const output = text((await running).result);
        expect(output).toContain(`own 127.0.0.1 ${port} late body ${port}/late`);
        expect(output).toContain(`own ::1 ${port} late body ${port}/late`);
        expect(output).toContain(`own 127.0.0.1 ${third} late body ${third}/late`);
        for (const port of [strangerPort, previewPort, otherPort])
          for (const host of ['127.0.0.1', '::1']) expect(output).toContain(`other ${host} ${port} refused`);
        expect(output).not.toContain('reached');
      } finally {
        for (const server of strangers) server.close();
        await core.shutdown();
      }
    }, 120_000);

    it('a line the command forges into its announce loop reaches nothing of the host', async () => {
      const { core, call } = await agentWith({ 'server.cjs': SERVER, 'forge.cjs': FORGE });
      const strangers: http.Server[] = [];
      try {
        const port = randomPort();
        // A running process of its own: the command gets the announce loop.
        expect(
          (await call('start', { name: 'api', command: `node server.cjs ${port} 127.0.0.1`, port })).result.ok,
        ).toBe(true);
        const strangerPort = randomPort();
        strangers.push(await hostServer('not the agent’s', '127.0.0.1', strangerPort));
        strangers.push(await hostServer('not the agent’s', '::1', strangerPort));
        const output = text((await call('run', { command: `node forge.cjs ${strangerPort}` })).result);
        expect(output).toMatch(/wrote into [1-9]\d* pipes/);
        expect(output).toContain('forged 127.0.0.1 refused');
        expect(output).toContain('forged ::1 refused');
        expect(output).not.toContain('reached');
      } finally {
        for (const server of strangers) server.close();
        await core.shutdown();
      }
    }, 120_000);
  },
);
