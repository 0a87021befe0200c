// The ledger of spawned process groups (issue 14 §3). Every group started for an agent is written
// down with (pid, OS start time) and a tag carried in its environment (PADDOCK_GROUP), and crossed
// out when it ends. At start, whatever the last Paddock left is ended: the group, when its leader
// is still that very process, and every process whose environment carries the tag — which finds
// descendants that left the group with setsid or a double fork where no sandbox holds them. Where
// the system lets Paddock make cgroups, each group also gets one (cgroups.ts), which holds even what
// dropped the tag with `env -i`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Db } from '../store/database';
import { openCgroups, type GroupCgroups } from './cgroups';
import { createSpawnedGroupsRepository } from '../store/spawnedGroups';
import { signalGroup } from './group';
import { isSameProcess, readStartTime } from './identity';
import type { SpawnPurpose } from './command';

export const GROUP_TAG_NAME = 'PADDOCK_GROUP';
const TAG = /^[a-f0-9]{32}$/;

export interface GroupLedger {
  /** A fresh tag to put in the child's environment before it starts. */
  newTag(): string;
  started(pid: number, tag: string, purpose: SpawnPurpose, agentId?: string | null): void;
  /** The group ended: its tagged stragglers are killed and the row crossed out. */
  ended(pid: number, tag: string): void;
}

/** Pids (not ours) whose environment carries `PADDOCK_GROUP=<tag>`. Linux only: elsewhere []. */
export function taggedPids(tag: string, procRoot = '/proc'): number[] {
  if (!TAG.test(tag) || process.platform !== 'linux') return [];
  const needle = `\0${GROUP_TAG_NAME}=${tag}\0`;
  const found: number[] = [];
  let entries: string[];
  try {
    entries = fs.readdirSync(procRoot);
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (`\0${fs.readFileSync(`${procRoot}/${entry}/environ`, 'latin1')}`.includes(needle)) found.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** SIGKILL to every process carrying the tag (repeated: a dying parent may fork once more). */
export function killTagged(tag: string): number {
  let killed = 0;
  for (let round = 0; round < 3; round++) {
    const pids = taggedPids(tag);
    if (pids.length === 0) break;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
        killed++;
      } catch {
        // already gone
      }
    }
  }
  return killed;
}

export function createGroupLedger(
  db: Db,
  cgroups: GroupCgroups | null = openCgroups(),
): GroupLedger & { reapLeftovers(): { groups: number; stragglers: number } } {
  const groups = createSpawnedGroupsRepository(db);
  return {
    newTag: () => crypto.randomBytes(16).toString('hex'),
    started(pid, tag, purpose, agentId = null) {
      cgroups?.place(pid, tag);
      const startTime = readStartTime(pid);
      if (startTime === null) return; // already gone: nothing to reap later
      try {
        groups.add({ pgid: pid, startTime, tag, purpose, agentId });
      } catch {
        // The database may be closing; the tag still finds the stragglers at stop.
      }
    },
    ended(pid, tag) {
      killTagged(tag);
      cgroups?.end(tag);
      try {
        groups.remove(pid, tag);
      } catch {
        // closed at exit: the next start reaps the row (its leader is gone, so only tagged ones)
      }
    },
    reapLeftovers() {
      const rows = groups.list();
      let reaped = 0;
      let stragglers = 0;
      for (const row of rows) {
        if (isSameProcess(row.pgid, row.startTime) && signalGroup(row.pgid, 'SIGKILL')) reaped++;
        stragglers += killTagged(row.tag) + (cgroups?.end(row.tag) ?? 0);
      }
      groups.clear();
      return { groups: reaped, stragglers };
    },
  };
}
