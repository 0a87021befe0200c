// The seam gives no child what Paddock holds: with a real node-pty terminal open (its master has no
// close-on-exec), every child_process start through spawn.ts finds /dev/null at that number, and
// another terminal's shell finds 0, 1 and 2 only. Uncontained processes: the seam's own guard.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { leakedDescriptors } from '../../../src/main/processes/fdTable';
import { TerminalSessions } from '../../../src/main/processes/pty';
import { execFileText, runBounded, runSync, spawnChild } from '../../../src/main/processes/spawn';
import { sealed } from '../../../src/main/processes/fdTable';
import { removeTempDirs, tempDir, waitFor } from './helpers';

const FDS = path.resolve(__dirname, '../../fixtures/sandbox/fds.cjs');
afterAll(() => removeTempDirs());

interface Probe {
  inherited: { fd: number; target: string }[];
  wrote: number[];
}
const probeOf = (text: string): Probe =>
  JSON.parse(text.split('\n').find((l) => l.startsWith('{"inherited"')) ?? 'null') as Probe;

describe.skipIf(process.platform !== 'linux')('the seam seals Paddock’s descriptors', () => {
  it('every child_process start finds /dev/null where Paddock has a terminal master; a second terminal finds 0, 1, 2', async () => {
    const dir = tempDir();
    const env = { PATH: '/usr/bin:/bin', HOME: dir, TERM: 'xterm' };
    const before = new Set(leakedDescriptors());
    const terminals = new TerminalSessions({ killGraceMs: 200 });
    try {
      terminals.open('a', { shell: '/bin/bash', args: ['--norc', '--noprofile'], cwd: dir, env, cols: 80, rows: 24 });
      const masters = leakedDescriptors().filter((fd) => !before.has(fd));
      expect(masters.length).toBe(1);
      const master = masters[0];
      expect(fs.readlinkSync(`/proc/self/fd/${master}`)).toMatch(/ptmx/);
      const marker = path.join(dir, 'typed');
      const args = [FDS, marker];

      const probes: Record<string, Probe> = {};
      probes.runBounded = probeOf(
        (await runBounded({ program: process.execPath, args, cwd: dir, env, timeoutMs: 20_000 })).output,
      );
      probes.runSync = probeOf(runSync({ program: process.execPath, args, cwd: dir, env }, 'probe', 20_000).stdout);
      probes.execFileText = probeOf(
        (await execFileText(process.execPath, args, 'probe', { timeoutMs: 20_000, env })).stdout,
      );
      const child = spawnChild(process.execPath, args, 'git', { cwd: dir, env, stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
      await new Promise((resolve) => child.on('close', resolve));
      probes.spawnChild = probeOf(out);
      for (const [how, probe] of Object.entries(probes)) {
        expect(
          probe.inherited.map((entry) => entry.fd),
          how,
        ).toContain(master);
        expect(
          probe.inherited.filter((entry) => entry.target !== '/dev/null'),
          how,
        ).toEqual([]);
      }

      let listing = '';
      const b = terminals.open('b', {
        shell: '/bin/bash',
        args: ['-c', 'for f in /proc/self/fd/*; do [ -e "$f" ] && printf "fd%s " "${f##*/}"; done; echo END'],
        cwd: dir,
        env,
        cols: 80,
        rows: 24,
      });
      b.onData((text) => (listing += text));
      await waitFor(() => listing.includes('END'), 20_000, 'the second terminal’s listing');
      expect(listing.trim()).toBe('fd0 fd1 fd2 END');
      expect(fs.existsSync(marker)).toBe(false);

      // The stdio given: the caller's three, then /dev/null at each leaked number, 'ignore' between.
      const leaked = leakedDescriptors();
      const entries = sealed(['ignore', 'pipe', 'pipe']) as unknown[];
      expect(entries.slice(0, 3)).toEqual(['ignore', 'pipe', 'pipe']);
      expect(entries).toHaveLength(leaked[leaked.length - 1]! + 1);
      for (let fd = 3; fd < entries.length; fd++)
        expect(typeof entries[fd] === 'number', `fd ${fd}`).toBe(leaked.includes(fd));
      expect((sealed('inherit') as unknown[]).slice(0, 3)).toEqual(['inherit', 'inherit', 'inherit']);
    } finally {
      await terminals.closeAll();
    }
  }, 60_000);
});
