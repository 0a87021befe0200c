import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildChildEnv } from '../../../src/main/processes/env';
import { isAlive, readStartTime } from '../../../src/main/processes/identity';
import { Supervisor, type ProcessEvent } from '../../../src/main/processes/supervisor';
import type { Db } from '../../../src/main/store/database';
import { createProcessesRepository } from '../../../src/main/store/processes';
import {
  FAMILY,
  databaseWithAgents,
  familyPids,
  killQuietly,
  removeTempDirs,
  tempDir,
  waitFor,
  waitGone,
} from './helpers';

const NODE = process.execPath;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  removeTempDirs();
});

function setup(): { db: Db; dataDir: string; supervisor: Supervisor; cwd: string; env: Record<string, string> } {
  const dataDir = tempDir();
  const db = databaseWithAgents(dataDir, ['alice', 'bob']);
  const supervisor = new Supervisor({ db, dataDir, killGraceMs: 500 });
  cleanups.push(async () => {
    await supervisor.stopAll();
    db.close();
  });
  const cwd = tempDir();
  return { db, dataDir, supervisor, cwd, env: buildChildEnv({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd }) };
}

const sleeper = (name: string, cwd: string, env: Record<string, string>) => ({
  name,
  program: NODE,
  args: ['-e', 'setInterval(() => {}, 1000)'],
  cwd,
  env,
});

async function familyOf(
  supervisor: Supervisor,
  agent: string,
  name: string,
): Promise<{ parent: number; grandchild: number }> {
  let pids: { parent: number; grandchild: number } | null = null;
  await waitFor(
    () => (pids = familyPids(supervisor.output(agent, name, 0).text)) !== null,
    20_000,
    'the family to print its pids',
  );
  const found = pids as unknown as { parent: number; grandchild: number };
  cleanups.push(() => killQuietly([found.parent, found.grandchild]));
  return found;
}

describe('Supervisor', () => {
  it('writes the log at <data>/developer/logs/<agent>.<name>.log and reads it with a cursor', async () => {
    const { supervisor, dataDir, cwd, env } = setup();
    const row = supervisor.start('alice', {
      name: 'printer',
      program: NODE,
      args: [
        '-e',
        "process.stdout.write('one\\n'); setTimeout(() => { process.stdout.write('two\\n'); setInterval(() => {}, 1000) }, 200)",
      ],
      cwd,
      env,
      port: 5173,
    });
    expect(row.logPath).toBe(path.join(dataDir, 'developer', 'logs', 'alice.printer.log'));
    expect(row.port).toBe(5173);
    await waitFor(() => supervisor.output('alice', 'printer', 0).text.includes('two'));
    const first = supervisor.output('alice', 'printer', 0);
    expect(first.text).toBe('one\ntwo\n');
    expect(first.next).toBe(8);
    expect(first.running).toBe(true);
    const firstHalf = supervisor.output('alice', 'printer', 4);
    expect(firstHalf.text).toBe('two\n');
    const after = supervisor.output('alice', 'printer', first.next);
    expect(after.text).toBe('');
    expect(after.next).toBe(8);
    expect(fs.statSync(row.logPath).mode & 0o777).toBe(0o600);
  });

  it('bounds each output chunk and says where to continue', async () => {
    const dataDir = tempDir();
    const db = databaseWithAgents(dataDir, ['alice']);
    const supervisor = new Supervisor({ db, dataDir, outputChunkBytes: 10 });
    cleanups.push(async () => {
      await supervisor.stopAll();
      db.close();
    });
    const cwd = tempDir();
    supervisor.start('alice', { name: 'n', program: '/bin/echo', args: ['abcdefghijklmnopqrstuvwxyz'], cwd, env: {} });
    await waitFor(() => supervisor.output('alice', 'n', 0).running === false);
    const chunk = supervisor.output('alice', 'n', 0);
    expect(chunk.text).toBe('abcdefghij\n[17 bytes more; continue with since=10]');
    expect(chunk.next).toBe(10);
    expect(chunk.exitCode).toBe(0);
    expect(supervisor.output('alice', 'n').text.startsWith('[17 bytes of earlier output not shown')).toBe(true);
  });

  it('reports an exit only once what the process printed is in its log', async () => {
    const dataDir = tempDir();
    const db = databaseWithAgents(dataDir, ['alice']);
    const supervisor = new Supervisor({ db, dataDir });
    cleanups.push(async () => {
      await supervisor.stopAll();
      db.close();
    });
    // The leader exits at once; a child that still holds its stdout prints a moment later.
    supervisor.start('alice', {
      name: 'n',
      program: '/bin/sh',
      args: ['-c', 'echo first; (sleep 0.3; echo last) & exit 3'],
      cwd: tempDir(),
      env: {},
    });
    await waitFor(() => supervisor.output('alice', 'n', 0).running === false);
    const chunk = supervisor.output('alice', 'n', 0);
    expect(chunk.exitCode).toBe(3);
    expect(chunk.text).toBe('first\nlast\n');
  });

  it('refuses a 5th process for one agent', () => {
    const { supervisor, cwd, env } = setup();
    for (const name of ['a', 'b', 'c', 'd']) supervisor.start('alice', sleeper(name, cwd, env));
    expect(() => supervisor.start('alice', sleeper('e', cwd, env))).toThrow(
      'refused: this agent already runs 4 processes (`a`, `b`, `c`, `d`); stop one first',
    );
    // Another agent is not counted against alice.
    expect(supervisor.start('bob', sleeper('e', cwd, env)).name).toBe('e');
  });

  it('refuses a name another agent is running, naming that agent', () => {
    const { supervisor, cwd, env } = setup();
    supervisor.start('alice', sleeper('web', cwd, env));
    expect(() => supervisor.start('bob', sleeper('web', cwd, env))).toThrow(
      /the name `web` belongs to agent Agent alice \(alice\)/,
    );
    expect(() => supervisor.start('alice', sleeper('web', cwd, env))).toThrow(/already running for this agent/);
    expect(supervisor.findRunning('web')?.agentId).toBe('alice');
  });

  it('refuses names that could escape the log directory', () => {
    const { supervisor, cwd, env } = setup();
    expect(() => supervisor.start('alice', sleeper('../x', cwd, env))).toThrow(/a process name is/);
    expect(() => supervisor.start('alice', sleeper('', cwd, env))).toThrow(/a process name is/);
  });

  it('stop kills the whole group, grandchildren included, and an agent stops only its own', async () => {
    const { supervisor, cwd, env } = setup();
    const events: ProcessEvent[] = [];
    supervisor.onEvent((event) => events.push(event));
    supervisor.start('alice', { name: 'web', program: NODE, args: [FAMILY], cwd, env });
    const pids = await familyOf(supervisor, 'alice', 'web');
    await expect(supervisor.stop('bob', 'web')).rejects.toThrow(/belongs to another agent/);
    const row = await supervisor.stop('alice', 'web');
    expect(row.status).toBe('stopped');
    await waitGone([pids.parent, pids.grandchild]);
    expect(events.map((e) => e.type)).toEqual(['started', 'stopped']);
    expect(supervisor.list()).toEqual([]);
    expect(supervisor.findRunning('web')).toBeNull();
  });

  it('a stop of Paddock’s own keeps why, across a restart, until dismissed or the name is started again; a Stop keeps none', async () => {
    const { db, dataDir, supervisor, cwd, env } = setup();
    supervisor.start('alice', sleeper('web', cwd, env));
    supervisor.start('alice', sleeper('api', cwd, env));
    await supervisor.stop('alice', 'web', '`web` was stopped: `.envrc` appeared in the workspace while it ran.');
    await supervisor.stop('alice', 'api');
    expect(supervisor.stoppedByPaddock().map((row) => [row.name, row.status, row.stopReason])).toEqual([
      ['web', 'stopped', '`web` was stopped: `.envrc` appeared in the workspace while it ran.'],
    ]);
    // Read from the store by a new supervisor, as after a restart.
    const again = new Supervisor({ db, dataDir, killGraceMs: 500 });
    expect(again.stoppedByPaddock().map((row) => row.name)).toEqual(['web']);
    expect(again.dismissStopReason('bob', 'web')).toBe(false);
    expect(again.dismissStopReason('alice', 'web')).toBe(true);
    expect(again.stoppedByPaddock()).toEqual([]);
    // Started again, then stopped by Paddock again, then started again: the notice goes with the new start.
    supervisor.start('alice', sleeper('web', cwd, env));
    await supervisor.stop('alice', 'web', 'why');
    expect(supervisor.stoppedByPaddock().map((row) => row.stopReason)).toEqual(['why']);
    supervisor.start('alice', sleeper('web', cwd, env));
    expect(supervisor.stoppedByPaddock()).toEqual([]);
  });

  it('records a natural exit with its code', async () => {
    const { supervisor, cwd, env } = setup();
    supervisor.start('alice', { name: 'quick', program: NODE, args: ['-e', 'process.exit(7)'], cwd, env });
    await waitFor(() => !supervisor.output('alice', 'quick').running);
    expect(supervisor.output('alice', 'quick').exitCode).toBe(7);
    expect(supervisor.output('alice', 'quick').status).toBe('exited');
  });

  it('stopAllForAgent and stopAll leave no process of any group alive', async () => {
    const { supervisor, cwd, env } = setup();
    supervisor.start('alice', { name: 'a1', program: NODE, args: [FAMILY], cwd, env });
    supervisor.start('bob', { name: 'b1', program: NODE, args: [FAMILY, '--obey-term'], cwd, env });
    const a = await familyOf(supervisor, 'alice', 'a1');
    const b = await familyOf(supervisor, 'bob', 'b1');
    await supervisor.stopAllForAgent('alice');
    await waitGone([a.parent, a.grandchild]);
    expect(isAlive(b.parent)).toBe(true);
    await supervisor.stopAll();
    await waitGone([b.parent, b.grandchild]);
  });

  it('never signals a stale row whose pid now belongs to a stranger', async () => {
    const { db, dataDir, supervisor, cwd } = setup();
    const stranger = spawn('/bin/sleep', ['300'], { stdio: 'ignore' });
    const pid = stranger.pid as number;
    cleanups.push(() => killQuietly([pid]));
    await waitFor(() => readStartTime(pid) !== null);
    const rows = createProcessesRepository(db);
    const insert = (name: string, rowPid: number, startTime: string, rowCwd: string, logPath: string) =>
      rows.insert({ name, agentId: 'alice', pid: rowPid, startTime, argv: [], cwd: rowCwd, port: null, logPath });
    insert('old', pid, 'another-boot:12345', cwd, path.join(dataDir, 'x.log'));
    // stop() on such a row marks it stale instead of signalling.
    await supervisor.stop('alice', 'old');
    expect(supervisor.output('alice', 'old').status).toBe('stale');
    expect(isAlive(pid)).toBe(true);
    // reconcileAtStart() does the same for every leftover row.
    insert('older', pid, 'another-boot:999', cwd, path.join(dataDir, 'y.log'));
    const fresh = new Supervisor({ db, dataDir, killGraceMs: 500 });
    expect(await fresh.reconcileAtStart()).toEqual({ stale: 1, stopped: 0 });
    expect(fresh.output('alice', 'older').status).toBe('stale');
    expect(isAlive(pid)).toBe(true);
    await fresh.stopAll();
    expect(isAlive(pid)).toBe(true);
  });

  it('reconcileAtStart stops a verified survivor of an earlier run', async () => {
    const { db, dataDir, supervisor, cwd, env } = setup();
    supervisor.start('alice', { name: 'web', program: NODE, args: [FAMILY, '--obey-term'], cwd, env });
    const pids = await familyOf(supervisor, 'alice', 'web');
    // A second supervisor on the same database plays "Paddock after a crash".
    const after = new Supervisor({ db, dataDir, killGraceMs: 500 });
    expect(await after.reconcileAtStart()).toEqual({ stale: 0, stopped: 1 });
    await waitGone([pids.parent, pids.grandchild]);
  });
});
