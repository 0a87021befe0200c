// One core per data directory. A core's start ends every process group an earlier Paddock left and
// marks its unfinished calls interrupted (recovery): a second core on the same directory would do
// that to a live one (kill a lone `paddock mcp`'s commands, or a window's). So a core holds
// `<data>/paddock.lock` — its pid, OS start time, host and a line for people — while it runs; a
// second start is refused with a sentence naming the holder. A lock whose process is gone (a
// crash, kill -9) is taken over. Identity is (pid, start time), never a pid alone.
import fs from 'node:fs';
import path from 'node:path';
import { readStartTime } from './processes/identity';

export const LOCK_NAME = 'paddock.lock';

export interface LockHolder {
  pid: number;
  startTime: string;
  /** What holds it, for the sentence: "paddock serve", "the Paddock window", "paddock mcp". */
  what: string;
  since: string;
}

export class DataDirInUse extends Error {
  constructor(
    readonly holder: LockHolder,
    dataDir: string,
  ) {
    super(
      `${holder.what} (pid ${holder.pid}, since ${holder.since}) already runs Paddock on the data directory ${dataDir}. ` +
        "Two at once would end each other's processes at start. Quit it first, or give this one another --data-dir " +
        '(a paddock mcp started while a Paddock window runs goes through that window by itself).',
    );
  }
}

export interface DataDirLock {
  release(): void;
}

function readHolder(file: string): LockHolder | null {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || typeof value.startTime !== 'string' || typeof value.what !== 'string')
      return null;
    return { pid: value.pid, startTime: value.startTime, what: value.what, since: String(value.since ?? '') };
  } catch {
    return null;
  }
}

function alive(holder: LockHolder): boolean {
  return readStartTime(holder.pid) === holder.startTime;
}

/** Takes the data directory for this process, or throws DataDirInUse naming the live holder. */
export function lockDataDir(dataDir: string, what: string, now: () => Date = () => new Date()): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_NAME);
  const me: LockHolder = {
    pid: process.pid,
    startTime: readStartTime(process.pid) ?? 'unknown',
    what,
    since: now().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    // Written whole beside it, then linked into place: link fails if the lock exists, and a lock
    // that exists is never half-written.
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(me), { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
      return {
        release() {
          // Only our own: a lock taken over after we were thought gone is not ours to remove.
          const current = readHolder(file);
          if (current && current.pid === me.pid && current.startTime === me.startTime) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
    const holder = readHolder(file);
    // A core of this very process that never shut down is what a crash leaves (tests restart in one process).
    if (holder && holder.pid !== process.pid && alive(holder)) throw new DataDirInUse(holder, dataDir);
    // Gone, or not a lock Paddock wrote: take it over.
    fs.rmSync(file, { force: true });
  }
  const holder = readHolder(file);
  if (holder) throw new DataDirInUse(holder, dataDir);
  throw new Error(`cannot take the lock ${file}: another start keeps taking it`);
}
