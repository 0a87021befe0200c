// An MCP server the owner added for a Paddock agent (issue 21): a real server written with the SDK,
// started through the exec seam in the workspace, its tools dispatched by the real dispatcher.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpServerManager } from '../../../src/main/mcp/servers';
import { createMcpServersRepository } from '../../../src/main/store/mcpServers';
import { bundleShoutServer } from '../../support/mcpServerBundle';
import { sandboxStatus } from '../../support/sandbox';
import { createTempDirs } from '../../support/tempDirs';
import { dispatchHarness } from '../dispatch/harness';

const temp = createTempDirs('paddock-mcp-servers-');
afterEach(() => temp.cleanup());

const SERVER = path.resolve(__dirname, '../../fixtures/mcp/shoutServer.mjs');

async function withServer(mode: 'ask' | 'edit' | 'run' = 'run') {
  const h = await dispatchHarness(temp.make(), { mode });
  // In the workspace: the server runs in the agent's sandbox when one is available.
  const server = bundleShoutServer(h.workspace);
  const added = await h.core.mcpServers.add({
    agentId: h.agent.id,
    name: 'shouter',
    transport: 'stdio',
    command: `node ${server}`,
  });
  expect(added.ok, added.ok ? '' : added.reason).toBe(true);
  return { h, server: added.ok ? added.server : (null as never) };
}

describe('an agent’s MCP server', () => {
  it('is started in the workspace, offered as mcp__<server>__<tool>, and grants the mcp scope', async () => {
    const { h, server } = await withServer();
    expect(server.state).toBe('ready');
    expect(h.core.agents.get(h.agent.id)?.scopes).toContain('mcp');
    const names = h.core.dispatcher.offeredTools(h.agent.id).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['mcp__shouter__shout', 'mcp__shouter__crash']));
    const vocabulary = h.core.vocabularyFor(h.agent.id).find((line) => line.scope === 'mcp');
    expect(vocabulary).toMatchObject({ granted: true, installed: true });
    expect(vocabulary?.installedTools).toContain('mcp__shouter__shout');

    const { result } = h.dispatch('mcp__shouter__where', {});
    const card = await h.nextCard();
    h.core.cards.answer({ cardId: card.id, decision: 'approve' });
    expect(await result).toEqual({ ok: true, text: h.workspace });
    await h.core.shutdown();
  });

  it('has its tools carded, until the owner marks one auto; ask mode cards it anyway', async () => {
    const { h, server } = await withServer('run');
    const first = h.dispatch('mcp__shouter__shout', { text: 'hello' });
    const card = await h.nextCard();
    expect(card.reason).toMatch(/mark it auto/);
    expect(card.details?.join('\n')).toContain('"text": "hello"');
    h.core.cards.answer({ cardId: card.id, decision: 'deny' });
    expect(await first.result).toMatchObject({ ok: false, error: 'the owner denied this call' });

    h.core.mcpServers.setAuto(server.id, 'shout', true);
    expect(await h.dispatch('mcp__shouter__shout', { text: 'hello' }).result).toEqual({ ok: true, text: 'HELLO' });
    expect(h.core.cards.list()).toEqual([]);

    h.core.agents.update(h.agent.id, { mode: 'ask' });
    const asked = h.dispatch('mcp__shouter__shout', { text: 'again' });
    const askCard = await h.nextCard();
    expect(askCard.reason).toMatch(/ask mode/);
    h.core.cards.answer({ cardId: askCard.id, decision: 'approve' });
    expect(await asked.result).toEqual({ ok: true, text: 'AGAIN' });
    await h.core.shutdown();
  });

  it('reports a crash in a sentence with its last words, refuses until restarted, and works after Restart', async () => {
    const { h, server } = await withServer();
    h.core.mcpServers.setAuto(server.id, 'crash', true);
    h.core.mcpServers.setAuto(server.id, 'shout', true);
    const crashed = await h.dispatch('mcp__shouter__crash', {}).result;
    expect(crashed.ok).toBe(false);
    const listed = h.core.mcpServers.list(h.agent.id)[0]!;
    expect(listed.state).toBe('failed');
    expect(listed.error).toMatch(/the MCP server shouter stopped: it exited with code 3/);
    expect(listed.error).toContain('crashing on purpose');
    // Its tools are no longer offered, and a call by name is refused at once, not hung.
    expect(h.core.dispatcher.offeredTools(h.agent.id).map((tool) => tool.name)).not.toContain('mcp__shouter__shout');

    const restarted = await h.core.mcpServers.restart(server.id);
    expect(restarted?.state).toBe('ready');
    expect(await h.dispatch('mcp__shouter__shout', { text: 'back' }).result).toEqual({ ok: true, text: 'BACK' });
    await h.core.shutdown();
  });

  it('a tool of a removed server does not exist for the dispatcher', async () => {
    const { h, server } = await withServer();
    await h.core.mcpServers.remove(server.id);
    const result = await h.dispatch('mcp__shouter__shout', { text: 'x' }).result;
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/not installed/) });
    await h.core.shutdown();
  });
});

describe('a hung MCP server', () => {
  it('never holds a turn: the call ends at its timeout, the server is marked failed, later calls refuse at once', async () => {
    const h = await dispatchHarness(temp.make());
    const servers = createMcpServersRepository(h.core.db);
    const record = servers.add({ agentId: h.agent.id, name: 'slow', transport: 'stdio', command: `node ${SERVER}` });
    const manager = createMcpServerManager({
      servers,
      workspaces: h.core.workspaces,
      headersFor: () => ({}),
      home: h.home,
      ownerEnv: {},
      version: 'test',
      onChanged: () => undefined,
      callTimeoutMs: 1_000,
    });
    const hung = await manager.call(record.id, 'hang', {}, new AbortController().signal);
    expect(hung).toMatchObject({
      ok: false,
      error: expect.stringMatching(/did not answer hang within 1 s.*Restart it/),
    });
    const started = Date.now();
    const refused = await manager.call(record.id, 'shout', { text: 'x' }, new AbortController().signal);
    expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/did not answer hang/) });
    expect(Date.now() - started).toBeLessThan(1_000); // refused at once, not after another timeout

    await manager.restart(record.id);
    const cancel = new AbortController();
    const pending = manager.call(record.id, 'hang', {}, cancel.signal);
    setTimeout(() => cancel.abort(), 100);
    expect(await pending).toEqual({ ok: false, error: 'cancelled' });
    await manager.stopAll();
    await h.core.shutdown();
  });
});

describe.skipIf(!sandboxStatus().available)('an agent’s MCP server in the sandbox (SPEC §4)', () => {
  it('what it plants (.vscode, .git, .envrc) is moved out at once, and it is stopped with a sentence saying why', async () => {
    const { h, server } = await withServer('run');
    h.core.mcpServers.setAuto(server.id, 'plant', true);
    // It may answer before the guard stops it, or be stopped first: either way nothing it made stays.
    await h.dispatch('mcp__shouter__plant', {}).result;
    const deadline = Date.now() + 10_000;
    const listed = () => h.core.mcpServers.list(h.agent.id)[0]!;
    while (Date.now() < deadline && listed().state !== 'failed')
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listed().error).toMatch(
      /the MCP server shouter stopped: Paddock stopped it: `\.(vscode|git|envrc)`.* appeared in the workspace while it ran/,
    );
    for (const name of ['.vscode', '.git', '.envrc'])
      expect(fs.existsSync(path.join(h.workspace, name)), name).toBe(false);
    await h.core.shutdown();
  });
});
