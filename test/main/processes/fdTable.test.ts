// Reading a process's descriptor table: which descriptors a child would inherit (no close-on-exec),
// as a table of fdinfo texts, and for real with a descriptor this process leaves open.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fdInfoFlags, inheritableFds, leakedDescriptors, O_CLOEXEC } from '../../../src/main/processes/fdTable';

const info = (flags: string) => `pos:\t0\nflags:\t${flags}\nmnt_id:\t27\nino:\t12317\n`;

describe('fdinfo flags', () => {
  it.each([
    [info('02100002'), 0o2100002],
    [info('0104002'), 0o104002],
    ['pos:\t10\nflags:\t0100001\nmnt_id:\t27\n', 0o100001],
    ['flags:\t02\n', 0o2],
    ['pos:\t0\n', null],
    ['flags:\t0x12\n', null],
    ['', null],
  ])('%j → %s', (text, flags) => {
    expect(fdInfoFlags(text)).toBe(flags);
  });

  it('sees close-on-exec as the kernel writes it', () => {
    expect(fdInfoFlags(info('02000002'))! & O_CLOEXEC).toBe(O_CLOEXEC);
    expect(fdInfoFlags(info('0104002'))! & O_CLOEXEC).toBe(0);
  });
});

describe('inheritable descriptors of a listing', () => {
  const table: Record<number, string | null> = {
    0: info('02'),
    1: info('01'),
    2: info('01'),
    3: info('02000002'), // epoll: close-on-exec
    21: info('0104002'), // a pty master from forkpty
    200: info('02001'), // a launcher's file, opened for append
    251: info('01'), // a pipe
    9: null, // the listing's own directory descriptor, closed by now
    12: 'nothing here',
  };
  it('keeps numbers above 2 without close-on-exec, in order', () => {
    const names = ['0', '1', '2', '3', '251', '21', '200', '9', '12', 'x'];
    expect(inheritableFds(names, (fd) => table[fd] ?? null)).toEqual([21, 200, 251]);
  });
  it('finds nothing in a clean table', () => {
    expect(inheritableFds(['0', '1', '2', '3'], (fd) => table[fd] ?? null)).toEqual([]);
  });
});

describe.skipIf(process.platform !== 'linux')('this process’s table', () => {
  it('does not list a descriptor Node opened (close-on-exec); each one it lists has no close-on-exec', () => {
    const file = fs.openSync('/dev/null', 'r');
    try {
      expect(leakedDescriptors()).not.toContain(file);
    } finally {
      fs.closeSync(file);
    }
    // A descriptor this process inherited without close-on-exec stays so: whatever ran the tests may have left some.
    for (const fd of leakedDescriptors())
      expect(fdInfoFlags(fs.readFileSync(`/proc/self/fdinfo/${fd}`, 'latin1'))! & O_CLOEXEC).toBe(0);
  });
});
