// The agent's own services are reachable from its contained commands (issue 31 §3): a real HTTP
// server the agent started with `start` (its own sandbox, its own loopback) answers a later
// contained `run` of `curl http://127.0.0.1:<port>` with no card, and a pipeline too; any other
// port of this machine — a host listener that is not the agent's, and Paddock's own preview
// listener — is a card, and approved anyway it is still unreachable from inside.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadShellGrammar } from '../../../src/main/policy/shellGrammar';
import type { ToolResult } from '../../../src/shared/domain';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';
import { sandboxStatus } from '../../support/sandbox';
import { findBridgeTools } from '../../../src/main/sandbox/bridge';

const temp = createTempDirs();
afterEach(() => temp.cleanup());
// The core loads the grammar in the background; shell forms are cards until it has.
beforeAll(() => loadShellGrammar());

const SERVER = `
const http = require('node:http');
const port = Number(process.argv[2]);
http.createServer((req, res) => res.end('own service body ' + req.url)).listen(port, '127.0.0.1', () => console.log('listening ' + port));
`;

function hostServer(body: string): Promise<http.Server> {
  return new Promise((resolve) => {
    const server = http.createServer((_req, res) => res.end(body));
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

describe.skipIf(!sandboxStatus().available || !findBridgeTools())(
  'the agent’s own services from its contained commands',
  () => {
    it('reaches its own started server on 127.0.0.1 without a card, and no other port of the host', async () => {
      const root = temp.make();
      // The shell tool installed (PADDOCK_SHELL=1): the agent's contained bash reaches the same services.
      const { core, home } = await buildTestCore(root, { PADDOCK_SHELL: '1' });
      const stranger = await hostServer('a host listener that is not the agent’s');
      try {
        const [agent] = core.agents.list();
        const ws = path.join(home, 'project');
        fs.mkdirSync(ws, { recursive: true });
        fs.writeFileSync(path.join(ws, 'server.cjs'), SERVER);
        core.workspaces.set({
          agentId: agent!.id,
          directory: fs.realpathSync(ws),
          capturedPath: process.env.PATH ?? '/usr/bin:/bin',
          gitBinary: null,
        });
        core.agents.update(agent!.id, { mode: 'run', scopes: [...agent!.scopes, 'shell'] });

        /** Dispatches one call; a card (if any) is approved. */
        const call = async (
          tool: string,
          args: Record<string, unknown>,
        ): Promise<{ asked: string | null; result: ToolResult }> => {
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
        const text = (result: ToolResult): string => (result.ok ? (result.text ?? '') : result.error);

        const port = 20_000 + Math.floor(Math.random() * 20_000);
        const started = await call('start', { name: 'api', command: `node server.cjs ${port}`, port });
        expect(text(started.result)).toContain('started `api`');
        expect(started.result.ok && (started.result.data as { ready?: boolean }).ready).toBe(true);

        // The agent's own server: no card, and the body comes back.
        const own = await call('run', { command: `curl -s http://127.0.0.1:${port}/hello` });
        expect(own.asked).toBeNull();
        expect(text(own.result)).toContain('own service body /hello');
        const piped = await call('run', { command: `curl -s localhost:${port}/piped 2>&1 | head -1` });
        expect(piped.asked).toBeNull();
        expect(text(piped.result)).toContain('own service body /piped');

        // The agent's contained shell too.
        const shell = await call('bash', { command: `curl -s http://127.0.0.1:${port}/from-bash` });
        expect(text(shell.result)).toContain('own service body /from-bash');

        // A host listener that is not the agent's: a card, and approved it still cannot be reached.
        const strangerPort = (stranger.address() as AddressInfo).port;
        const other = await call('run', { command: `curl -sS -m 5 http://127.0.0.1:${strangerPort}/` });
        expect(other.asked).toContain(`port ${strangerPort} of this machine`);
        expect(text(other.result)).not.toContain('not the agent’s');
        expect(text(other.result)).toMatch(/exit code 7|Connection refused|Failed to connect/);

        // Paddock's own preview listener of that very process: the same.
        const previewPort = await core.services.preview.portFor(agent!.id, 'api');
        const paddock = await call('run', { command: `curl -sS -m 5 http://127.0.0.1:${previewPort}/` });
        expect(paddock.asked).toContain(`port ${previewPort} of this machine`);
        expect(text(paddock.result)).toMatch(/exit code 7|Connection refused|Failed to connect/);

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
  },
);
