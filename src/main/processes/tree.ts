// The process tree of a group (issue 14 §3): where no sandbox holds an agent's processes, a
// descendant can leave the group with setsid and drop the ledger's tag with `env -i`. While its
// parent is still in the tree, /proc's parent links still find it, so a group's tree is read before
// the group is signalled and what left the group is ended after it. Linux only: elsewhere [].
import fs from 'node:fs';

export interface ProcEntry {
  pid: number;
  ppid: number;
  pgid: number;
  /** Field 22 of /proc/<pid>/stat: with the pid, the process's identity. */
  startTicks: string;
}

/** Parses /proc/<pid>/stat (the command name may hold spaces and ')'). */
export function parseStat(pid: number, stat: string): ProcEntry | null {
  const close = stat.lastIndexOf(')');
  if (close < 0) return null;
  // fields[0] is field 3 (state): ppid is field 4, pgrp field 5, starttime field 22.
  const fields = stat
    .slice(close + 2)
    .trim()
    .split(' ');
  const ppid = Number(fields[1]);
  const pgid = Number(fields[2]);
  const startTicks = fields[19];
  if (!Number.isInteger(ppid) || !Number.isInteger(pgid) || startTicks === undefined) return null;
  return { pid, ppid, pgid, startTicks };
}

export function readProcTable(procRoot = '/proc'): ProcEntry[] {
  if (process.platform !== 'linux') return [];
  let entries: string[];
  try {
    entries = fs.readdirSync(procRoot);
  } catch {
    return [];
  }
  const table: ProcEntry[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parsed = parseStat(Number(entry), fs.readFileSync(`${procRoot}/${entry}/stat`, 'utf8'));
      if (parsed) table.push(parsed);
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** The members of group `pgid` and every descendant of theirs, in whatever group or session. Pure. */
export function groupTree(pgid: number, table: readonly ProcEntry[], self = process.pid): ProcEntry[] {
  const children = new Map<number, ProcEntry[]>();
  for (const entry of table) {
    const list = children.get(entry.ppid) ?? [];
    list.push(entry);
    children.set(entry.ppid, list);
  }
  const found = new Map<number, ProcEntry>();
  const queue = table.filter((entry) => entry.pgid === pgid);
  while (queue.length > 0) {
    const entry = queue.pop() as ProcEntry;
    if (found.has(entry.pid) || entry.pid === self || entry.pid <= 1) continue;
    found.set(entry.pid, entry);
    queue.push(...(children.get(entry.pid) ?? []));
  }
  return [...found.values()];
}

/** SIGKILL to the entries that left group `pgid` and are still the very same processes. */
export function killLeftTheGroup(pgid: number, tree: readonly ProcEntry[], procRoot = '/proc'): number {
  let killed = 0;
  for (const entry of tree) {
    if (entry.pgid === pgid) continue; // the group's own members got the group's signal
    let now: ProcEntry | null = null;
    try {
      now = parseStat(entry.pid, fs.readFileSync(`${procRoot}/${entry.pid}/stat`, 'utf8'));
    } catch {
      continue;
    }
    if (now === null || now.startTicks !== entry.startTicks) continue; // a recycled pid is a stranger
    try {
      process.kill(entry.pid, 'SIGKILL');
      killed++;
    } catch {
      // already gone
    }
  }
  return killed;
}
