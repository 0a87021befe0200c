// Seed 003 §10 item 4: a dev server started with `start` is stopped when Paddock stops — here a
// real child Node process builds the real core with the shutdown both hosts ship (src/main/shutdown.ts),
// receives SIGTERM, and must leave no process of the group.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/main/store/database';
import { createProcessesRepository } from '../../../src/main/store/processes';
import { FIXTURES, familyPids, killQuietly, removeTempDirs, tempDir, waitFor, waitGone } from './helpers';
import { readLogChunk } from '../../../src/main/processes/logs';

const TSX = path.resolve(__dirname, '../../../node_modules/.bin/tsx');
const leftovers: number[] = [];
afterEach(() => {
  killQuietly(leftovers.splice(0));
  removeTempDirs();
});

describe('quitting Paddock', () => {
  it('SIGTERM stops the dev server and its grandchild, and marks the row stopped', async () => {
    const dataDir = tempDir();
    const home = tempDir('paddock-home-');
    const host = spawn(TSX, [path.join(FIXTURES, 'quit-host.ts'), dataDir, home], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    leftovers.push(host.pid as number);
    let out = '';
    let err = '';
    host.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    host.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => host.on('exit', (code) => resolve(code)));
    await waitFor(() => out.includes('logPath') || host.exitCode !== null, 60_000, 'the host to start');
    expect(out, err).toContain('logPath');
    const { pid, logPath, agentId } = JSON.parse(out.trim().split('\n')[0]!) as {
      pid: number;
      logPath: string;
      agentId: string;
    };
    leftovers.push(pid);
    let pids: { parent: number; grandchild: number } | null = null;
    await waitFor(
      () => {
        const text = readLogChunk(logPath, 0).text;
        pids = familyPids(text);
        return pids !== null && text.includes('listening');
      },
      30_000,
      'the dev server to listen',
    );
    const family = pids as unknown as { parent: number; grandchild: number };
    leftovers.push(family.grandchild);
    expect(family.parent).toBe(pid);

    host.kill('SIGTERM');
    expect(await exited).toBe(143);
    await waitGone([family.parent, family.grandchild]);

    const db = openDatabase(dataDir);
    const store = createProcessesRepository(db);
    const row = store.latestForAgent(agentId, 'web');
    const running = store.running();
    db.close();
    expect(row?.status).toBe('stopped');
    expect(running).toEqual([]);
  }, 90_000);
});
