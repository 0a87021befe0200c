// The agent's own services are reachable from its contained commands (issue 31 §3): a real HTTP
// server the agent started with `start` (its own sandbox, its own loopback) answers a later
// contained `run` of `curl http://127.0.0.1:<port>` with no card, and a pipeline too; any other
// port of this machine — a host listener that is not the agent's, and Paddock's own preview
// listener — is a card, and approved anyway it is still unreachable from inside. The same on IPv6
// loopback (`[::1]:<port>`, `localhost:<port>`, as the server itself listens), and for a port the
// server opens only after the contained command began: that command reaches it while it runs.
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

/** A server that says it is ready at once but binds its port only once the file \`go\` appears in the workspace. */
const LATE_SERVER = `
const fs = require('node:fs');
const http = require('node:http');
const port = Number(process.argv[2]);
console.log('ready: waiting for go');
const wait = setInterval(() => {
  if (!fs.existsSync('go')) return;
  clearInterval(wait);
  http.createServer((req, res) => res.end('late body ' + req.url)).listen(port, () => console.log('bound ' + port));
}, 50);
`;

/**
 * The contained client: writes \`go\` (so the server's port opens only after this command began),
 * waits until the server answers on 127.0.0.1 and on [::1], then tries every port the test lists in
 * the file \`others\` (opened after \`go\` too) on both, and prints what it reached.
 */
const CLIENT = `
const fs = require('node:fs');
const http = require('node:http');
const port = Number(process.argv[2]);
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
(async () => {
  fs.writeFileSync('go', '');
  for (const host of ['127.0.0.1', '::1']) {
    let answer = { error: 'never tried' };
    for (let i = 0; i < 200 && answer.body === undefined; i++) {
      answer = await get(host, port, '/late');
      if (answer.body === undefined) await sleep(100);
    }
    console.log('own ' + host + ' ' + (answer.body ?? 'failed ' + answer.error));
  }
  while (!fs.existsSync('others')) await sleep(50);
  for (const other of JSON.parse(fs.readFileSync('others', 'utf8'))) {
    for (const host of ['127.0.0.1', '::1']) {
      const answer = await get(host, other, '/');
      console.log('other ' + host + ' ' + other + ' ' + (answer.body !== undefined ? 'reached ' + answer.body : 'refused ' + answer.error));
    }
  }
})();
`;

function hostServer(body: string, host: '127.0.0.1' | '::1' = '127.0.0.1', port = 0): Promise<http.Server> {
  return new Promise((resolve) => {
    const server = http.createServer((_req, res) => res.end(body));
    server.listen(port, host, () => resolve(server));
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
  const ws = path.join(home, 'project');
  fs.mkdirSync(ws, { recursive: true });
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(ws, name), content);
  core.workspaces.set({
    agentId: agent!.id,
    directory: fs.realpathSync(ws),
    capturedPath: process.env.PATH ?? '/usr/bin:/bin',
    gitBinary: null,
  });
  core.agents.update(agent!.id, { mode: 'run', scopes: [...agent!.scopes, 'shell'] });
  const call: Agent['call'] = async (tool, args) => {
    let asked: string | null = null;
    const conversation = core.conversations.create(agent!.id, 'own services');
    const request = `owner-${conversation.id}`;
    const end = core.ownerRequests.open(request, conversation.id);
    const result = await core.dispatcher.dispatch(
      {
        callId: `c-${Math.random().toString(36).slice(2)}`,
        agentId: agent!.id,
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
  return { core, agentId: agent!.id, ws, call };
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

    it('a port its own process opens after the contained command began is reachable from that command; a host port or Paddock’s own opened meanwhile is not', async () => {
      const { core, agentId, ws, call } = await agentWith({ 'late.cjs': LATE_SERVER, 'client.cjs': CLIENT });
      const strangers: http.Server[] = [];
      try {
        const port = randomPort();
        const started = await call('start', { name: 'late', command: `node late.cjs ${port}` });
        expect(text(started.result)).toContain('started `late`');

        const running = call('run', { command: `node client.cjs ${port}`, timeoutSeconds: 60 });
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
        fs.writeFileSync(path.join(ws, 'others'), JSON.stringify([strangerPort, previewPort]));

        const output = text((await running).result);
        expect(output).toContain('own 127.0.0.1 late body /late');
        expect(output).toContain('own ::1 late body /late');
        for (const other of [strangerPort, previewPort])
          for (const host of ['127.0.0.1', '::1']) expect(output).toContain(`other ${host} ${other} refused`);
        expect(output).not.toContain('reached');
      } finally {
        for (const server of strangers) server.close();
        await core.shutdown();
      }
    }, 120_000);
  },
);
