// A call through `paddock mcp` gets a checkpoint like a call from the window: each call is a turn of
// its own, recorded before its first change and when it ends, and the window's "Undo this turn"
// takes that one call back.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Card } from '../../../src/shared/domain';
import { localSessionDeps } from '../../../src/main/cli/mcpLocalBackend';
import type { Core } from '../../../src/main/core';
import { openMcpSession, type McpPeer } from '../../../src/main/mcp/session';
import { createTempDirs } from '../../support/tempDirs';
import { buildTestCore } from '../../support/testCore';

const temp = createTempDirs('paddock-mcp-checkpoints-');
const cores: Core[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.shutdown();
  temp.cleanup();
});

const peer: McpPeer = { canElicit: false, elicit: () => Promise.resolve('deny'), progress: () => undefined };
const signal = (): AbortSignal => new AbortController().signal;

describe('paddock mcp calls and checkpoints', () => {
  it('each call that changes files is a turn the window can undo', async () => {
    const { core, home } = await buildTestCore(temp.make());
    cores.push(core);
    const ws = path.join(home, 'project');
    fs.mkdirSync(ws);
    fs.writeFileSync(path.join(ws, 'notes.md'), 'before\n');
    const session = await openMcpSession(localSessionDeps(core), {
      client: { name: 'test-client', version: '1' },
      workspace: ws,
      agentHandle: 'mcp',
      mode: 'edit',
      dataDir: core.options.dataDir,
    });

    expect(await session.call('read', { path: 'notes.md' }, peer, signal())).toMatchObject({ ok: true });
    expect(await session.call('write', { path: 'notes.md', content: 'after\n' }, peer, signal())).toMatchObject({
      ok: true,
    });
    expect(fs.readFileSync(path.join(ws, 'notes.md'), 'utf8')).toBe('after\n');

    const recorded = core.checkpoints.list(session.conversationId).filter((checkpoint) => checkpoint.recorded);
    expect(recorded).toHaveLength(1); // the read changed nothing; the write is one turn
    expect(recorded[0]).toMatchObject({ kind: 'turn', undone: false, working: false });
    expect(recorded[0]!.summary).toMatch(/changed 1 file: notes\.md/);

    const asked = new Promise<Card>((resolve) => {
      const unsubscribe = core.events.subscribe((event) => {
        if (event.type === 'card.pending' && event.card.tool === 'checkpoint') {
          unsubscribe();
          resolve(event.card);
        }
      });
    });
    await core.checkpoints.undo(recorded[0]!.id);
    const card = await asked;
    expect(core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash })).toEqual({ ok: true });
    const deadline = Date.now() + 15_000;
    const restored = () =>
      core.checkpoints
        .list(session.conversationId)
        .some((checkpoint) => checkpoint.kind === 'restore' && checkpoint.summary);
    while (Date.now() < deadline && !restored()) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.readFileSync(path.join(ws, 'notes.md'), 'utf8')).toBe('before\n');
    session.close();
  });
});
