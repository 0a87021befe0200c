// Port resolution on Linux (SPEC §9): sockets the pid and its group's descendants really hold.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseLsofListen, descendantsFromPs } from '../../../src/main/preview/lsofListeners';
import { loopbackHostOf, parseListenTable } from '../../../src/main/preview/procListeners';
import { listeningPorts, refusedPortReason } from '../../../src/main/preview/ports';
import { FIXTURE, startFixture } from './helpers';

const linux = process.platform === 'linux';

describe('refusedPortReason', () => {
  it.each([
    [80, 'privileged'],
    [1023, 'privileged'],
    [5432, 'PostgreSQL'],
    [4000, "Paddock's own"],
    [0, 'not a TCP port'],
    [70_000, 'not a TCP port'],
  ])('refuses %i', (port, words) => {
    expect(refusedPortReason(port, [4000])).toContain(words);
  });
  it('accepts an ordinary dev port', () => {
    expect(refusedPortReason(5173, [4000])).toBeNull();
    expect(refusedPortReason(1024, [])).toBeNull();
  });
});

describe.skipIf(!linux)('the /proc tables', () => {
  it('reads loopback and any-address LISTEN rows only', () => {
    const table = [
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 111 1 0 100 0 0 10 0',
      '   1: 00000000:0BB8 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 222 1 0 100 0 0 10 0',
      '   2: 0A00020F:0FA0 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 333 1 0 100 0 0 10 0',
      '   3: 0100007F:1F91 0100007F:C350 01 00000000:00000000 00:00000000 00000000  1000        0 444 1 0 100 0 0 10 0',
    ].join('\n');
    expect(parseListenTable(table)).toEqual([
      { inode: '111', port: 8080, host: '127.0.0.1' },
      { inode: '222', port: 3000, host: '127.0.0.1' },
    ]);
  });
  it('classifies IPv6 addresses', () => {
    expect(loopbackHostOf('00000000000000000000000000000000')).toBe('127.0.0.1');
    expect(loopbackHostOf('00000000000000000000000001000000')).toBe('::1');
    expect(loopbackHostOf('0000000000000000FFFF00000100007F')).toBe('127.0.0.1');
    expect(loopbackHostOf('B80D0120000000000000000001000000')).toBeNull();
  });
});

describe('the lsof reading (macOS path, parsed here)', () => {
  it('parses -Fn output and the ps tree', () => {
    expect(parseLsofListen('p12\nf5\nn*:3000\nf6\nn[::1]:4000\nf7\nn10.0.0.2:5000\n')).toEqual([
      { port: 3000, host: '127.0.0.1' },
      { port: 4000, host: '::1' },
    ]);
    const ps = '  10 1 10\n  11 10 10\n  12 11 10\n  13 10 13\n  14 1 99\n';
    expect(descendantsFromPs(ps, 10).sort()).toEqual([11, 12]);
    expect(descendantsFromPs(' 20 1 5\n 21 20 5\n 22 1 5\n', 20)).toEqual([21]);
  });
});

describe.skipIf(!linux)('listeningPorts of real processes', () => {
  it('finds the port a real server listens on, and nothing for one that only prints it', async () => {
    const app = await startFixture();
    const liar = await startFixture(['--lie', String(app.port)]);
    try {
      expect([...(await listeningPorts(app.pid))]).toEqual([app.port]);
      expect([...(await listeningPorts(liar.pid))]).toEqual([]);
    } finally {
      app.stop();
      liar.stop();
    }
  });

  it('re-checks a remembered socket on every call: a process that is gone gets nothing', async () => {
    const { createProcListeners } = await import('../../../src/main/preview/procListeners');
    const socketsOf = createProcListeners();
    const app = await startFixture();
    try {
      expect(await socketsOf(app.pid, app.port)).toEqual([{ port: app.port, host: '127.0.0.1' }]);
      expect(await socketsOf(app.pid, app.port)).toEqual([{ port: app.port, host: '127.0.0.1' }]);
      expect(await socketsOf(app.pid)).toEqual([{ port: app.port, host: '127.0.0.1' }]);
    } finally {
      app.stop();
    }
    await new Promise<void>((resolve) =>
      app.child.exitCode !== null || app.child.signalCode !== null
        ? resolve()
        : app.child.once('exit', () => resolve()),
    );
    expect(await socketsOf(app.pid, app.port)).toEqual([]);
    expect(await socketsOf(app.pid)).toEqual([]);
  });

  it.each([true, false])('finds a descendant’s port (wrapper leads its group: %s)', async (detached) => {
    const script = `require('child_process').spawn(process.execPath, [${JSON.stringify(FIXTURE)}], { stdio: 'inherit' }); setInterval(() => {}, 1e6);`;
    const wrapper = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'], detached });
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      wrapper.once('exit', () => reject(new Error('wrapper exited')));
      wrapper.stdout?.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /listening (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
    });
    try {
      expect([...(await listeningPorts(wrapper.pid as number))]).toEqual([port]);
    } finally {
      if (detached) process.kill(-(wrapper.pid as number), 'SIGKILL');
      else {
        // Not a group leader: kill the grandchild through the pid it owns, then the wrapper.
        const { descendantsInGroup } = await import('../../../src/main/preview/procListeners');
        for (const pid of descendantsInGroup('/proc', wrapper.pid as number)) process.kill(pid, 'SIGKILL');
        wrapper.kill('SIGKILL');
      }
    }
  });
});
