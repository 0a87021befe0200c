// A process is (pid, OS start time), never a pid alone (seed 003 §4): a pid recycled after the
// process exited, or after a reboot, names a stranger, and a stranger is never signalled.
import { runSync } from './spawn/own';
import fs from 'node:fs';

let bootIdCache: string | null | undefined;

/** Linux's per-boot id: start times (ticks since boot) repeat across reboots, this does not. */
function bootId(): string | null {
  if (bootIdCache === undefined) {
    try {
      bootIdCache = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      bootIdCache = null;
    }
  }
  return bootIdCache;
}

/** Fields of /proc/<pid>/stat after the command name (which may itself hold spaces and ')'). */
function linuxStatFields(pid: number): string[] | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const close = stat.lastIndexOf(')');
  if (close < 0) return null;
  // fields[0] is field 3 (state); field 22 (starttime) is fields[19].
  return stat
    .slice(close + 2)
    .trim()
    .split(' ');
}

/**
 * The OS's own start time of `pid` as an opaque string, or null when no such process exists.
 * Linux: boot id + field 22 of /proc/<pid>/stat; macOS: `ps -o lstart=`.
 */
export function readStartTime(pid: number): string | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (process.platform === 'linux') {
    const fields = linuxStatFields(pid);
    if (!fields || fields.length < 20) return null;
    return `${bootId() ?? 'boot'}:${fields[19]}`;
  }
  if (process.platform === 'darwin') {
    const result = runSync(
      { program: '/bin/ps', args: ['-o', 'lstart=', '-p', String(pid)], cwd: '/', env: { PATH: '/usr/bin:/bin' } },
      'probe',
      5_000,
    );
    if (result.status !== 0) return null; // ps exits 1 when the pid does not exist
    const out = result.stdout.trim();
    return out.length > 0 ? out : null;
  }
  return null;
}

/** True only when `pid` is alive, not a zombie, and started when the row says it did. */
export function isSameProcess(pid: number, startTime: string): boolean {
  const now = readStartTime(pid);
  return now !== null && now === startTime && isAlive(pid);
}

/** Whether `pid` is a live process; a zombie (exited, not yet reaped) counts as gone. */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (process.platform === 'linux') {
    const fields = linuxStatFields(pid);
    return fields !== null && fields[0] !== 'Z' && fields[0] !== 'X';
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
