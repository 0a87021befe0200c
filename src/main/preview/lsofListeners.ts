// macOS: the same question as procListeners.ts, answered by lsof and ps (no /proc there).
// Written to the same rule (the pid and its descendants in its group, loopback or any address);
// not exercised by the tests, which run on Linux.
import { execFileText } from '../processes/spawn';
import type { ListeningSocket, LoopbackHost } from './types';

function run(file: string, args: string[]): Promise<string> {
  // argv, no shell; lsof exits 1 when nothing matched, which is an answer, not an error.
  return execFileText(file, args, 'probe', { timeoutMs: 5_000, maxBuffer: 4 * 1024 * 1024 }).then(
    (result) => result.stdout,
  );
}

/** Group members descended from `pid` (or the whole group when `pid` leads it), from `ps`. */
export function descendantsFromPs(text: string, pid: number): number[] {
  const rows = text
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter((cols) => cols.length === 3 && cols.every(Number.isInteger));
  const root = rows.find(([p]) => p === pid);
  if (root === undefined) return [];
  const pgid = root[2];
  const inGroup = rows.filter(([p, , g]) => g === pgid && p !== pid);
  if (pgid === pid) return inGroup.map(([p]) => p!);
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift() as number;
    for (const [p, pp] of inGroup) {
      if (pp === parent && !found.includes(p!)) {
        found.push(p!);
        queue.push(p!);
      }
    }
  }
  return found;
}

function hostOf(address: string): LoopbackHost | null {
  if (address === '*' || address === '127.0.0.1' || address === '[::]' || address === '0.0.0.0') {
    return '127.0.0.1';
  }
  if (address === '[::1]') return '::1';
  return null;
}

/** Parses `lsof -Fn` output: `n<address>:<port>` lines for each LISTEN socket. */
export function parseLsofListen(text: string): ListeningSocket[] {
  const found = new Map<number, ListeningSocket>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('n')) continue;
    const colon = line.lastIndexOf(':');
    if (colon < 0) continue;
    const host = hostOf(line.slice(1, colon));
    const port = Number(line.slice(colon + 1));
    if (host === null || !Number.isInteger(port) || port <= 0) continue;
    const seen = found.get(port);
    if (seen === undefined || (seen.host === '::1' && host === '127.0.0.1')) found.set(port, { port, host });
  }
  return [...found.values()].sort((a, b) => a.port - b.port);
}

export async function listeningSocketsLsof(pid: number): Promise<ListeningSocket[]> {
  const ps = await run('/bin/ps', ['-A', '-o', 'pid=,ppid=,pgid=']);
  const pids = [pid, ...descendantsFromPs(ps, pid)];
  const out = await run('/usr/sbin/lsof', ['-a', '-p', pids.join(','), '-iTCP', '-sTCP:LISTEN', '-P', '-n', '-Fn']);
  return parseLsofListen(out);
}
