// The live watch of a long-lived contained process (`start`, an agent's stdio MCP server): while it
// runs, what it plants at the workspace's top level or in `.github/workflows` is moved out at once,
// with the listing and the no-follow moves of alwaysCardGuard.ts. The directories it may not create
// are held as placeholders there; this watch is for everything else (the files).
import fs from 'node:fs';
import path from 'node:path';
import {
  appearedBetween,
  identityOf,
  isRealDirectory,
  listAlwaysCard,
  moveOut,
  parentsAreReal,
  WORKFLOWS,
  type HeldPaths,
  type MovedEntry,
} from './alwaysCardGuard';

/**
 * A long-lived process (a dev server that runs for hours, an agent's MCP server) is watched while it
 * runs instead: the workspace's top level, its `.github` and `.github/workflows` (one inotify watch
 * each, re-armed when they appear), and every always-card entry or `.git` that appears there is moved
 * out at once — an `.envrc` or a `.git/config` with `core.fsmonitor` does not wait for the process to
 * end to be taken away. Nothing is made in the owner's folder for it (empty read-only placeholders
 * once were: nine folders appeared on the owner's disk and a kill -9 left them). What the owner adds
 * there from outside while the process runs is moved the same way (inotify does not say who made a
 * file); the sentence says where it is. A sweep every few seconds backs up a missed event.
 */
export interface LiveAlwaysCardWatch {
  /** Called with what each sweep moved, as it moves it. */
  onMoved(listener: (moved: MovedEntry[]) => void): void;
  /** Stops watching, sweeps once more, and returns everything moved since the watch began. */
  finish(): MovedEntry[];
}

const SWEEP_EVERY_MS = 2_000;
/** When a watch cannot be armed (inotify exhausted, perhaps on purpose): sweeps this often instead. */
const SWEEP_UNWATCHED_MS = 250;
/** Events are coalesced: one sweep this long after the first of a burst (a flood of events is one sweep). */
const COALESCE_MS = 15;
/** A sweep moves and looks again until nothing new appears, this many times at most. */
const SETTLE_ROUNDS = 20;

export function watchAlwaysCardLive(
  workspace: string,
  refusedDir: string,
  sweepEveryMs = SWEEP_EVERY_MS,
  held?: HeldPaths,
): LiveAlwaysCardWatch {
  // What was there when the process started is bound read-only inside its sandbox: contained code
  // cannot replace it, so a name of these that comes back on a new inode is the owner's editor
  // saving it (write to a temp file, rename over), never moved.
  const initial = listAlwaysCard(workspace, held);
  let before: Map<string, string> = new Map(initial);
  const all: MovedEntry[] = [];
  const listeners: ((moved: MovedEntry[]) => void)[] = [];
  const watchers = new Map<string, { watcher: fs.FSWatcher; id: string }>();
  let finished = false;
  let pending: NodeJS.Timeout | null = null;
  let unwatched = false;

  function sweep(): void {
    if (finished) return;
    for (let round = 0; round < SETTLE_ROUNDS; round++) {
      const now = listAlwaysCard(workspace, held);
      const appeared = appearedBetween(before, now).filter((rel) => !initial.has(rel));
      // The baseline is the listing this decision read, less what it moves: an entry planted again
      // between the move and a later listing is new to the next round, never taken for an old one.
      before = new Map(now);
      if (appeared.length === 0) break;
      const moved = moveOut(workspace, appeared, refusedDir);
      for (const entry of moved) {
        if (entry.movedTo === null) continue;
        for (const rel of [...before.keys()])
          if (rel === entry.path || rel.startsWith(`${entry.path}/`)) before.delete(rel);
      }
      all.push(...moved);
      for (const listener of listeners) listener(moved);
    }
    arm();
  }

  function soon(): void {
    if (finished || pending) return;
    pending = setTimeout(() => {
      pending = null;
      sweep();
    }, COALESCE_MS);
  }

  /** A watch on each of the three directories that is a real directory now (never through a link), re-armed when one is replaced. */
  function arm(): void {
    let failed = false;
    for (const rel of ['', '.github', WORKFLOWS]) {
      const dir = rel === '' ? workspace : path.join(workspace, rel);
      const real = isRealDirectory(dir) && (rel === '' || parentsAreReal(workspace, rel));
      const id = real ? identityOf(dir) : null;
      const current = watchers.get(rel);
      if (current && id !== null && current.id === id) continue;
      current?.watcher.close();
      watchers.delete(rel);
      if (id === null) continue;
      try {
        const watcher = fs.watch(dir, { persistent: false }, soon);
        watcher.on('error', () => {
          watcher.close();
          if (watchers.get(rel)?.watcher === watcher) watchers.delete(rel);
          soon();
        });
        watchers.set(rel, { watcher, id });
        // What appeared before this watch was armed (a `.github/workflows` made with its parent).
        if (rel !== '') soon();
      } catch {
        failed = true;
      }
    }
    if (failed !== unwatched) {
      unwatched = failed;
      clearInterval(timer);
      timer = setInterval(sweep, unwatched ? SWEEP_UNWATCHED_MS : sweepEveryMs);
      timer.unref();
    }
  }

  let timer = setInterval(sweep, sweepEveryMs);
  timer.unref();
  arm();
  return {
    onMoved: (listener) => void listeners.push(listener),
    finish() {
      if (pending) clearTimeout(pending);
      pending = null;
      sweep();
      finished = true;
      clearInterval(timer);
      for (const { watcher } of watchers.values()) watcher.close();
      watchers.clear();
      return all;
    },
  };
}
