// A data directory at start: its database, the lock that keeps it to one core, its folders, and
// recovery from an earlier Paddock that stopped without ending its work (SPEC §8).
import fs from 'node:fs';
import path from 'node:path';
import { recoverInterruptedCalls } from './agent/recovery';
import { lockDataDir, type DataDirLock } from './dataDirLock';
import type { ConversationsRepository } from './store/conversations';
import { openDatabase, type Db } from './store/database';
import type { ToolCallsRepository } from './store/toolCalls';
import { removeInterruptedTempFiles } from './workspace/tempJournal';

/** Opens the database and takes the lock, before recovery touches anything another core may still be running. */
export function openDataDir(dataDir: string, holder: string): { db: Db; dataDirLock: DataDirLock } {
  const db = openDatabase(dataDir);
  let dataDirLock: DataDirLock;
  try {
    dataDirLock = lockDataDir(dataDir, holder);
  } catch (error) {
    db.close();
    throw error;
  }
  for (const dir of ['developer/logs', 'developer/empty-hooks', 'files']) {
    fs.mkdirSync(path.join(dataDir, dir), { recursive: true, mode: 0o700 });
  }
  return { db, dataDirLock };
}

/**
 * What was running or waiting when Paddock stopped is interrupted, never repeated; temp files of
 * interrupted writes go; every process group an earlier Paddock started and did not see end (a
 * crash, kill -9) ends now.
 */
export function recoverAtStart(
  deps: {
    dataDir: string;
    toolCalls: ToolCallsRepository;
    conversations: ConversationsRepository;
    ledger: { reapLeftovers(): { groups: number; stragglers: number } };
  },
  log: (message: string) => void,
): void {
  const interrupted = recoverInterruptedCalls(deps.toolCalls, deps.conversations);
  if (interrupted.length > 0)
    log(`${interrupted.length} tool call(s) were interrupted when Paddock last stopped; none is repeated`);
  const leftovers = removeInterruptedTempFiles(deps.dataDir);
  if (leftovers > 0) log(`removed ${leftovers} temp file(s) of writes interrupted when Paddock last stopped`);
  const reaped = deps.ledger.reapLeftovers();
  if (reaped.groups + reaped.stragglers > 0) {
    log(
      `ended ${reaped.groups} process group(s) and ${reaped.stragglers} other process(es) left by an earlier Paddock`,
    );
  }
}
