// `paddock mcp` driven by the official SDK's own client over stdio, as Claude Code, Codex or Cursor
// would drive it: the same tools, fence, tiers and records as the built-in loop (issue 21).
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { runCheckPath } from '../../../src/main/cli/checkPath';
import { createTempDirs } from '../../support/tempDirs';
import { paddockCli } from '../../support/cli';
import { buildTestCore } from '../../support/testCore';
import type { Core } from '../../../src/main/core';
import type { Card } from '../../../src/shared/domain';

const temp = createTempDirs('paddock-mcp-');
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  temp.cleanup();
});

interface World {
  home: string;
  dataDir: string;
  ws: string;
}

function world(): World {
  const root = temp.make();
  const home = path.join(root, 'home');
  const dataDir = path.join(root, 'data');
  const ws = path.join(home, 'project');
  fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
  fs.writeFileSync(path.join(ws, 'src', 'a.txt'), 'alpha\nbeta\n');
  fs.writeFileSync(path.join(root, 'secret.txt'), 'outside');
  return { home, dataDir, ws };
}

type Elicit = (message: string) => { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> };

async function connect(w: World, flags: string[], elicit?: Elicit): Promise<Client> {
  const client = new Client(
    { name: 'test-client', version: '1.0.0' },
    { capabilities: elicit ? { elicitation: {} } : {} },
  );
  if (elicit) client.setRequestHandler(ElicitRequestSchema, async (request) => elicit(request.params.message));
  const [command, args] = paddockCli(['mcp', '--workspace', w.ws, '--data-dir', w.dataDir, ...flags]);
  const transport = new StdioClientTransport({
    command,
    args,
    env: { PATH: process.env.PATH ?? '', HOME: w.home, SHELL: '/bin/sh' },
    stderr: 'pipe',
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const text = (result: unknown): string => ((result as CallToolResult).content[0] as { text: string }).text;

async function checkPathReason(w: World, target: string): Promise<string> {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await runCheckPath(['--workspace', w.ws, '--data-dir', w.dataDir, target], {
    stdin: new PassThrough(),
    stdout,
    stderr: new PassThrough(),
    env: { HOME: w.home },
  });
  return (JSON.parse(out) as { reason: string }).reason;
}

describe('paddock mcp over stdio, with no Paddock running', () => {
  it('lists the agent’s installed and granted tools, with their schemas', async () => {
    const client = await connect(world(), []);
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['read', 'list', 'search', 'write', 'edit', 'run', 'git', 'summarise']),
    );
    expect(names).not.toContain('bash'); // shell is not granted to a new agent
    expect(names).not.toContain('workspace'); // the workspace is the owner's --workspace
    expect(tools.find((tool) => tool.name === 'read')?.inputSchema).toMatchObject({
      type: 'object',
      properties: { path: expect.anything() },
    });
  }, 60_000);

  it('reads inside the workspace, and refuses outside with the reason check-path gives', async () => {
    const w = world();
    const client = await connect(w, []);
    const inside = await client.callTool({ name: 'read', arguments: { path: 'src/a.txt' } });
    expect(inside.isError).toBeFalsy();
    expect(text(inside)).toContain('beta');
    const outsidePath = path.join(path.dirname(w.home), 'secret.txt');
    const outside = await client.callTool({ name: 'read', arguments: { path: outsidePath } });
    expect(outside.isError).toBe(true);
    expect(text(outside)).toContain(await checkPathReason(w, outsidePath));
    const ssh = await client.callTool({ name: 'read', arguments: { path: '../.ssh/id_rsa' } });
    expect(ssh.isError).toBe(true);
  }, 60_000);

  it('publishes each tool’s own declaration as MCP annotations', async () => {
    const client = await connect(world(), []);
    const { tools } = await client.listTools();
    const hints = (name: string) => tools.find((tool) => tool.name === name)?.annotations;
    expect(hints('read')).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(hints('search')).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(hints('write')).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(hints('run')).toMatchObject({ readOnlyHint: false, destructiveHint: true, openWorldHint: true });
    for (const tool of tools) expect(tool.annotations, tool.name).toBeDefined();
  }, 60_000);

  it('in ask mode a write elicits: refused by the person it is refused, accepted it writes', async () => {
    const w = world();
    const asked: string[] = [];
    let accept = false;
    const client = await connect(w, ['--mode', 'ask'], (message) => {
      asked.push(message);
      // The person left "Approve" unticked: a person's no, however fast.
      return { action: 'accept', content: { approve: accept } };
    });
    const declined = await client.callTool({ name: 'write', arguments: { path: 'notes.md', content: 'hello\n' } });
    expect(declined.isError).toBe(true);
    expect(text(declined)).toMatch(/denied/);
    expect(fs.existsSync(path.join(w.ws, 'notes.md'))).toBe(false);
    expect(asked[0]).toContain('notes.md');
    expect(asked[0]).toContain('+hello');

    accept = true;
    const accepted = await client.callTool({ name: 'write', arguments: { path: 'notes.md', content: 'hello\n' } });
    expect(accepted.isError).toBeFalsy();
    expect(fs.readFileSync(path.join(w.ws, 'notes.md'), 'utf8')).toBe('hello\n');
  }, 60_000);

  it('a client that declines at once asked nobody: the model is not told the owner denied it', async () => {
    const w = world();
    const client = await connect(w, ['--mode', 'ask'], () => ({ action: 'decline' }));
    const result = await client.callTool({ name: 'write', arguments: { path: 'notes.md', content: 'x' } });
    expect(result.isError).toBe(true);
    expect(text(result)).not.toMatch(/denied/);
    expect(text(result)).toMatch(/nobody was asked/);
    expect(text(result)).toContain('paddock serve --data-dir');
    expect(text(result)).toMatch(/edit or run mode/);
    expect(fs.existsSync(path.join(w.ws, 'notes.md'))).toBe(false);
  }, 60_000);

  it('without elicitation and without a window, a gated call is refused with how to answer it', async () => {
    const w = world();
    const client = await connect(w, ['--mode', 'ask']);
    const result = await client.callTool({ name: 'write', arguments: { path: 'notes.md', content: 'x' } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/no Paddock window is running/);
    expect(text(result)).toContain('paddock serve --data-dir');
    expect(fs.existsSync(path.join(w.ws, 'notes.md'))).toBe(false);
  }, 60_000);
});

/** The owner at the window approves every card (for the diff it showed: null for a new file), noting each. */
function windowApproves(core: Core, check: (card: Card) => void = () => undefined) {
  const pending: string[] = [];
  const unsubscribe = core.events.subscribe((event) => {
    if (event.type !== 'card.pending') return;
    pending.push(event.card.id);
    check(event.card);
    core.cards.answer({ cardId: event.card.id, decision: 'approve', baseHash: event.card.baseHash });
  });
  return { pending, unsubscribe };
}

describe('paddock mcp beside a running Paddock on the same data directory', () => {
  it('sends a gated run to the window as a card, records it under the client, and runs it once approved', async () => {
    const w = world();
    const { core } = await buildTestCore(path.dirname(w.home), {}, { mcpBridge: true });
    try {
      const { pending, unsubscribe } = windowApproves(core, (card) =>
        expect(card.argv?.join(' ')).toMatch(/touch made-by-mcp\.txt/),
      );
      const client = await connect(w, ['--mode', 'run']);
      // Gated with the sandbox too: a link made before another command is a card (policy/contained.ts).
      const result = await client.callTool({
        name: 'run',
        arguments: { command: 'touch made-by-mcp.txt && ln -s made-by-mcp.txt link-by-mcp && ls' },
      });
      unsubscribe();
      expect(result.isError, text(result)).toBeFalsy();
      expect(pending).toHaveLength(1);
      expect(fs.existsSync(path.join(w.ws, 'made-by-mcp.txt'))).toBe(true);

      const agent = core.agents.list().find((candidate) => candidate.handle === '@mcp');
      expect(agent?.mode).toBe('run');
      const conversation = core.conversations.listForAgent(agent!.id)[0]!;
      expect(conversation.title).toBe('MCP: test-client 1.0.0');
      const calls = core.toolCalls.listForConversation(conversation.id);
      expect(calls.map((call) => [call.tool, call.tier, call.answer, call.status])).toEqual([
        ['run', 'gated', 'approve', 'done'],
      ]);
    } finally {
      await core.shutdown();
    }
  }, 60_000);

  it('a card the client declines at once (nobody at it) goes to the window instead', async () => {
    const w = world();
    const { core } = await buildTestCore(path.dirname(w.home), {}, { mcpBridge: true });
    try {
      const { pending, unsubscribe } = windowApproves(core);
      let elicited = 0;
      const client = await connect(w, ['--mode', 'ask'], () => {
        elicited += 1;
        return { action: 'decline' };
      });
      const result = await client.callTool({
        name: 'write',
        arguments: { path: 'notes.md', content: 'from the window\n' },
      });
      unsubscribe();
      expect(result.isError, text(result)).toBeFalsy();
      expect(elicited).toBe(1);
      expect(pending).toHaveLength(1);
      expect(fs.readFileSync(path.join(w.ws, 'notes.md'), 'utf8')).toBe('from the window\n');
    } finally {
      await core.shutdown();
    }
  }, 60_000);
});
