// Always-card entries at every depth of the workspace (SPEC §4 end, §14): a contained command must
// not plant configuration that another program runs as the owner later (`.vscode/tasks.json` run on
// folder open, a workflow, an `.envrc`, a package's own `.vscode` or `.git`), since writing those is a
// card in every mode. The existing ones are bound read-only (profile.ts); bubblewrap cannot stop a NEW
// one from being created without leaving a mount point in the owner's folder, so the tree is listed
// before and after a bounded command (alwaysCardTree.ts) and every entry that appeared is moved out to
// the data directory. The listing and the moves never follow a link, whatever races them: each level
// is opened no-follow and held, and entries are named inside the held directory (safeOpen.ts), so a
// process that swaps `.github` for a link to another project as fast as it can never makes Paddock
// list or move that project's files.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isGitComponent } from '../workspace/gitName';
import { isPaddockMade, wasPaddockMade } from '../workspace/paddockMade';
import { moveEntryAt } from '../workspace/safeMove';
import { closeDir, openDirAt, openRoot, type SafeDir } from '../workspace/safeOpen';
import { identityOf, isRealIdentity, listCardTree, WORKFLOWS } from './alwaysCardTree';

export { identityOf, WORKFLOWS };

/** Workspace-relative path → identity (workspace/fileIdentity.ts): a name that comes back as another file was replaced. */
export type AlwaysCardListing = ReadonlyMap<string, string>;

export interface MovedEntry {
  /** Workspace-relative, `/`-separated. */
  path: string;
  /** Where it now is, under `<dataDir>/refused/`; null when it could not be moved. */
  movedTo: string | null;
}

/** One bounded command's watch: `finish()` after it ended moves out what appeared and says so. */
export interface AlwaysCardWatch {
  finish(): MovedEntry[];
}

export function namesIn(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** `name` inside the held directory, opened no-follow and held; null when it is not a real directory (a link, a file, gone). */
function heldDirAt(dir: SafeDir, name: string): SafeDir | null {
  try {
    return openDirAt(dir, name);
  } catch {
    return null;
  }
}

/**
 * Runs `use` on `p`'s name inside its parent, opened no-follow and held: a parent swapped for a link
 * makes Paddock create or remove nothing elsewhere.
 */
export function atHeldParent(p: string, use: (dir: SafeDir, name: string) => void): void {
  const dir = openRoot(path.dirname(p));
  try {
    use(dir, path.basename(p));
  } finally {
    closeDir(dir);
  }
}

/** Runs `use` with the workspace and each directory of `parts` below it held (none followed); null when one is not a real directory. */
function withHeldDirs<T>(workspace: string, parts: readonly string[], use: (dir: SafeDir) => T): T | null {
  let dir: SafeDir;
  try {
    dir = openRoot(workspace);
  } catch {
    return null;
  }
  const held = [dir];
  try {
    for (const part of parts) {
      const next = heldDirAt(dir, part);
      if (!next) return null;
      held.push(next);
      dir = next;
    }
    return use(dir);
  } finally {
    for (const d of held) closeDir(d);
  }
}

/**
 * The always-card entries and `.git`s at every depth (alwaysCardTree.ts), `.github/workflows`'s
 * own entries with them. And a repository a command made: its config (core.fsmonitor, hooks) runs
 * on the owner's next git command or prompt there, and `git init` is a card in every mode.
 */
export function listAlwaysCard(workspace: string): AlwaysCardListing {
  return listCardTree(workspace).entries;
}

export function isRealDirectory(p: string): boolean {
  try {
    return fs.lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The existing entries to bind read-only: real files and directories only, each reached through
 * real directories (the walk follows none). A symlink is left out: bubblewrap would follow it and
 * could mount a place outside the workspace (a denied one) inside. A workflow is held by its
 * directory's mount.
 */
export function alwaysCardMounts(workspace: string, listing: AlwaysCardListing = listAlwaysCard(workspace)): string[] {
  const rels = [...listing].filter(([, id]) => isRealIdentity(id)).map(([rel]) => rel);
  const held = new Set(rels);
  return rels
    .filter((rel) => !held.has(path.posix.dirname(rel)))
    .sort()
    .map((rel) => path.join(workspace, rel));
}

/**
 * The owner's entries of a listing: the real files and directories, which the sandbox binds
 * read-only. One of these met again under another path was carried along by a parent the command
 * renamed (`mv packages/app packages/web` brings its `.vscode`): it is the owner's, not planted.
 * Links are left out: a hard link to the owner's link is a new name the command made, and a
 * relative link means something else there.
 */
export function ownerIdentities(listing: AlwaysCardListing): Set<string> {
  return new Set([...listing.values()].filter(isRealIdentity));
}

/**
 * For an entry Paddock's own file tools made (workspace/paddockMade.ts): 'kept' while it is as
 * Paddock left it, 'changed' once it is not (judged again on every listing, whatever the one before
 * held); null for anything else.
 */
export type PaddockMadeJudge = (rel: string, id: string) => 'kept' | 'changed' | null;

/** The judge for one workspace's entries. */
export function paddockMadeIn(workspace: string): PaddockMadeJudge {
  return (rel, id) => (wasPaddockMade(id) ? (isPaddockMade(path.join(workspace, rel), id) ? 'kept' : 'changed') : null);
}

/**
 * What appeared between two listings (new names, or old names on a new inode: a renamed-away parent
 * brings its mount along, so a same-named replacement is new), less what carries an identity of
 * `owners`. Inside a directory that appeared itself, only the directory is named. Pure.
 */
export function appearedBetween(
  before: AlwaysCardListing,
  after: AlwaysCardListing,
  owners: ReadonlySet<string> = new Set(),
  paddocks: PaddockMadeJudge = () => null,
): string[] {
  const appeared = [...after]
    .filter(([rel, id]) => {
      if (owners.has(id)) return false;
      const made = paddocks(rel, id);
      return made === null ? before.get(rel) !== id : made === 'changed';
    })
    .map(([rel]) => rel)
    .sort();
  return appeared.filter((rel) => !appeared.some((other) => rel.startsWith(`${other}/`)));
}

/** `<timestamp>-<pid>-<random>-<path with / as ->`, the path cut to fit a file name (with a hash of it when cut): never two alike. */
export function refusedName(rel: string, now: Date, unique: string = crypto.randomBytes(4).toString('hex')): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const flat = rel.replace(/\//g, '-');
  const shown =
    Buffer.byteLength(flat) <= 120
      ? flat
      : `${Buffer.from(flat)
          .subarray(0, 100)
          .toString('utf8')
          .replace(/\uFFFD+$/, '')}-${crypto.createHash('sha256').update(rel).digest('hex').slice(0, 12)}`;
  return `${stamp}-${process.pid}-${unique}-${shown}`;
}

/** Moves each entry out to `<refusedDir>/<refusedName>` (created 0700). */
export function moveOut(
  workspace: string,
  rels: readonly string[],
  refusedDir: string,
  now: Date = new Date(),
): MovedEntry[] {
  if (rels.length === 0) return [];
  return rels.map((rel) => {
    const to = path.join(refusedDir, refusedName(rel, now));
    const parts = rel.split('/');
    const name = parts.pop()!;
    try {
      // Named inside its held parent: a process still running cannot redirect the move by swapping a parent for a link.
      const moved = withHeldDirs(workspace, parts, (dir) => {
        fs.mkdirSync(refusedDir, { recursive: true, mode: 0o700 });
        moveEntryAt(dir, name, to);
        return true;
      });
      return { path: rel, movedTo: moved ? to : null };
    } catch {
      return { path: rel, movedTo: null };
    }
  });
}

/** Lists now; `finish()` lists again and moves out whatever appeared. */
export function watchAlwaysCard(workspace: string, refusedDir: string): AlwaysCardWatch {
  const before = listAlwaysCard(workspace);
  const owners = ownerIdentities(before);
  return {
    finish: () =>
      moveOut(
        workspace,
        appearedBetween(before, listAlwaysCard(workspace), owners, paddockMadeIn(workspace)),
        refusedDir,
      ),
  };
}

function named(entries: readonly MovedEntry[]): string {
  return entries.map((e) => `\`${e.path}\``).join(', ');
}

/** The one sentence the model reads (null when nothing appeared), naming the rule and the way to do it. */
export function describeMoved(moved: readonly MovedEntry[]): string | null {
  if (moved.length === 0) return null;
  const out = moved.filter((m) => m.movedTo !== null);
  const stuck = moved.filter((m) => m.movedTo === null);
  const parts: string[] = [];
  if (out.length > 0)
    parts.push(
      `${named(out)} appeared during this command and ${out.length === 1 ? 'was' : 'were'} moved out of the workspace`,
    );
  if (stuck.length > 0)
    parts.push(`${named(stuck)} appeared during this command and could not be moved out, so it is still there`);
  const repository = moved.some((m) => isGitComponent(m.path));
  const rule = repository
    ? 'because a repository is made only with a card (its configuration runs code in git) and so are files that make other programs run code when the owner next uses this folder; ask the owner with the `git` tool (init) or `write` / `edit`.'
    : 'because files that make other programs run code when the owner next uses this folder are always a card; make that change with `write` or `edit`, which ask the owner.';
  return `refused: ${parts.join(', and ')}, ${rule}`;
}

/** The workspace's own `.git` entries (any case) that the sandbox binds: never a link. */
export function gitEntriesOf(workspace: string): string[] {
  try {
    // A `.git` symlink is not bound: bubblewrap would follow it (out of the workspace, or to nothing,
    // which failed every later spawn). One a command made is moved out after it (alwaysCardGuard.ts).
    return fs
      .readdirSync(workspace, { withFileTypes: true })
      .filter((entry) => entry.name.toLowerCase() === '.git' && !entry.isSymbolicLink())
      .map((entry) => path.join(workspace, entry.name));
  } catch {
    return [];
  }
}
