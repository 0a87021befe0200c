// The live watch of a long-lived contained process (`start`, an agent's stdio MCP server): while it
// runs, every always-card entry or `.git` that appears anywhere in the workspace (alwaysCardTree.ts)
// is moved out at once, with the no-follow moves of alwaysCardGuard.ts, and its listeners are told,
// so that the process is stopped (containment.ts): one that plants again the moment its entry is
// moved would otherwise keep one there nearly all the time (measured: a prompt's `git status` found a
// `.git` planted again at once in 95% of its runs). Nothing is made in the owner's folder for it:
// bubblewrap can hold a name only by mounting on it, and a mount point would be on the owner's disk
// (empty read-only placeholders once were: nine folders appeared there, and a kill -9 left them).
import fs from 'node:fs';
import path from 'node:path';
import { appearedBetween, moveOut, ownerIdentities, paddockMadeIn, type MovedEntry } from './alwaysCardGuard';
import { identityOf, isAtOrBelow, listCardTree, type Identities } from './alwaysCardTree';

/**
 * A long-lived process (a dev server that runs for hours, an agent's MCP server) is watched while it
 * runs: one inotify watch per directory the tree walk covers (re-armed as directories come and go),
 * and what appears is moved out at once — an `.envrc` or a `.git/config` with `core.fsmonitor` does
 * not wait for the process to end. What the owner adds from outside while the process runs is moved
 * the same way (inotify does not say who made a file); the sentence says where it is. A full sweep
 * every few seconds backs up a missed event.
 */
/**
 * Why a long-lived process must stop: an entry appeared (moved out; any process there could make
 * the next one), or an entry held read-only since its start was replaced, removed or renamed away
 * on disk, which ended the hold inside its sandbox (a replacement is kept: the owner's save, or an
 * approved write).
 */
export type LiveStop = { kind: 'appeared'; paths: string[] } | { kind: 'replaced'; paths: string[] };

export interface LiveAlwaysCardWatch {
  /** Called with what a sweep found appeared, before it is moved (a move across devices copies, and may fail). */
  onAppeared(listener: (appeared: string[]) => void): void;
  /** Called with what each sweep moved, as it moves it. */
  onMoved(listener: (moved: MovedEntry[]) => void): void;
  /**
   * Called with the entries held read-only since the start that were replaced on disk (an editor's
   * save through a rename, or an approved write), removed or renamed away: a replacement is kept,
   * but the read-only mount inside the process's sandbox ended with the file it was on (the kernel
   * detaches a mount whose point is removed), so the process could write into the new one in place,
   * or make one where the old was; once per entry.
   */
  onHoldEnded(listener: (replaced: string[]) => void): void;
  /** Stops watching, sweeps once more, and returns everything moved since the watch began. */
  finish(): MovedEntry[];
}

const SWEEP_EVERY_MS = 2_000;
/** When a watch cannot be armed (inotify exhausted, perhaps on purpose): sweeps this often instead. */
const SWEEP_UNWATCHED_MS = 250;
/** A full sweep's period is at least this many times what the last one took (a large tree is swept less often). */
const SWEEP_COST_FACTOR = 25;
/** Events are coalesced: one sweep this long after the first of a burst (a flood of events is one sweep). */
const COALESCE_MS = 10;

/** The directories of `dirty` that no other of them holds (each is listed with what is below it). */
function outermost(dirty: Iterable<string>): string[] {
  const all = [...new Set(dirty)].sort();
  return all.filter((rel) => !all.some((other) => other !== rel && isAtOrBelow(rel, other)));
}

export function watchAlwaysCardLive(
  workspace: string,
  refusedDir: string,
  sweepEveryMs = SWEEP_EVERY_MS,
): LiveAlwaysCardWatch {
  const first = listCardTree(workspace);
  // What was there when the process started is bound read-only inside its sandbox: contained code
  // cannot replace it in place, so a name of these that comes back on a new inode in the same
  // directory is the owner's editor saving it (write to a temp file, rename over), never moved. In
  // a directory replaced since (a parent renamed away and made anew), the name is new.
  const initial = new Map(first.entries);
  const initialDirs = new Map(first.dirs);
  const owners = ownerIdentities(first.entries);
  // What Paddock's own file tools write while it runs is kept, as long as it stays as they left it.
  const paddocks = paddockMadeIn(workspace);
  let entries: Identities = first.entries;
  let dirs: Identities = first.dirs;
  const all: MovedEntry[] = [];
  const listeners: ((moved: MovedEntry[]) => void)[] = [];
  const appearedListeners: ((appeared: string[]) => void)[] = [];
  const holdEndedListeners: ((replaced: string[]) => void)[] = [];
  /** Entries held since the start whose hold was said to have ended. */
  const holdsEnded = new Set<string>();
  const watchers = new Map<string, { watcher: fs.FSWatcher; id: string }>();
  const dirty = new Set<string>();
  let finished = false;
  let ending = false;
  let pending: NodeJS.Timeout | null = null;
  let unwatched = false;
  let lastFullMs = 0;

  const parentOf = (rel: string): string => (path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel));
  const isOwnersSave = (rel: string): boolean => {
    if (!initial.has(rel)) return false;
    const parent = parentOf(rel);
    const now = dirs.get(parent) ?? entries.get(parent);
    return now !== undefined && now === (initialDirs.get(parent) ?? initial.get(parent));
  };

  const listedFrom = (dir: string): string => {
    let from = dir;
    for (const rel of entries.keys()) if (isAtOrBelow(from, rel)) from = parentOf(rel);
    return from;
  };

  /**
   * Lists again below each directory of `under`, replacing what was known there; after an event the
   * known subdirectories with no event are kept, a full sweep walks everything (it backs up a missed event).
   */
  function relist(under: readonly string[], full: boolean): void {
    const nextEntries: Identities = new Map([...entries].filter(([rel]) => !under.some((d) => isAtOrBelow(rel, d))));
    const nextDirs: Identities = new Map([...dirs].filter(([rel]) => !under.some((d) => isAtOrBelow(rel, d))));
    for (const dir of under) {
      const kept: string[] = [];
      const tree = listCardTree(workspace, dir, {
        keep: (rel, id) => {
          if (full || dirs.get(rel) !== id || [...dirty].some((d) => isAtOrBelow(d, rel))) return false;
          kept.push(rel);
          return true;
        },
      });
      for (const [rel, id] of tree.entries) nextEntries.set(rel, id);
      for (const [rel, id] of tree.dirs) nextDirs.set(rel, id);
      for (const keptDir of kept) {
        for (const [rel, id] of entries) if (isAtOrBelow(rel, keptDir)) nextEntries.set(rel, id);
        for (const [rel, id] of dirs) if (isAtOrBelow(rel, keptDir)) nextDirs.set(rel, id);
      }
    }
    const before = entries;
    entries = nextEntries;
    dirs = nextDirs;
    // A held entry replaced in its folder (the owner's save), or gone from its path (removed, or
    // renamed away: a folder renamed around it carries it, and its mount, along): the path is no
    // longer held inside the sandbox. What comes at a path gone so is new, not the owner's save.
    const carried = new Set(entries.values());
    const released = [...initial]
      .filter(([rel, id]) => !holdsEnded.has(rel) && entries.get(rel) !== id)
      .filter(([rel, id]) => (entries.has(rel) ? isOwnersSave(rel) : !carried.has(id)))
      .map(([rel]) => rel);
    for (const [rel, id] of [...initial].filter(([rel]) => released.includes(rel))) {
      holdsEnded.add(rel);
      if (entries.has(rel)) continue;
      // Gone: a new file there may even get the freed inode, which must not pass for the owner's.
      initial.delete(rel);
      owners.delete(id);
    }
    // The last sweep, as the process ends, has no process left to stop.
    if (released.length > 0 && !ending) for (const listener of holdEndedListeners) listener(released);
    const appeared = appearedBetween(before, entries, owners, paddocks).filter((rel) => !isOwnersSave(rel));
    if (appeared.length === 0) return;
    for (const listener of appearedListeners) listener(appeared);
    // One another watch of the same folder moved first is gone: not reported as stuck.
    const moved = moveOut(workspace, appeared, refusedDir).filter(
      (entry) => entry.movedTo !== null || identityOf(path.join(workspace, entry.path)) !== null,
    );
    for (const entry of moved) {
      if (entry.movedTo === null) continue;
      for (const rel of [...entries.keys()]) if (isAtOrBelow(rel, entry.path)) entries.delete(rel);
    }
    if (moved.length === 0) return;
    all.push(...moved);
    for (const listener of listeners) listener(moved);
  }

  function sweep(full: boolean): void {
    if (finished) return;
    const began = Date.now();
    // A folder watched inside an entry (one Paddock made, walked name by name) is listed again from
    // that entry's parent: the walk reads every name inside an entry as an entry only from there.
    const under = full ? [''] : outermost([...dirty].map(listedFrom));
    relist(under, full);
    dirty.clear();
    if (full) lastFullMs = Date.now() - began;
    arm();
  }

  function soon(rel: string): void {
    if (finished) return;
    dirty.add(rel);
    if (pending) return;
    pending = setTimeout(() => {
      pending = null;
      sweep(false);
    }, COALESCE_MS);
  }

  /** An event naming a held entry: listed at once, not coalesced (each moment it is not held, the process could write there). */
  function now(rel: string): void {
    if (finished) return;
    if (pending) clearTimeout(pending);
    pending = null;
    dirty.add(rel);
    sweep(false);
  }

  const isHeld = (rel: string): boolean => initial.has(rel) && !holdsEnded.has(rel);

  /**
   * A watch on each directory walked, checked to be that directory (never through a link), re-armed
   * when one is replaced. One armed after the first (a directory made or replaced while the process
   * runs) is listed once more: what was made in it between its walk and its watch has no event.
   */
  function arm(first = false): void {
    let failed = false;
    for (const [rel, { watcher }] of watchers) {
      if (dirs.has(rel)) continue;
      watcher.close();
      watchers.delete(rel);
    }
    for (const [rel, id] of dirs) {
      const current = watchers.get(rel);
      if (current && current.id === id) continue;
      current?.watcher.close();
      watchers.delete(rel);
      const dir = rel === '' ? workspace : path.join(workspace, rel);
      // Not that directory by its path now (swapped meanwhile): the next sweep lists it again.
      if (identityOf(dir) !== id) continue;
      try {
        // Only names matter (a new entry, a directory made or replaced), and a write in place into
        // an entry (a file Paddock wrote is kept only while it is as Paddock left it).
        const watcher = fs.watch(dir, { persistent: false }, (event, name) => {
          const named = name === null ? null : rel === '' ? name : `${rel}/${name}`;
          if (event === 'rename' && named !== null && isHeld(named)) now(rel);
          else if (event === 'rename' || (named !== null && entries.has(named))) soon(rel);
        });
        watcher.on('error', () => {
          watcher.close();
          if (watchers.get(rel)?.watcher === watcher) watchers.delete(rel);
          soon(rel);
        });
        watchers.set(rel, { watcher, id });
        if (!first) soon(rel);
      } catch {
        failed = true;
      }
    }
    const period = Math.max(unwatched || failed ? SWEEP_UNWATCHED_MS : sweepEveryMs, SWEEP_COST_FACTOR * lastFullMs);
    if (failed !== unwatched || period !== timerPeriod) {
      unwatched = failed;
      clearInterval(timer);
      timerPeriod = period;
      timer = setInterval(() => sweep(true), period);
      timer.unref();
    }
  }

  let timerPeriod = sweepEveryMs;
  let timer = setInterval(() => sweep(true), timerPeriod);
  timer.unref();
  arm(true);
  return {
    onAppeared: (listener) => void appearedListeners.push(listener),
    onMoved: (listener) => void listeners.push(listener),
    onHoldEnded: (listener) => void holdEndedListeners.push(listener),
    finish() {
      if (pending) clearTimeout(pending);
      pending = null;
      ending = true;
      sweep(true);
      finished = true;
      if (pending) clearTimeout(pending);
      clearInterval(timer);
      for (const { watcher } of watchers.values()) watcher.close();
      watchers.clear();
      return all;
    },
  };
}
