// The closer in front of contained programs and terminals: the program starts with 0, 1 and 2 (and
// the one file meant for it on 3), whatever its parent left open; its argv passes untouched.
// Real bash and sh, real descriptors (fd 7 and fd 200 on a file, as a launcher leaves them).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closerShell, fdCloser } from '../../../src/main/processes/fdCloser';
import { createTempDirs } from '../../support/tempDirs';

const FDS = path.resolve(__dirname, '../../fixtures/sandbox/fds.cjs');
const temp = createTempDirs('paddock-closer-');
const BASH = { kind: 'bash', path: '/bin/bash' } as const;
const SH = { kind: 'sh', path: '/bin/sh' } as const;
let dir = '';
let leakedFile = '';
let filter = '';

beforeAll(() => {
  dir = temp.make();
  leakedFile = path.join(dir, 'leaked');
  filter = path.join(dir, 'filter.bpf');
  fs.writeFileSync(leakedFile, '');
  fs.writeFileSync(filter, 'filter');
  fs.writeFileSync(path.join(dir, 'echo-argv.cjs'), 'process.stdout.write(JSON.stringify(process.argv.slice(2)));\n');
});
afterAll(() => temp.cleanup());

/** Runs argv with fds 7 and 200 open on `leakedFile` (no close-on-exec, as a child gets them); its stdout. */
async function runLeaking(argv: string[]): Promise<string> {
  const fd = fs.openSync(leakedFile, 'a');
  try {
    const stdio = [
      'ignore',
      'pipe',
      'pipe',
      ...Array.from({ length: 197 }, (_, i) => (i + 3 === 7 ? fd : 'ignore')),
      fd,
    ];
    const child = spawn(argv[0]!, argv.slice(1), { stdio: stdio as ('ignore' | 'pipe' | number)[] });
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code, err).toBe(0);
    return out;
  } finally {
    fs.closeSync(fd);
  }
}

describe('the closer argv', () => {
  it('is bash -p -c <script> <file> followed by the program, or sh closing 3–9 where there is no bash', () => {
    const bash = fdCloser({ shell: BASH, fdDir: '/proc/self/fd', open: '/data/seccomp.bpf' });
    expect(bash[0]).toBe('/bin/bash');
    expect(bash.slice(1, 3)).toEqual(['-p', '-c']);
    expect(bash[3]).toMatch(/^for f in \/proc\/self\/fd\/\*; do .*; done; exec "\$@" 3<"\$0"$/);
    expect(bash[4]).toBe('/data/seccomp.bpf');
    expect(fdCloser({ shell: BASH, fdDir: '/dev/fd', open: null }).slice(3)).toEqual([
      expect.stringMatching(/^for f in \/dev\/fd\/\*; .*; exec "\$@"$/),
      'paddock-fds',
    ]);
    expect(fdCloser({ shell: SH, fdDir: '/proc/self/fd', open: null })).toEqual([
      '/bin/sh',
      '-c',
      'exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-; exec "$@"',
      'paddock-fds',
    ]);
    expect(() => fdCloser({ shell: BASH, fdDir: '/proc/$(id)', open: null })).toThrow(/refused/);
  });

  it('uses bash when the machine has it', () => {
    expect(closerShell((file) => file === '/usr/bin/bash')).toEqual({ kind: 'bash', path: '/usr/bin/bash' });
    expect(closerShell(() => false)).toEqual(SH);
  });
});

describe.skipIf(process.platform !== 'linux' || !fs.existsSync('/bin/bash'))('the closer, run', () => {
  it('without it, the program inherits fd 7 and fd 200 (the test can fail)', async () => {
    const probe = JSON.parse(await runLeaking([process.execPath, FDS, path.join(dir, 'marker')])) as {
      inherited: { fd: number }[];
    };
    expect(probe.inherited.map((entry) => entry.fd)).toEqual(expect.arrayContaining([7, 200]));
    expect(fs.readFileSync(leakedFile, 'utf8')).toContain('touch');
    fs.writeFileSync(leakedFile, '');
  });

  it('bash: the program inherits nothing, or only the file opened on 3 (read-only)', async () => {
    const none = JSON.parse(
      await runLeaking([
        ...fdCloser({ shell: BASH, fdDir: '/proc/self/fd', open: null }),
        process.execPath,
        FDS,
        path.join(dir, 'marker'),
      ]),
    );
    expect(none).toEqual({ inherited: [], wrote: [] });
    const opened = JSON.parse(
      await runLeaking([
        ...fdCloser({ shell: BASH, fdDir: '/proc/self/fd', open: filter }),
        process.execPath,
        FDS,
        path.join(dir, 'marker'),
      ]),
    );
    expect(opened).toEqual({ inherited: [{ fd: 3, target: filter }], wrote: [] });
    expect(fs.readFileSync(leakedFile, 'utf8')).toBe('');
    expect(fs.readFileSync(filter, 'utf8')).toBe('filter');
  });

  it('/dev/fd works as the listing too (macOS has no /proc)', async () => {
    const none = JSON.parse(
      await runLeaking([
        ...fdCloser({ shell: BASH, fdDir: '/dev/fd', open: null }),
        process.execPath,
        FDS,
        path.join(dir, 'marker'),
      ]),
    );
    expect(none).toEqual({ inherited: [], wrote: [] });
  });

  it('sh (no bash): 3–9 are closed, a higher number is not (the seam covers Paddock’s own, spawn.ts)', async () => {
    const probe = JSON.parse(
      await runLeaking([
        ...fdCloser({ shell: SH, fdDir: '/proc/self/fd', open: null }),
        process.execPath,
        FDS,
        path.join(dir, 'marker'),
      ]),
    ) as { inherited: { fd: number }[] };
    expect(probe.inherited.map((entry) => entry.fd)).not.toContain(7);
    expect(probe.inherited.map((entry) => entry.fd)).toContain(200);
    fs.writeFileSync(leakedFile, '');
  });

  // A word may hold anything but NUL (exec cannot carry it).
  const word = fc.string({ unit: 'binary', maxLength: 12 }).filter((s) => !s.includes('\0'));
  const special = fc.constantFrom(' ', '"', "'", '\n', '$0', '$@', '`id`', '\\', '--', '-p', 'é', '🙂', ';', '*', '');
  it('passes the program’s argv untouched, with and without the file on 3', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(word, special), { maxLength: 6 }), fc.boolean(), async (words, withFile) => {
        const closer = fdCloser({ shell: BASH, fdDir: '/proc/self/fd', open: withFile ? filter : null });
        const out = await runLeaking([...closer, process.execPath, path.join(dir, 'echo-argv.cjs'), ...words]);
        expect(JSON.parse(out)).toEqual(words);
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
