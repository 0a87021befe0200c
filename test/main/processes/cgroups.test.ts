// Issue 14 §3 with no sandbox, where the system lets Paddock make cgroups: a descendant that left the
// group (setsid), was orphaned (double fork) and dropped its environment (env -i: no tag) has no
// tag and no parent link for Paddock to find — its cgroup still holds it, and stop ends it.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
