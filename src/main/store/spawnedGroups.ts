// The process groups Paddock started and has not yet seen end (issue 14 §3): read at the next start
// so a crash or kill -9 leaves nothing running.
import type { Db } from './database';

export interface SpawnedGroupRow {
  pgid: number;
  startTime: string;
  tag: string;
}

export function createSpawnedGroupsRepository(db: Db) {
  const insert = db.prepare(
    'INSERT OR REPLACE INTO spawned_groups (pgid, start_time, tag, purpose, agent_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const remove = db.prepare('DELETE FROM spawned_groups WHERE pgid = ? AND tag = ?');
  return {
    add(row: SpawnedGroupRow & { purpose: string; agentId: string | null }): void {
      insert.run(row.pgid, row.startTime, row.tag, row.purpose, row.agentId, new Date().toISOString());
    },
    remove(pgid: number, tag: string): void {
      remove.run(pgid, tag);
    },
    list(): SpawnedGroupRow[] {
      return db.prepare<[], SpawnedGroupRow>('SELECT pgid, start_time AS startTime, tag FROM spawned_groups').all();
    },
    clear(): void {
      db.prepare('DELETE FROM spawned_groups').run();
    },
  };
}

export type SpawnedGroupsRepository = ReturnType<typeof createSpawnedGroupsRepository>;
