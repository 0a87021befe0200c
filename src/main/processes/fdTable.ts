// Paddock's own descriptors that a child would inherit: every fd above 2 without close-on-exec.
// Node and libuv open theirs close-on-exec; node-pty's terminal masters (forkpty) and whatever
// Paddock's launcher left open are not, and JS cannot change a descriptor's flags. Linux only
// (/proc/self/fdinfo); elsewhere the list is empty and the closer in front of the sandbox
// (fdCloser.ts) is the one guard.
import type { StdioOptions } from 'node:child_process';
import fs from 'node:fs';

/** O_CLOEXEC as /proc/<pid>/fdinfo reports it (Linux, every architecture Paddock runs on). */
export const O_CLOEXEC = 0o2000000;

/** The `flags:` field of one /proc/<pid>/fdinfo/<fd> text (octal), or null when there is none. */
export function fdInfoFlags(text: string): number | null {
  const match = /^flags:\s*([0-7]+)\s*$/m.exec(text);
  return match ? parseInt(match[1]!, 8) : null;
}

/**
 * Which descriptors of a listing (the names in /proc/self/fd) a child would inherit: numbers
 * above 2 whose fdinfo says no close-on-exec. `info` gives an fd's fdinfo text, or null when the
 * descriptor is gone by then (the listing's own directory descriptor is).
 */
export function inheritableFds(names: readonly string[], info: (fd: number) => string | null): number[] {
  const fds: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const fd = Number(name);
    if (fd <= 2) continue;
    const text = info(fd);
    const flags = text === null ? null : fdInfoFlags(text);
    if (flags !== null && (flags & O_CLOEXEC) === 0) fds.push(fd);
  }
  return fds.sort((a, b) => a - b);
}

/** fdinfo's `flags:` is its second line: the first bytes are enough (one buffer, no allocation per descriptor). */
const head = Buffer.alloc(256);

/** This process's inheritable descriptors above 2, read now; empty where /proc is absent. About 3 µs a descriptor. */
export function leakedDescriptors(): number[] {
  let names: string[];
  try {
    names = fs.readdirSync('/proc/self/fd');
  } catch {
    return [];
  }
  return inheritableFds(names, (fd) => {
    let info: number;
    try {
      info = fs.openSync(`/proc/self/fdinfo/${fd}`, 'r');
    } catch {
      return null;
    }
    try {
      return head.toString('latin1', 0, fs.readSync(info, head, 0, head.length, 0));
    } catch {
      return null;
    } finally {
      fs.closeSync(info);
    }
  });
}

/** /dev/null, opened once (close-on-exec, as Node opens every file): what a leaked descriptor becomes in a child. */
let devNull: number | null = null;

/**
 * `stdio` with /dev/null given at the number of every descriptor of Paddock's own that a child
 * would inherit (a terminal master, a launcher's descriptor): libuv dup2s it over that
 * number in the child only, so no child of the seam holds what Paddock holds. Unchanged when
 * nothing leaks.
 */
export function sealed(stdio: StdioOptions): StdioOptions {
  const leaked = leakedDescriptors();
  if (leaked.length === 0) return stdio;
  devNull ??= fs.openSync('/dev/null', 'r+');
  const entries: Exclude<StdioOptions, string> = typeof stdio === 'string' ? [stdio, stdio, stdio] : [...stdio];
  const top = leaked[leaked.length - 1];
  for (let fd = 0; fd <= top!; fd++) entries[fd] ??= fd < 3 ? 'pipe' : 'ignore';
  for (const fd of leaked) if (entries[fd] === 'ignore') entries[fd] = devNull;
  return entries;
}
