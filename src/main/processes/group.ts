// Process-group signalling. Every child Paddock spawns leads its own group (detached: true, or
// setsid under node-pty), so a signal to -pgid reaches its grandchildren too (SPEC §6: a timeout,
// a cancel, a stop and quitting kill the whole group), and what the group started in another
// session is ended with it (tree.ts).
import { groupTree, killLeftTheGroup, readProcTable } from './tree';

/** Sends `signal` to the whole group led by `pgid`. False when no member is left. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  if (!Number.isInteger(pgid) || pgid <= 1) return false; // -1 and -0 would mean "everyone" / "my group"
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Whether any process of the group is alive (signal 0 checks without delivering). */
export function groupAlive(pgid: number): boolean {
  if (!Number.isInteger(pgid) || pgid <= 1) return false;
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    // EPERM: a member exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const DEFAULT_KILL_GRACE_MS = 2_000;

/**
 * SIGTERM to the group, then SIGKILL once `graceMs` has passed if any member is still there
 * (a grandchild that ignores SIGTERM dies too). Resolves when the group is gone or SIGKILL was sent,
 * and the descendants that left the group (setsid) have been sent SIGKILL. `graceMs` 0: SIGKILL at
 * once, never SIGTERM, which a process may catch to run on (a stop for the fence's sake).
 */
export async function terminateGroup(pgid: number, graceMs = DEFAULT_KILL_GRACE_MS): Promise<void> {
  // At once: the group is frozen first, since reading /proc below takes milliseconds it could use.
  if (graceMs <= 0) signalGroup(pgid, 'SIGSTOP');
  // Read before the signal: once the group is gone, what it started in other sessions has no parent link left.
  const tree = Number.isInteger(pgid) && pgid > 1 ? groupTree(pgid, readProcTable()) : [];
  await signalUntilGone(pgid, graceMs);
  killLeftTheGroup(pgid, tree);
}

async function signalUntilGone(pgid: number, graceMs: number): Promise<void> {
  if (graceMs <= 0) {
    signalGroup(pgid, 'SIGKILL');
    return;
  }
  if (!signalGroup(pgid, 'SIGTERM')) return;
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!groupAlive(pgid)) return;
    await delay(Math.min(50, Math.max(1, deadline - Date.now())));
  }
  signalGroup(pgid, 'SIGKILL');
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
