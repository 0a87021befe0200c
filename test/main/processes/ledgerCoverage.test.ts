// Issue 14 §3, "record every spawned group": an agent's stdio MCP server and the owner's test run
// (the project's code) are recorded like run, bash and start, and a Paddock killed with -9 (no
// stop, no exit handler: the ledger is simply opened again) ends them at the next start.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGroupLedger } from '../../../src/main/processes/ledger';
import { isSameProcess } from '../../../src/main/processes/identity';
import { SeamStdioTransport } from '../../../src/main/mcp/seamTransport';
import { runOwnerCommand } from '../../../src/main/owner/ownerActions';
import { databaseWithAgents, killQuietly, removeTempDirs, tempDir, waitFor } from './helpers';

const leftovers: number[] = [];
afterEach(() => {
  killQuietly(leftovers.splice(0));
  removeTempDirs();
});

type Row = { pgid: number; start_time: string; purpose: string; agent_id: string | null };

describe.skipIf(process.platform !== 'linux')('groups the ledger records', () => {
  it("an agent's stdio MCP server: recorded while it runs, ended at the next start after a kill -9", async () => {
    const dataDir = tempDir();
    const db = databaseWithAgents(dataDir, ['alice']);
    const transport = new SeamStdioTransport({
      program: process.execPath,
      args: ['-e', 'setInterval(() => {}, 1000)'],
      cwd: dataDir,
      env: { PATH: '/usr/bin:/bin' },
      purpose: 'mcp',
      ledger: createGroupLedger(db),
      agentId: 'alice',
    });
    await transport.start();
    const rows = db.prepare('SELECT pgid, start_time, purpose, agent_id FROM spawned_groups').all() as Row[];
    expect(rows).toEqual([
      { pgid: expect.any(Number), start_time: expect.any(String), purpose: 'mcp', agent_id: 'alice' },
    ]);
    const { pgid, start_time: startTime } = rows[0]!;
    leftovers.push(pgid);
    expect(isSameProcess(pgid, startTime)).toBe(true);
    // Paddock dies here. The next start opens the same database and reaps.
    expect(createGroupLedger(db).reapLeftovers().groups).toBe(1);
    await waitFor(() => !isSameProcess(pgid, startTime), 10_000, 'the MCP server to be gone');
    db.close();
  });

  it("the owner's test run: recorded, and crossed out when it ends", async () => {
    const dataDir = tempDir();
    const workspace = tempDir('paddock-owner-ws-');
    const db = databaseWithAgents(dataDir, ['alice']);
    const seen: Row[][] = [];
    const ledger = createGroupLedger(db);
    const watching = {
      newTag: () => ledger.newTag(),
      started: (pid: number, tag: string, purpose: Parameters<typeof ledger.started>[2], agentId?: string | null) => {
        ledger.started(pid, tag, purpose, agentId);
        seen.push(db.prepare('SELECT pgid, start_time, purpose, agent_id FROM spawned_groups').all() as Row[]);
      },
      ended: (pid: number, tag: string) => ledger.ended(pid, tag),
    };
    const lock = { tryAcquire: () => ({ ok: true as const, release: () => undefined }) };
    fs.writeFileSync(path.join(workspace, 'marker.txt'), 'x');
    const result = await runOwnerCommand(
      lock as never,
      { directory: workspace, capturedPath: path.dirname(process.execPath) + ':/usr/bin:/bin' } as never,
      'test',
      ['node', '-e', 'console.log("ran")'],
      { home: workspace, from: {} },
      watching,
    );
    expect(result).toMatchObject({ ok: true, exitCode: 0 });
    expect(seen).toEqual([
      [{ pgid: expect.any(Number), start_time: expect.any(String), purpose: 'owner', agent_id: null }],
    ]);
    expect(db.prepare('SELECT COUNT(*) FROM spawned_groups').pluck().get()).toBe(0);
    db.close();
  });
});
