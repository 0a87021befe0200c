// The checkpoint history of each workspace (issue 20 §1, §4): a row per turn, the workspace recorded
// before the turn's first change and again when it ends, and a size budget that drops the oldest
// snapshots first. Snapshots of one workspace are taken one at a time.
import fs from 'node:fs';
import type { Workspace } from '../../shared/domain';
import type { CommandWrapper } from '../processes/command';
import type { ReaderSandbox } from '../sandbox/sandbox';
import type { CheckpointRow, CheckpointsRepository } from '../store/checkpoints';
import type { SettingsRepository } from '../store/settings';
import { purgeDeniedOnce } from './purgeDenied';
import { openShadowRepo, shadowDirFor, type ShadowRepo } from './shadowGit';
import {
  dropTree,
  keepLeftOut,
  keepTree,
  listLeftOut,
  readLeftOut,
  takeSnapshot,
  takeSnapshotOfPaths,
  wasLeftOut,
  type Snapshot,
} from './snapshot';
import { changedPaths } from './trees';
import { headOf } from '../git/headOf';

export const CHECKPOINT_OPTIONS_KEY = 'checkpoints.options';

export interface CheckpointOptions {
  /** Record .gitignore'd trees too (node_modules, build output). Off by default. */
  includeIgnored: boolean;
  /** Files larger than this are named, not stored. */
  maxFileBytes: number;
  /** Space one workspace's history may take before the oldest snapshots go. */
  budgetBytes: number;
}

export const DEFAULT_CHECKPOINT_OPTIONS: CheckpointOptions = {
  includeIgnored: false,
  maxFileBytes: 10 * 1024 * 1024,
  budgetBytes: 1024 * 1024 * 1024,
};

export interface HistoryDeps {
  dataDir: string;
  /** The owner's home: the deny list's places a snapshot never records. */
  home: string;
  repository: CheckpointsRepository;
  settings: SettingsRepository;
  workspaces: { get(agentId: string): Workspace | null };
  findGit(capturedPath: string): string | null;
  wrap?: CommandWrapper;
  /** The workspace's reader sandbox for the shadow repository's git (shadowGit.ts), when available. */
  sandbox?: ReaderSandbox;
  log(message: string): void;
}

export interface TurnStart {
  turnId: string;
  agentId: string;
  conversationId: string;
  /** The owner's message that opened the turn; null for a retry. */
  ownerMessageId: number | null;
}

export function createCheckpointHistory(deps: HistoryDeps) {
  const repos = new Map<string, Promise<ShadowRepo>>();
  const queues = new Map<string, Promise<unknown>>();
  const beforeTaken = new Map<string, Promise<void>>();
  /** Where the workspace's HEAD pointed when each turn began: a turn that moved it committed. */
  const headAtStart = new Map<string, string | null>();

  function options(): CheckpointOptions {
    return {
      ...DEFAULT_CHECKPOINT_OPTIONS,
      ...deps.settings.get<Partial<CheckpointOptions>>(CHECKPOINT_OPTIONS_KEY, {}),
    };
  }

  function repoFor(workspace: Workspace): Promise<ShadowRepo> {
    const known = repos.get(workspace.directory);
    if (known) return known;
    const gitBinary = workspace.gitBinary ?? deps.findGit(workspace.capturedPath);
    if (!gitBinary)
      return Promise.reject(
        new Error("no git was found on the workspace's captured PATH, so no checkpoint can be recorded"),
      );
    const opened = openShadowRepo({
      gitBinary,
      dataDir: deps.dataDir,
      home: deps.home,
      workspace: workspace.directory,
      wrap: deps.wrap,
      sandbox: deps.sandbox,
    }).then(async (repo) => {
      // Snapshots an older Paddock recorded may hold a denied place: dropped once, before any use.
      const kept = deps.repository
        .forWorkspace(workspace.directory)
        .filter((row) => !row.pruned && (row.beforeTree || row.afterTree));
      const dropped = await purgeDeniedOnce(repo, kept, (ids) => deps.repository.markPruned(ids));
      if (dropped.length > 0)
        deps.log(
          `checkpoints: ${dropped.length} checkpoint(s) of ${workspace.directory} held a place the deny list covers and were removed`,
        );
      return repo;
    });
    repos.set(workspace.directory, opened);
    opened.catch(() => repos.delete(workspace.directory));
    return opened;
  }

  /** Runs after everything queued for this workspace, so two snapshots never share the index. */
  function serial<T>(directory: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(directory) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    queues.set(directory, next);
    return next;
  }

  function lastOversize(directory: string): string[] {
    const rows = deps.repository.forWorkspace(directory);
    const last = rows.reverse().find((row) => row.afterTree || row.beforeTree);
    return last ? [...new Set([...last.beforeOversize, ...last.afterOversize])] : [];
  }

  /**
   * Records the workspace now and keeps the tree under `name`; with `keepWhatWasLeftOut` (a turn's
   * "before"), also the names of what was on disk but not stored, so an undo never removes them.
   */
  function record(
    workspace: Workspace,
    name: string,
    keepWhatWasLeftOut = false,
  ): Promise<{ repo: ShadowRepo; snapshot: Snapshot }> {
    return serial(workspace.directory, async () => {
      const repo = await repoFor(workspace);
      const current = options();
      const snapshot = await takeSnapshot(repo, {
        includeIgnored: current.includeIgnored,
        maxFileBytes: current.maxFileBytes,
        previousOversize: lastOversize(workspace.directory),
      });
      keepTree(repo, name, snapshot.tree);
      if (keepWhatWasLeftOut) keepLeftOut(repo, name, await listLeftOut(repo));
      return { repo, snapshot };
    });
  }

  /** After writing known paths only (a restore): no full scan. */
  function recordPaths(
    workspace: Workspace,
    name: string,
    paths: readonly string[],
  ): Promise<{ repo: ShadowRepo; snapshot: Snapshot }> {
    return serial(workspace.directory, async () => {
      const repo = await repoFor(workspace);
      const current = options();
      // Should git refuse a path (it vanished again meanwhile), the whole workspace is recorded instead.
      const previousOversize = lastOversize(workspace.directory);
      const snapshot = await takeSnapshotOfPaths(repo, paths, current)
        .then((taken) => {
          // Paths not read keep what the last snapshot knew of them: a file too large then is still left out.
          const named = new Set(paths);
          return {
            ...taken,
            oversize: [...new Set([...previousOversize.filter((rel) => !named.has(rel)), ...taken.oversize])],
          };
        })
        .catch(() => takeSnapshot(repo, { ...current, previousOversize }));
      keepTree(repo, name, snapshot.tree);
      return { repo, snapshot };
    });
  }

  function workspaceOf(row: CheckpointRow): Workspace | null {
    const workspace = deps.workspaces.get(row.agentId);
    // A workspace moved since the row was written is not the one its snapshots describe.
    return workspace && workspace.directory === row.workspace ? workspace : null;
  }

  async function describeChanges(repo: ShadowRepo, row: CheckpointRow): Promise<string> {
    if (!row.beforeTree || !row.afterTree) return '';
    const changes = await changedPaths(repo, row.beforeTree, row.afterTree);
    // A file that was on disk but left out before (ignored then, not now) is not one the turn made.
    const leftOut = readLeftOut(repo, `${row.id}-before`);
    const made = leftOut?.complete
      ? changes.filter((change) => change.before !== null || !wasLeftOut(leftOut, change.path))
      : changes;
    const names = made.map((change) => change.path);
    if (names.length === 0) return 'changed no files';
    const shown = names.slice(0, 5).join(', ');
    return `changed ${names.length} file${names.length === 1 ? '' : 's'}: ${shown}${names.length > 5 ? ', …' : ''}`;
  }

  async function usageBytes(repo: ShadowRepo): Promise<number> {
    const out = (await repo.git(['count-objects', '-v'])).toString('utf8');
    const kib = (key: string): number => Number(new RegExp(`^${key}: (\\d+)$`, 'm').exec(out)?.[1] ?? 0);
    return (kib('size') + kib('size-pack')) * 1024;
  }

  /** Oldest first, until the history fits its budget; the newest checkpoint always stays. */
  async function enforceBudget(workspace: Workspace): Promise<void> {
    await serial(workspace.directory, async () => {
      const repo = await repoFor(workspace);
      const budget = options().budgetBytes;
      while ((await usageBytes(repo)) > budget) {
        const kept = deps.repository
          .forWorkspace(workspace.directory)
          .filter((row) => !row.pruned && (row.beforeTree || row.afterTree));
        if (kept.length <= 1) return;
        const drop = kept.slice(0, Math.max(1, Math.floor(kept.length / 4)));
        for (const row of drop) {
          for (const side of ['before', 'after']) dropTree(repo, `${row.id}-${side}`);
        }
        deps.repository.markPruned(drop.map((row) => row.id));
        await repo.git(['prune', '--expire=now']);
        await repo.git(['repack', '-a', '-d', '-q']);
        deps.log(
          `checkpoints: ${drop.length} oldest checkpoint(s) of ${workspace.directory} removed to stay within ${budget} bytes`,
        );
      }
    });
  }

  return {
    options,
    setOptions(change: Partial<CheckpointOptions>): CheckpointOptions {
      const next = { ...options(), ...change };
      deps.settings.set(CHECKPOINT_OPTIONS_KEY, next);
      return next;
    },

    turnStarted(turn: TurnStart): void {
      const workspace = deps.workspaces.get(turn.agentId);
      if (!workspace) return;
      headAtStart.set(turn.turnId, headOf(workspace.directory));
      deps.repository.create({
        workspace: workspace.directory,
        agentId: turn.agentId,
        conversationId: turn.conversationId,
        kind: 'turn',
        turnId: turn.turnId,
        messagesFrom: turn.ownerMessageId ?? deps.repository.nextMessageId(),
      });
    },

    /** Before a call that may change files: the first in a turn records the workspace, later ones wait for it. */
    beforeChange(turnId: string): Promise<void> {
      const known = beforeTaken.get(turnId);
      if (known) return known;
      const row = deps.repository.forTurn(turnId);
      if (!row || row.beforeTree) return Promise.resolve();
      const workspace = workspaceOf(row);
      if (!workspace) return Promise.resolve();
      const taken = record(workspace, `${row.id}-before`, true).then(({ snapshot }) =>
        deps.repository.setBefore(row.id, snapshot.tree, snapshot.oversize),
      );
      beforeTaken.set(turnId, taken);
      return taken;
    },

    /** The turn ended: the workspace is recorded once more when the turn recorded it before a change. */
    async turnEnded(turnId: string): Promise<CheckpointRow | null> {
      const pending = beforeTaken.get(turnId);
      beforeTaken.delete(turnId);
      if (pending) await pending.catch(() => undefined);
      const row = deps.repository.forTurn(turnId);
      const startHead = headAtStart.get(turnId);
      headAtStart.delete(turnId);
      if (!row) return null;
      const workspace = workspaceOf(row);
      const committed = workspace !== null && startHead !== undefined && headOf(workspace.directory) !== startHead;
      if (!row.beforeTree || !workspace) {
        // Nothing that changes files ran (a git commit changes .git alone), but a commit is still said.
        if (committed) deps.repository.setSummary(row.id, turnSummary('changed no files', true));
        deps.repository.end(row.id);
        return deps.repository.get(row.id);
      }
      const { repo, snapshot } = await record(workspace, `${row.id}-after`);
      deps.repository.setAfter(row.id, snapshot.tree, snapshot.oversize);
      const ended = deps.repository.get(row.id) as CheckpointRow;
      deps.repository.setSummary(row.id, turnSummary(await describeChanges(repo, ended), committed));
      await enforceBudget(workspace);
      return deps.repository.get(row.id);
    },

    record,
    recordPaths,
    repoFor,
    workspaceOf,
    describeChanges,

    async usage(workspace: Workspace): Promise<{ bytes: number; checkpoints: number }> {
      const rows = deps.repository
        .forWorkspace(workspace.directory)
        .filter((row) => !row.pruned && (row.beforeTree || row.afterTree));
      if (!fs.existsSync(shadowDirFor(deps.dataDir, workspace.directory))) return { bytes: 0, checkpoints: 0 };
      const repo = await repoFor(workspace);
      return { bytes: await serial(workspace.directory, () => usageBytes(repo)), checkpoints: rows.length };
    },

    /** Settings' Clear: the shadow repository goes, and every checkpoint of the workspace with it. */
    async clear(workspace: Workspace): Promise<void> {
      await serial(workspace.directory, async () => {
        const rows = deps.repository.forWorkspace(workspace.directory);
        deps.repository.markPruned(rows.map((row) => row.id));
        repos.delete(workspace.directory);
        fs.rmSync(shadowDirFor(deps.dataDir, workspace.directory), { recursive: true, force: true });
      });
    },
  };
}

export type CheckpointHistory = ReturnType<typeof createCheckpointHistory>;

/** The row's summary: what the turn changed on disk, and that it committed, which no Undo takes back. */
export function turnSummary(changes: string, committed: boolean): string {
  if (!committed) return changes;
  return changes === 'changed no files'
    ? 'changed no files, and committed: Undo takes back the messages, not the commit'
    : `${changes}, and committed: Undo restores the files, not the commit`;
}
