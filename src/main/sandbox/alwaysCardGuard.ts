// Always-card entries at the workspace's top level (SPEC §4 end, §14): a contained command must not
// plant configuration that another program runs as the owner later (`.vscode/tasks.json` run on
// folder open, a workflow, an `.envrc`), since writing those is a card in every mode. The existing
// ones are bound read-only (profile.ts); bubblewrap cannot stop a NEW one from being created without
// leaving mount points in the owner's folder, so the top level (and `.github/workflows`) is listed
// before and after a bounded command and every entry that appeared is moved out to the data directory.
// Kept cheap: one readdir of the root, one of `.github/workflows`, an lstat per matching entry.
// The listing and the moves never follow a link, whatever races them: each level is opened no-follow
// and held, and entries are named inside the held directory (safeOpen.ts), so a process that swaps
// `.github` for a link to another project as fast as it can never makes Paddock list or move that project's files.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isAlwaysCardPath } from '../workspace/alwaysCard';
import { isGitComponent } from '../workspace/gitName';
import { moveEntryAt } from '../workspace/safeMove';
import { closeDir, dirPath, openDirAt, openRoot, pathAt, type SafeDir } from '../workspace/safeOpen';

/** GitHub reads workflows from exactly this directory (case-sensitive on its side). */
export const WORKFLOWS = '.github/workflows';

/** Workspace-relative path → identity ("dev:ino"): a name that comes back with another inode was replaced. */
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

export function identityOf(file: string): string | null {
  try {
    const st = fs.lstatSync(file);
    return `${st.dev}:${st.ino}`;
  } catch {
    return null;
  }
}

function namesIn(dir: string): fs.Dirent[] {
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
 * Runs `use` on `p`'s name inside its parent, opened no-follow and held: a placeholder's parent (the
 * workspace, or its `.github`) swapped for a link makes Paddock create or remove nothing elsewhere.
 */
function atHeldParent(p: string, use: (dir: SafeDir, name: string) => void): void {
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
 * The always-card entries directly in the workspace, `.github/workflows` and each entry in it. A
 * placeholder a long-lived process holds is not listed: nothing contained can write it, and what the
 * owner puts there from outside is the owner's.
 */
export function listAlwaysCard(workspace: string): AlwaysCardListing {
  const listing = new Map<string, string>();
  const add = (dir: SafeDir, name: string, rel: string) => {
    if (placeholdersHeld.has(path.join(workspace, rel))) return;
    const id = identityOf(pathAt(dir, name));
    if (id) listing.set(rel, id);
  };
  withHeldDirs(workspace, [], (root) => {
    // And a repository a command made: its config (core.fsmonitor, hooks) runs on the owner's next git
    // command or prompt, and `git init` is a card in every mode. One that was there before stays.
    for (const entry of namesIn(dirPath(root))) if (isAlwaysCardPath(entry.name) || isGitComponent(entry.name)) add(root, entry.name, entry.name);
    // Never through a symlink: a `.github` pointing elsewhere would make Paddock move someone else's files.
    const github = heldDirAt(root, '.github');
    if (!github) return;
    try {
      add(github, 'workflows', WORKFLOWS);
      const workflows = heldDirAt(github, 'workflows');
      if (!workflows) return;
      try {
        for (const entry of namesIn(dirPath(workflows))) add(workflows, entry.name, `${WORKFLOWS}/${entry.name}`);
      } finally {
        closeDir(workflows);
      }
    } finally {
      closeDir(github);
    }
  });
  return listing;
}

export function isRealDirectory(p: string): boolean {
  try {
    return fs.lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Every directory between the workspace and `rel` is a real directory (no symlink to follow out). */
export function parentsAreReal(workspace: string, rel: string): boolean {
  const parts = rel.split('/').slice(0, -1);
  return parts.every((_, i) => isRealDirectory(path.join(workspace, ...parts.slice(0, i + 1))));
}

/**
 * The existing entries to bind read-only: real files and directories only. A symlink is left out:
 * bubblewrap would follow it and could mount a place outside the workspace (a denied one) inside.
 */
export function alwaysCardMounts(workspace: string): string[] {
  const mounts: string[] = [];
  for (const entry of namesIn(workspace)) {
    if ((entry.isFile() || entry.isDirectory()) && isAlwaysCardPath(entry.name)) mounts.push(path.join(workspace, entry.name));
  }
  const workflows = path.join(workspace, WORKFLOWS);
  if (parentsAreReal(workspace, WORKFLOWS) && isRealDirectory(workflows)) mounts.push(workflows);
  return mounts;
}

/**
 * What appeared between two listings (new names, or old names on a new inode: a renamed-away parent
 * brings its mount along, so a same-named replacement is new). Inside a directory that appeared
 * itself, only the directory is named. Pure.
 */
export function appearedBetween(before: AlwaysCardListing, after: AlwaysCardListing): string[] {
  const appeared = [...after].filter(([rel, id]) => before.get(rel) !== id).map(([rel]) => rel).sort();
  return appeared.filter((rel) => !appeared.some((other) => rel.startsWith(`${other}/`)));
}

/** `<timestamp>-<pid>-<random>-<path with / as ->`, the path cut to fit a file name (with a hash of it when cut): never two alike. */
export function refusedName(rel: string, now: Date, unique: string = crypto.randomBytes(4).toString('hex')): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const flat = rel.replace(/\//g, '-');
  const shown = Buffer.byteLength(flat) <= 120 ? flat : `${Buffer.from(flat).subarray(0, 100).toString('utf8').replace(/\uFFFD+$/, '')}-${crypto.createHash('sha256').update(rel).digest('hex').slice(0, 12)}`;
  return `${stamp}-${process.pid}-${unique}-${shown}`;
}

/** Moves each entry out to `<refusedDir>/<refusedName>` (created 0700). */
export function moveOut(workspace: string, rels: readonly string[], refusedDir: string, now: Date = new Date()): MovedEntry[] {
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
  return { finish: () => moveOut(workspace, appearedBetween(before, listAlwaysCard(workspace)), refusedDir) };
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
  if (out.length > 0) parts.push(`${named(out)} appeared during this command and ${out.length === 1 ? 'was' : 'were'} moved out of the workspace`);
  if (stuck.length > 0) parts.push(`${named(stuck)} appeared during this command and could not be moved out, so it is still there`);
  const repository = moved.some((m) => isGitComponent(m.path));
  const rule = repository
    ? 'because a repository is made only with a card (its configuration runs code in git) and so are files that make other programs run code when the owner next uses this folder; ask the owner with the `git` tool (init) or `write` / `edit`.'
    : 'because files that make other programs run code when the owner next uses this folder are always a card; make that change with `write` or `edit`, which ask the owner.';
  return `refused: ${parts.join(', and ')}, ${rule}`;
}

/**
 * Directories a long-lived process (a dev server that runs for hours) must not create at the top
 * level: a repository (whose config runs code in the owner's git), and the always-card directories.
 * For one that is absent, Paddock makes an empty directory and binds it read-only into the sandbox
 * (bubblewrap cannot refuse a name that does not exist, and a mount needs its point on disk), and
 * removes it again when the last process holding it ends, if it is still empty. Watching and moving
 * is not enough for these: a process that plants `.git` again the moment it is moved keeps one there
 * nearly all the time (measured: a prompt's `git status` found the planted repository in 95% of its
 * runs). Files (`.envrc`, `.npmrc`, …) cannot be held so without breaking the owner's tools: the
 * live watch (alwaysCardLive.ts) moves them out at once.
 */
const PLACEHOLDER_NAMES = ['.git', '.vscode', '.idea', '.devcontainer', '.claude', '.cursor', '.codex', '.gemini', '.github'];

/** Absolute placeholder paths → how many live processes hold each. */
const placeholdersHeld = new Map<string, number>();

/** Where the held placeholders are written down, so a Paddock that crashed removes them at its next start. */
let placeholderRecord: string | null = null;

function writeRecord(): void {
  if (placeholderRecord === null) return;
  try {
    const next = `${placeholderRecord}.next`;
    fs.writeFileSync(next, JSON.stringify([...placeholdersHeld.keys()]), { mode: 0o600 });
    fs.renameSync(next, placeholderRecord);
  } catch {
    // The record is a courtesy for after a crash; the placeholders themselves are in place.
  }
}

/**
 * Keeps the record at `file` from now on, after removing what an earlier run left there: each
 * placeholder it names that is still an empty directory (a crash never let it go).
 */
export function recordPlaceholdersAt(file: string): void {
  try {
    const left = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    if (Array.isArray(left)) {
      for (const p of left) {
        if (typeof p !== 'string' || !path.isAbsolute(p) || placeholdersHeld.has(p)) continue;
        try {
          atHeldParent(p, (dir, name) => fs.rmdirSync(pathAt(dir, name))); // Only when empty: what the owner put there stays.
        } catch {
          /* not empty, or gone */
        }
      }
    }
  } catch {
    // No record (the first run) or an unreadable one.
  }
  placeholderRecord = file;
  writeRecord();
}

/**
 * The placeholders `workspace` needs now: the names absent from its top level (any case) or held
 * as placeholders already (another long-lived process's, which this one then shares: the first to
 * end must not take them from the other), and `.github/workflows` under a real `.github`.
 */
export function absentPlaceholders(workspace: string): string[] {
  const present = new Set(namesIn(workspace).filter((entry) => !placeholdersHeld.has(path.join(workspace, entry.name))).map((entry) => entry.name.toLowerCase()));
  const wanted = PLACEHOLDER_NAMES.filter((name) => !present.has(name)).map((name) => path.join(workspace, name));
  const workflows = path.join(workspace, WORKFLOWS);
  const githubIsOwners = present.has('.github') && parentsAreReal(workspace, WORKFLOWS);
  if (githubIsOwners && (identityOf(workflows) === null || placeholdersHeld.has(workflows))) wanted.push(workflows);
  return wanted;
}

export interface HeldPlaceholders {
  /** The empty directories now in place, to bind read-only. */
  paths: string[];
  /** Lets go; the last holder removes each one that is still an empty directory. */
  release(): void;
}

/** Makes (or shares) the placeholders; one that cannot be made is left out (its name stays unguarded). */
export function holdPlaceholders(paths: readonly string[]): HeldPlaceholders {
  const held: string[] = [];
  for (const p of paths) {
    try {
      if (!placeholdersHeld.has(p)) atHeldParent(p, (dir, name) => fs.mkdirSync(pathAt(dir, name), { mode: 0o755 }));
      placeholdersHeld.set(p, (placeholdersHeld.get(p) ?? 0) + 1);
      held.push(p);
    } catch {
      // It appeared meanwhile (the owner's): not a placeholder.
    }
  }
  writeRecord();
  let released = false;
  return {
    paths: held,
    release: () => {
      if (released) return;
      released = true;
      for (const p of held) {
        const left = (placeholdersHeld.get(p) ?? 1) - 1;
        if (left > 0) {
          placeholdersHeld.set(p, left);
          continue;
        }
        placeholdersHeld.delete(p);
        try {
          atHeldParent(p, (dir, name) => fs.rmdirSync(pathAt(dir, name))); // Only when empty: what the owner put there stays.
        } catch {
          /* not empty, or gone */
        }
      }
      writeRecord();
    },
  };
}
