// Issue 14 §3 with no sandbox, where the system lets Paddock make cgroups: a descendant that left the
// group (setsid), was orphaned (double fork) and dropped its environment (env -i: no tag) has no
// tag and no parent link for Paddock to find — its cgroup still holds it, and stop ends it.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openCgroups, ownCgroupDirectory } from '../../../src/main/processes/cgroups';
import { createGroupLedger } from '../../../src/main/processes/ledger';
import { Supervisor } from '../../../src/main/processes/supervisor';
import { databaseWithAgents, killQuietly, removeTempDirs, tempDir, waitFor } from './helpers';

const FIXTURE = path.resolve(__dirname, '../../fixtures/processes/cleanEnvDaemon.cjs');
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

const available = process.platform === 'linux' && openCgroups() !== null;

describe('cgroups', () => {
  it('finds Paddock’s own cgroup v2 directory from /proc, or says there is none', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'cgroup'), '4:memory:/x\n0::/user.slice/app.scope\n');
    fs.writeFileSync(
      path.join(dir, 'mountinfo'),
      '41 31 0:38 / /sys/fs/cgroup rw,relatime shared:9 - cgroup2 cgroup2 rw\n',
    );
    expect(ownCgroupDirectory(dir)).toBe('/sys/fs/cgroup/user.slice/app.scope');
    fs.writeFileSync(path.join(dir, 'cgroup'), '4:memory:/x\n');
    expect(ownCgroupDirectory(dir)).toBeNull();
    expect(openCgroups(path.join(dir, 'not-a-cgroup-fs'))).toBeNull();
  });

  // Found when a full CI run once failed "stop … ends a double-forked … descendant": every Paddock
  // shares one base directory, and another one's start sweeps its empty cgroups. One made for a new
  // group is empty until the leader's pid is written into it: swept in between, the write failed,
  // the leader ran in no cgroup, and its orphan outlived the stop.
  it("places the leader though another Paddock's sweep removes its new cgroup before the pid is written", () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'paddock-groups'));
    fs.writeFileSync(path.join(dir, 'paddock-groups', 'cgroup.procs'), '');
    const cgroups = openCgroups(dir)!;
    const tag = 'a'.repeat(32);
    const made = path.join(cgroups.base, tag);
    const mkdir = fs.mkdirSync.bind(fs);
    let swept = false;
    const spy = vi.spyOn(fs, 'mkdirSync').mockImplementation(((
      target: fs.PathLike,
      options?: fs.MakeDirectoryOptions,
    ) => {
      const answer = mkdir(target, options);
      // The other Paddock's sweep, between this mkdir and the write: the cgroup is still empty.
      if (!swept && String(target) === made) {
        swept = true;
        fs.rmdirSync(made);
      }
      return answer;
    }) as typeof fs.mkdirSync);
    try {
      expect(cgroups.place(process.pid, tag)).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect(swept).toBe(true);
    expect(fs.readFileSync(path.join(made, 'cgroup.procs'), 'utf8')).toBe(String(process.pid));
  });

  it.skipIf(!available)(
    'stop of an uncontained start ends a double-forked, setsid, env -i descendant: only the cgroup still holds it',
    async () => {
      const dataDir = tempDir();
      const workspace = tempDir('paddock-cgroup-ws-');
      fs.copyFileSync(FIXTURE, path.join(workspace, 'daemon.cjs'));
      const token = `cgroup-token-${Math.random().toString(36).slice(2)}`;
      const db = databaseWithAgents(dataDir, ['alice']);
      const supervisor = new Supervisor({ db, dataDir, killGraceMs: 300, ledger: createGroupLedger(db) });
      try {
        const row = supervisor.start('alice', {
          name: 'web',
          program: process.execPath,
          args: [path.join(workspace, 'daemon.cjs'), token, '--double'],
          cwd: workspace,
          env: { PATH: '/usr/bin:/bin' },
        });
        await waitFor(() => fs.existsSync(path.join(workspace, 'heartbeat-clean-env')), 20_000, 'the orphan to beat');
        const orphan = holders(token).filter((pid) => pid !== row.pid);
        expect(orphan.length).toBe(1);
        // Parent init (or a subreaper), no tag: neither the tree nor the tag would find it.
        expect(fs.readFileSync(`/proc/${orphan[0]}/environ`, 'latin1')).not.toContain('PADDOCK_GROUP');
        expect(Number(fs.readFileSync(`/proc/${orphan[0]}/stat`, 'utf8').split(') ')[1]!.split(' ')[1])).not.toBe(
          row.pid,
        );
        await supervisor.stop('alice', 'web');
        await waitFor(() => holders(token).length === 0, 10_000, 'the orphan to be gone');
      } finally {
        leftovers.push(...holders(token));
        await supervisor.stopAll();
        db.close();
      }
    },
    60_000,
  );
});
