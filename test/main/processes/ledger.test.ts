// Issue 14 §3: every spawned group is recorded (pid + OS start time + a tag in its environment),
// and recovery ends all of them — the children of a `run` interrupted by kill -9 of Paddock, and
// their setsid and double-forked descendants, even with no sandbox. A stop ends the tagged ones too.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/main/store/database';
import { createSpawnedGroupsRepository } from '../../../src/main/store/spawnedGroups';
import { createGroupLedger, taggedPids } from '../../../src/main/processes/ledger';
import { Supervisor } from '../../../src/main/processes/supervisor';
import { databaseWithAgents, killQuietly, removeTempDirs, tempDir, waitFor } from './helpers';

const FIXTURES = path.resolve(__dirname, '../../fixtures/sandbox');
const PROCESS_FIXTURES = path.resolve(__dirname, '../../fixtures/processes');
const TSX = path.resolve(__dirname, '../../../node_modules/.bin/tsx');
const leftovers: number[] = [];
afterEach(() => {
  killQuietly(leftovers.splice(0));
  removeTempDirs();
});

function holders(token: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(token);
      } catch {
        return false;
      }
    });
}

const beats = (workspace: string) =>
  ['heartbeat-setsid', 'heartbeat-double-fork'].every((f) => fs.existsSync(path.join(workspace, f)));

describe.skipIf(process.platform !== 'linux')('the ledger of spawned groups', () => {
  it('a run interrupted by kill -9 of Paddock leaves no process after the restart', async () => {
    const dataDir = tempDir();
    const workspace = tempDir('paddock-ledger-ws-');
    fs.copyFileSync(path.join(FIXTURES, 'daemon.cjs'), path.join(workspace, 'daemon.cjs'));
    const token = `ledger-token-${Math.random().toString(36).slice(2)}`;
    openDatabase(dataDir).close();
    const host = spawn(TSX, [path.join(FIXTURES, 'ledger-host.ts'), dataDir, workspace, token], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    leftovers.push(host.pid as number);
    let out = '';
    host.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await waitFor(() => out.includes('ready'), 60_000, 'the host to start');
    await waitFor(() => beats(workspace), 20_000, 'the daemons to beat');
    for (const pid of [host.pid as number, ...holders(path.join(FIXTURES, 'ledger-host.ts'))])
      process.kill(pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Uncontained and unowned: the server, the setsid daemon and the double fork all survived.
    const survivors = holders(token);
    leftovers.push(...survivors);
    expect(survivors.length).toBeGreaterThanOrEqual(3);

    const db = openDatabase(dataDir);
    const rows = createSpawnedGroupsRepository(db).list().length;
    expect(rows).toBe(1);
    const reaped = createGroupLedger(db).reapLeftovers();
    db.close();
    expect(reaped.groups).toBe(1);
    await waitFor(() => holders(token).length === 0, 10_000, 'every leftover to be gone');
  }, 120_000);

  it('stop of an uncontained start ends descendants that left its group', async () => {
    const dataDir = tempDir();
    const workspace = tempDir('paddock-ledger-ws-');
    fs.copyFileSync(path.join(FIXTURES, 'daemon.cjs'), path.join(workspace, 'daemon.cjs'));
    const token = `ledger-token-${Math.random().toString(36).slice(2)}`;
    const db = databaseWithAgents(dataDir, ['alice']);
    const ledger = createGroupLedger(db);
    const supervisor = new Supervisor({ db, dataDir, killGraceMs: 300, ledger });
    try {
      supervisor.start('alice', {
        name: 'web',
        program: process.execPath,
        args: [path.join(workspace, 'daemon.cjs'), token, '--serve'],
        cwd: workspace,
        env: { PATH: '/usr/bin:/bin' },
      });
      await waitFor(() => beats(workspace), 20_000, 'the daemons to beat');
      const { tag } = createSpawnedGroupsRepository(db).list()[0]!;
      expect(taggedPids(tag).length).toBeGreaterThanOrEqual(3);
      await supervisor.stop('alice', 'web');
      await waitFor(() => holders(token).length === 0, 10_000, 'the setsid daemon and the double fork to be gone');
      expect(createSpawnedGroupsRepository(db).list()).toEqual([]);
    } finally {
      leftovers.push(...holders(token));
      await supervisor.stopAll();
      db.close();
    }
  }, 60_000);

  it('stop of an uncontained start ends a setsid descendant that dropped its environment (tag gone), by the process tree', async () => {
    const dataDir = tempDir();
    const workspace = tempDir('paddock-ledger-ws-');
    fs.copyFileSync(path.join(PROCESS_FIXTURES, 'cleanEnvDaemon.cjs'), path.join(workspace, 'cleanEnvDaemon.cjs'));
    const token = `ledger-token-${Math.random().toString(36).slice(2)}`;
    const db = databaseWithAgents(dataDir, ['alice']);
    const supervisor = new Supervisor({ db, dataDir, killGraceMs: 300, ledger: createGroupLedger(db) });
    try {
      const row = supervisor.start('alice', {
        name: 'web',
        program: process.execPath,
        args: [path.join(workspace, 'cleanEnvDaemon.cjs'), token],
        cwd: workspace,
        env: { PATH: '/usr/bin:/bin' },
      });
      await waitFor(
        () => fs.existsSync(path.join(workspace, 'heartbeat-clean-env')),
        20_000,
        'the setsid child to beat',
      );
      const escaped = holders(token).filter((pid) => pid !== row.pid);
      expect(escaped.length).toBe(1);
      // It really left: another session and group, and no tag in its environment.
      expect(fs.readFileSync(`/proc/${escaped[0]}/environ`, 'latin1')).not.toContain('PADDOCK_GROUP');
      expect(fs.readFileSync(`/proc/${escaped[0]}/stat`, 'utf8').split(') ')[1]!.split(' ')[2]).not.toBe(
        String(row.pid),
      );
      await supervisor.stop('alice', 'web');
      await waitFor(() => holders(token).length === 0, 10_000, 'the setsid child without a tag to be gone');
    } finally {
      leftovers.push(...holders(token));
      await supervisor.stopAll();
      db.close();
    }
  }, 60_000);
});
