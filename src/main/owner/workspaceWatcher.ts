// The Files tab follows the workspace live (issue 17 item 5): one chokidar watcher per agent whose
// tree the window opened, whatever changes the files — the agent, a command, the owner's editor.
// Changes are gathered for a short moment and sent as one event of relative paths; the window then
// asks for the tree again through the same resolver, so the deny list still decides what it shows.
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';

/** Gathers a burst (a checkout, an install) into one event; well inside the one second the owner waits. */
const GATHER_MS = 150;
const MAX_PATHS_PER_EVENT = 500;
/** Never watched: git's own store and dependency trees change in thousands of files and are not the work. */
const NOT_WATCHED = new Set(['.git', 'node_modules']);

export interface WorkspaceWatchers {
  /** Starts watching the agent's workspace (again, when the directory changed); idempotent. */
  ensure(agentId: string, directory: string): void;
  close(): Promise<void>;
}

export function createWorkspaceWatchers(onChanged: (agentId: string, paths: string[]) => void): WorkspaceWatchers {
  const watching = new Map<
    string,
    { directory: string; watcher: FSWatcher; pending: Set<string>; timer: NodeJS.Timeout | null }
  >();

  function start(agentId: string, directory: string): void {
    const watcher = watch(directory, {
      ignoreInitial: true,
      followSymlinks: false,
      depth: 8,
      ignored: (candidate) =>
        path
          .relative(directory, candidate)
          .split(path.sep)
          .some((part) => NOT_WATCHED.has(part)),
    });
    const entry = { directory, watcher, pending: new Set<string>(), timer: null as NodeJS.Timeout | null };
    const note = (changed: string): void => {
      const relative = path.relative(directory, changed).split(path.sep).join('/');
      if (relative === '' || relative.startsWith('..')) return;
      if (entry.pending.size < MAX_PATHS_PER_EVENT) entry.pending.add(relative);
      entry.timer ??= setTimeout(() => {
        entry.timer = null;
        const paths = [...entry.pending];
        entry.pending.clear();
        onChanged(agentId, paths);
      }, GATHER_MS);
    };
    watcher.on('all', (_event, changed) => note(changed));
    // A watcher that cannot follow (too many watches, a vanished directory) leaves the tab as it was.
    watcher.on('error', () => undefined);
    watching.set(agentId, entry);
  }

  return {
    ensure(agentId, directory) {
      const current = watching.get(agentId);
      if (current?.directory === directory) return;
      if (current) {
        if (current.timer) clearTimeout(current.timer);
        void current.watcher.close();
      }
      start(agentId, directory);
    },
    async close() {
      const all = [...watching.values()];
      watching.clear();
      for (const entry of all) if (entry.timer) clearTimeout(entry.timer);
      await Promise.all(all.map((entry) => entry.watcher.close()));
    },
  };
}
