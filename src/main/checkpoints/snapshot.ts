// Recording the workspace into the shadow repository (issue 20 §1). Untracked files are included;
// .gitignore'd trees are left out unless the owner's setting includes them; a file above the size
// cap is named but never stored (its content is neither hashed nor copied). A place on the deny list
// is never recorded at all (deniedPaths.ts).
import fs from 'node:fs';
import path from 'node:path';
import { deniedPathsIn, literalIgnoreLine, type DeniedPaths } from './deniedPaths';
import { splitNul, type ShadowRepo } from './shadowGit';

export { literalIgnoreLine } from './deniedPaths';

export interface SnapshotOptions {
  includeIgnored: boolean;
  maxFileBytes: number;
  /** Files the last snapshot found too large: they stay excluded while they still are. */
  previousOversize: readonly string[];
}

export interface Snapshot {
  /** The tree object holding the workspace as it was. */
  tree: string;
  /** Paths left out because they were larger than the cap (named on every card that touches them). */
  oversize: string[];
}

const EXCLUDE_HEADER = '.git\n/.git/\n';
/** Up to this many changed paths are named to git one by one; past it, git walks the tree itself. */
const NAMED_PATHS_LIMIT = 2_000;

const RM_CACHED = ['rm', '--cached', '-f', '-q', '--ignore-unmatch', '--pathspec-from-file=-', '--pathspec-file-nul'];

/**
 * Writes the deny list's lines where every listing reads them (info/denied for the listing that
 * otherwise ignores nothing); true when they changed, so the index is then purged of denied paths.
 */
function writeDeniedLines(repo: ShadowRepo, denied: DeniedPaths): boolean {
  const file = path.join(repo.gitDir, 'info', 'denied');
  const content = denied.excludeLines.map((line) => `${line}\n`).join('');
  let before: string | null = null;
  try {
    before = fs.readFileSync(file, 'utf8');
  } catch {
    before = null;
  }
  if (before === content) return false;
  fs.writeFileSync(file, content, { mode: 0o600 });
  return true;
}

/**
 * Takes every denied path out of the index: one recorded before the deny list covered it, or one an
 * exclude pattern missed (a spelling only the resolver's folding matches). Run after a whole-tree
 * add (itself a full walk) and when the deny lines change, so the tree written never holds one.
 */
async function dropDenied(repo: ShadowRepo, denied: DeniedPaths): Promise<void> {
  if (denied.excludeLines.length === 0) return;
  const inIndex = splitNul(await repo.git(['ls-files', '-z', '--cached'])).filter(denied.covers);
  if (inIndex.length > 0) await repo.git(RM_CACHED, { input: inIndex.join('\0') });
}

function isOversize(workspace: string, rel: string, maxFileBytes: number): boolean {
  const stat = fs.lstatSync(path.join(workspace, rel), { throwIfNoEntry: false });
  return stat !== undefined && stat.isFile() && stat.size > maxFileBytes;
}

export async function takeSnapshot(repo: ShadowRepo, options: SnapshotOptions): Promise<Snapshot> {
  const denied = deniedPathsIn(repo.workspace, repo.home, repo.dataDir);
  let purge = writeDeniedLines(repo, denied);
  // What could be new or changed since the index last saw it: only these need a size check. The deny
  // lines are read by both listings, so git never descends into a denied directory.
  const listArgs = [
    'ls-files',
    '-z',
    '--others',
    '--modified',
    options.includeIgnored ? `--exclude-from=${path.join(repo.gitDir, 'info', 'denied')}` : '--exclude-standard',
  ];
  const candidates = [...new Set(splitNul(await repo.git(listArgs)))].filter(
    (rel) => !rel.endsWith('/') && !denied.covers(rel),
  );
  const oversize = [...new Set([...candidates, ...options.previousOversize])].filter((rel) =>
    isOversize(repo.workspace, rel, options.maxFileBytes),
  );
  const oversizeSet = new Set(oversize);

  const lines = oversize.map(literalIgnoreLine).filter((line): line is string => line !== null);
  const excludePath = path.join(repo.gitDir, 'info', 'exclude');
  const exclude = EXCLUDE_HEADER + [...denied.excludeLines, ...lines].map((line) => `${line}\n`).join('');
  if (fs.readFileSync(excludePath, 'utf8') !== exclude) fs.writeFileSync(excludePath, exclude, { mode: 0o600 });
  if (oversize.length > 0) {
    // A file that grew past the cap since it was stored leaves the index (its old content stays in older snapshots).
    await repo.git(
      ['rm', '--cached', '-f', '-q', '--ignore-unmatch', '--pathspec-from-file=-', '--pathspec-file-nul'],
      {
        input: oversize.join('\0'),
      },
    );
  }

  if (!options.includeIgnored) {
    // A file that was too large last time was hidden from the listing above by the old exclude file.
    const revived = options.previousOversize.filter(
      (rel) => !oversizeSet.has(rel) && !denied.covers(rel) && fs.existsSync(path.join(repo.workspace, rel)),
    );
    const paths = [...new Set([...candidates, ...revived])].filter((rel) => !oversizeSet.has(rel));
    if (paths.length > NAMED_PATHS_LIMIT) {
      // Many changes (a first snapshot): the whole tree at once; the exclude file above keeps the large ones out.
      await repo.git(['add', '-A', '--ignore-errors'], { allowExit: [0, 1] });
      purge ||= denied.excludeLines.length > 0;
    } else if (paths.length > 0) {
      // A few changes: only they are named, so git does not walk the tree a second time.
      await repo.git(['add', '-A', '--ignore-errors', '--pathspec-from-file=-', '--pathspec-file-nul'], {
        input: paths.join('\0'),
        allowExit: [0, 1],
      });
    }
  } else {
    // `-f` would also override the exclude file, so the paths are named one by one instead.
    const paths = candidates.filter((rel) => !oversizeSet.has(rel));
    const deleted = splitNul(await repo.git(['ls-files', '-z', '--deleted'])).filter((rel) => !denied.covers(rel));
    const all = [...paths, ...deleted];
    if (all.length > 0) {
      await repo.git(['add', '-A', '-f', '--ignore-errors', '--pathspec-from-file=-', '--pathspec-file-nul'], {
        input: all.join('\0'),
        allowExit: [0, 1],
      });
    }
  }
  if (purge) await dropDenied(repo, denied);
  const tree = (await repo.git(['write-tree'])).toString('utf8').trim();
  return { tree, oversize };
}

/**
 * The workspace after writes to known paths only (a restore's own "after"): those paths are brought
 * into the index and the rest is as the last snapshot left it, so no full scan is needed.
 */
export async function takeSnapshotOfPaths(
  repo: ShadowRepo,
  paths: readonly string[],
  options: Omit<SnapshotOptions, 'previousOversize'>,
): Promise<Snapshot> {
  // Named with -f (which overrides every exclude), so the deny list is applied here.
  const denied = deniedPathsIn(repo.workspace, repo.home, repo.dataDir);
  const allowed = paths.filter((rel) => !denied.covers(rel));
  const oversize = allowed.filter((rel) => isOversize(repo.workspace, rel, options.maxFileBytes));
  const small = allowed.filter((rel) => !oversize.includes(rel));
  if (oversize.length > 0) {
    await repo.git(
      ['rm', '--cached', '-f', '-q', '--ignore-unmatch', '--pathspec-from-file=-', '--pathspec-file-nul'],
      { input: oversize.join('\0') },
    );
  }
  if (small.length > 0) {
    await repo.git(['add', '-A', '-f', '--ignore-errors', '--pathspec-from-file=-', '--pathspec-file-nul'], {
      input: small.join('\0'),
      allowExit: [0, 1],
    });
  }
  const tree = (await repo.git(['write-tree'])).toString('utf8').trim();
  return { tree, oversize };
}

/**
 * What was on disk but not stored in a snapshot (ignored, too large), by name: a restore must not
 * take such a path for one the turn created. `dir/` in `entries` stands for everything under dir;
 * `emptyFolders` are folders that held no file (git stores no folder, so they are named here).
 * Bounded: past the limit, `complete` is false and a restore assumes any path missing from the
 * snapshot may have been there.
 */
export interface LeftOut {
  entries: string[];
  emptyFolders: string[];
  complete: boolean;
}

const LEFT_OUT_LIMIT = 50_000;
const LEFT_OUT_DIR = 'paddock-left-out';

/** Run right after a snapshot: every path the index does not hold is one the snapshot left out. */
export async function listLeftOut(repo: ShadowRepo): Promise<LeftOut> {
  const holding = splitNul(await repo.git(['ls-files', '-z', '--others', '--directory', '--no-empty-directory']));
  const all = splitNul(await repo.git(['ls-files', '-z', '--others', '--directory']));
  const held = new Set(holding);
  const emptyFolders = all.filter((entry) => entry.endsWith('/') && !held.has(entry));
  const complete = holding.length <= LEFT_OUT_LIMIT && emptyFolders.length <= LEFT_OUT_LIMIT;
  return { entries: holding.slice(0, LEFT_OUT_LIMIT), emptyFolders: emptyFolders.slice(0, LEFT_OUT_LIMIT), complete };
}

function leftOutFile(repo: ShadowRepo, name: string): string {
  if (!/^[A-Za-z0-9-]+$/.test(name)) throw new Error(`not a checkpoint name: ${name}`);
  return path.join(repo.gitDir, LEFT_OUT_DIR, name);
}

export function keepLeftOut(repo: ShadowRepo, name: string, leftOut: LeftOut): void {
  const file = leftOutFile(repo, name);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(leftOut), { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/** null: none was kept (a restore's own snapshot, or one recorded before this list existed). */
export function readLeftOut(repo: ShadowRepo, name: string): LeftOut | null {
  try {
    const kept = JSON.parse(fs.readFileSync(leftOutFile(repo, name), 'utf8')) as Partial<LeftOut>;
    const names = (list: unknown): string[] =>
      Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : [];
    return { entries: names(kept.entries), emptyFolders: names(kept.emptyFolders), complete: kept.complete === true };
  } catch {
    return null;
  }
}

/** Whether the file `rel` was on disk, left out, when `leftOut` was listed. */
export function wasLeftOut(leftOut: LeftOut, rel: string): boolean {
  return leftOut.entries.some((entry) => entry === rel || (entry.endsWith('/') && rel.startsWith(entry)));
}

/** Whether the folder `dir` was on disk, left out, when `leftOut` was listed (inside an empty one counts: it may have held folders). */
export function folderWasLeftOut(leftOut: LeftOut, dir: string): boolean {
  const asFolder = `${dir}/`;
  return [...leftOut.entries, ...leftOut.emptyFolders].some(
    (entry) => entry.endsWith('/') && asFolder.startsWith(entry),
  );
}

/**
 * Keeps a snapshot reachable (and so out of reach of pruning) under its checkpoint's name. The
 * shadow repository is Paddock's own and uses loose refs, so the ref is written as a file: one
 * process fewer on every snapshot.
 */
export function keepTree(repo: ShadowRepo, name: string, tree: string): void {
  if (!/^[0-9a-f]{40,64}$/.test(tree) || !/^[A-Za-z0-9-]+$/.test(name))
    throw new Error(`not a tree id or a checkpoint name: ${tree} ${name}`);
  const file = path.join(repo.gitDir, 'refs', 'checkpoints', name);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, `${tree}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/** Lets a checkpoint's snapshot go (budget, Clear). */
export function dropTree(repo: ShadowRepo, name: string): void {
  fs.rmSync(path.join(repo.gitDir, 'refs', 'checkpoints', name), { force: true });
  fs.rmSync(leftOutFile(repo, name), { force: true });
}
