// Two MCP clients on one agent (SPEC §5, §14): a session acts only in the workspace and mode it was
// opened with. A second session that would move the agent elsewhere is refused, naming the first;
// an agent moved anyway (another `paddock mcp` process, the owner's window) makes the first session's
// calls refusals, never calls in the new workspace or mode.
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { localSessionDeps } from '../../../src/main/cli/mcpLocalBackend';
import type { Core } from '../../../src/main/core';
import { openMcpSession, type McpPeer } from '../../../src/main/mcp/session';
import { paddockCli } from '../../support/cli';
import { createTempDirs } from '../../support/tempDirs';
import { buildTestCore } from '../../support/testCore';

const temp = createTempDirs('paddock-mcp-bound-');
const cores: Core[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const core of cores.splice(0)) await core.shutdown();
  temp.cleanup();
});

const noWindowPeer: McpPeer = { canElicit: false, elicit: () => Promise.resolve('deny'), progress: () => undefined };
const signal = (): AbortSignal => new AbortController().signal;

async function twoProjects(options: { mcpBridge?: boolean } = {}) {
  const root = temp.make();
  const { core, home, dataDir } = await buildTestCore(root, {}, options);
  cores.push(core);
  const projA = path.join(home, 'projA');
  const projB = path.join(home, 'projB');
  fs.mkdirSync(projA);
  fs.mkdirSync(projB);
  const deps = localSessionDeps(core);
  return { core, home, dataDir, projA, projB, deps };
}

describe('one MCP session, one workspace and mode', () => {
  it('refuses a second session on the agent in another workspace or mode, naming the open one; the first keeps its own', async () => {
    const { core, dataDir, projA, projB, deps } = await twoProjects();
    const a = await openMcpSession(deps, {
      client: { name: 'A', version: '1' },
      workspace: projA,
      agentHandle: 'mcp',
      mode: 'ask',
      dataDir,
    });

    const otherWorkspace = openMcpSession(deps, {
      client: { name: 'B', version: '1' },
      workspace: projB,
      agentHandle: 'mcp',
      mode: 'ask',
      dataDir,
    });
    await expect(otherWorkspace).rejects.toThrow(/@mcp is in use by the MCP session of A 1 on .*projA in ask mode/);
    const otherMode = openMcpSession(deps, {
      client: { name: 'B', version: '1' },
      workspace: projA,
      agentHandle: 'mcp',
      mode: 'run',
      dataDir,
    });
    await expect(otherMode).rejects.toThrow(
      /in use by the MCP session of A 1 .* in ask mode.*asked for .*projA in run mode/,
    );

    // The agent record did not move, and A's write is still a card it cannot answer: nothing written.
    const agent = core.agents.get(a.agentId);
    expect(agent?.mode).toBe('ask');
    expect(core.workspaces.get(a.agentId)?.directory).toBe(fs.realpathSync(projA));
    const write = await a.call('write', { path: 'from-A.txt', content: 'A\n' }, noWindowPeer, signal());
    expect(write.ok).toBe(false);
    expect(fs.existsSync(path.join(projA, 'from-A.txt'))).toBe(false);
    expect(fs.existsSync(path.join(projB, 'from-A.txt'))).toBe(false);

    // The same workspace and mode (or no --mode) may share the agent; once A closes, B may move it.
    const same = await openMcpSession(deps, {
      client: { name: 'C', version: '1' },
      workspace: projA,
      agentHandle: 'mcp',
      dataDir,
    });
    a.close();
    await expect(
      openMcpSession(deps, {
        client: { name: 'B', version: '1' },
        workspace: projB,
        agentHandle: 'mcp',
        mode: 'run',
        dataDir,
      }),
    ).rejects.toThrow(/in use by the MCP session of C 1/);
    same.close();
    const b = await openMcpSession(deps, {
      client: { name: 'B', version: '1' },
      workspace: projB,
      agentHandle: 'mcp',
      mode: 'run',
      dataDir,
    });
    const written = await b.call('write', { path: 'from-B.txt', content: 'B\n' }, noWindowPeer, signal());
    expect(written.ok).toBe(true);
    expect(fs.existsSync(path.join(projB, 'from-B.txt'))).toBe(true);
    b.close();
  }, 60_000);

  it('refuses every call of a session whose agent was moved to another workspace or mode since it opened, and writes nowhere', async () => {
    const { core, dataDir, projA, projB, deps } = await twoProjects();
    const a = await openMcpSession(deps, {
      client: { name: 'A', version: '1' },
      workspace: projA,
      agentHandle: 'mcp',
      mode: 'ask',
      dataDir,
    });

    // What another `paddock mcp` process on this data directory, or the owner in the window, may do.
    core.agents.update(a.agentId, { mode: 'run' });
    const inRun = await a.call('write', { path: 'x.txt', content: 'x\n' }, noWindowPeer, signal());
    expect(inRun.ok).toBe(false);
    if (!inRun.ok) expect(inRun.error).toMatch(/opened in ask mode, but @mcp is now in run mode/);
    expect(fs.existsSync(path.join(projA, 'x.txt'))).toBe(false);

    core.agents.update(a.agentId, { mode: 'ask' });
    expect((await core.assignment.assign(a.agentId, projB)).ok).toBe(true);
    core.agents.update(a.agentId, { mode: 'run' });
    for (const [tool, args] of [
      ['write', { path: 'x.txt', content: 'x\n' }],
      ['read', { path: '.' }],
      ['list', { path: '.' }],
    ] as const) {
      const moved = await a.call(tool, args, noWindowPeer, signal());
      expect(moved.ok, tool).toBe(false);
      if (!moved.ok) expect(moved.error).toMatch(/opened on .*projA, but @mcp's workspace is now .*projB/);
    }
    expect(fs.existsSync(path.join(projA, 'x.txt'))).toBe(false);
    expect(fs.existsSync(path.join(projB, 'x.txt'))).toBe(false);
    a.close();
  }, 60_000);
});

async function connect(w: { ws: string; dataDir: string; home: string }, flags: string[]): Promise<Client> {
  const client = new Client({ name: `client-${clients.length}`, version: '1.0.0' }, { capabilities: {} });
  const [command, args] = paddockCli(['mcp', '--workspace', w.ws, '--data-dir', w.dataDir, ...flags]);
  await client.connect(
    new StdioClientTransport({
      command,
      args,
      env: { PATH: process.env.PATH ?? '', HOME: w.home, SHELL: '/bin/sh' },
      stderr: 'pipe',
    }),
  );
  clients.push(client);
  return client;
}

const text = (result: unknown): string => ((result as CallToolResult).content[0] as { text: string }).text;

describe('two paddock mcp clients beside a running Paddock', () => {
  it('the second, in another workspace and mode, is refused naming the first; the first still writes nothing without a card', async () => {
    const { core, home, dataDir, projA, projB } = await twoProjects({ mcpBridge: true });
    // The window denies every card, and notes which workspace each was drawn for.
    const cards: string[] = [];
    const unsubscribe = core.events.subscribe((event) => {
      if (event.type !== 'card.pending') return;
      cards.push(core.workspaces.get(event.card.agentId)?.directory ?? 'none');
      core.cards.answer({ cardId: event.card.id, decision: 'deny' });
    });
    const a = await connect({ ws: projA, dataDir, home }, ['--mode', 'ask']);
    expect((await a.listTools()).tools.length).toBeGreaterThan(0); // A's session is open
    const b = await connect({ ws: projB, dataDir, home }, ['--mode', 'run']);
    const refused = await b.callTool({ name: 'write', arguments: { path: 'from-B.txt', content: 'B\n' } });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/@mcp is in use by the MCP session of client-0 1\.0\.0 on .*projA in ask mode/);

    const fromA = await a.callTool({ name: 'write', arguments: { path: 'from-A.txt', content: 'A\n' } });
    unsubscribe();
    expect(fromA.isError).toBe(true);
    expect(text(fromA)).toMatch(/denied/); // still in ask mode: a card, drawn for projA
    expect(cards).toEqual([fs.realpathSync(projA)]);
    for (const ws of [projA, projB]) {
      expect(fs.existsSync(path.join(ws, 'from-A.txt'))).toBe(false);
      expect(fs.existsSync(path.join(ws, 'from-B.txt'))).toBe(false);
    }
  }, 90_000);
});

describe('two paddock mcp processes with no Paddock running', () => {
  // One core per data directory: the first lone paddock mcp runs it, and the second goes through it
  // (a second core would end the first one's processes at its start), so the agent is held once.
  it("the second goes through the first one's core: refused in another workspace or mode, naming the first, which keeps its own", async () => {
    const root = temp.make();
    const home = path.join(root, 'home');
    const dataDir = path.join(root, 'data');
    const projA = path.join(home, 'projA');
    const projB = path.join(home, 'projB');
    fs.mkdirSync(projA, { recursive: true });
    fs.mkdirSync(projB);
    const a = await connect({ ws: projA, dataDir, home }, ['--mode', 'run']);
    expect((await a.listTools()).tools.length).toBeGreaterThan(0);
    const b = await connect({ ws: projB, dataDir, home }, ['--mode', 'ask']);
    const fromB = await b.callTool({ name: 'write', arguments: { path: 'from-B.txt', content: 'B\n' } });
    expect(fromB.isError).toBe(true);
    expect(text(fromB)).toMatch(/@mcp is in use by the MCP session of client-0 1\.0\.0 on .*projA in run mode/);

    const fromA = await a.callTool({ name: 'write', arguments: { path: 'from-A.txt', content: 'A\n' } });
    expect(fromA.isError, text(fromA)).toBeFalsy();
    expect(fs.readFileSync(path.join(projA, 'from-A.txt'), 'utf8')).toBe('A\n');
    expect(fs.existsSync(path.join(projB, 'from-A.txt'))).toBe(false);
    expect(fs.existsSync(path.join(projB, 'from-B.txt'))).toBe(false);
  }, 90_000);
});
