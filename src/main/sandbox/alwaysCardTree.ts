// Every always-card entry (SPEC §4) and every `.git` at any depth of a workspace, as the sandbox's
// guard sees them: a nested `.vscode/`, a package's `.envrc`, `sub/.github/workflows`, a repository
// inside a subfolder take effect for the owner as the top-level ones do (the folder opened on its
// own, direnv on entering it, git run there). The walk follows no link whatever races it: each
// directory is opened no-follow inside its held parent (safeOpen.ts), and an entry's inside is never
// walked (the whole entry is the unit that is bound or moved).
import fs from 'node:fs';
import path from 'node:path';
import { isAlwaysCardPath } from '../workspace/alwaysCard';
import { isGitComponent } from '../workspace/gitName';
import { fileIdentity } from '../workspace/fileIdentity';
import { wasPaddockMade } from '../workspace/paddockMade';
import { closeDir, dirPath, openDirAt, openDirPath, pathAt, type SafeDir } from '../workspace/safeOpen';

/**
 * Directories never walked: installed packages and virtualenvs, often tens of thousands of folders,
 * where nothing planted takes effect unless a program is run in that very folder.
 */
export const NOT_WALKED: ReadonlySet<string> = new Set(['node_modules', '.venv', 'venv']);

/** GitHub reads workflows from exactly this directory (case-sensitive on its side). */
export const WORKFLOWS = '.github/workflows';

/**
 * Workspace-relative `/`-separated path → identity: device, inode and birth time for a real file or
 * directory (workspace/fileIdentity.ts), with an `l` in front for anything else (a link, a FIFO). A
 * name that comes back as another file (another inode, or the freed one born anew) was replaced.
 */
export type Identities = Map<string, string>;

export interface CardTree {
  /** The entries: always-card names and `.git`s, each with its identity (never walked into). */
  entries: Identities;
  /** Every directory walked ('' is the root), with its identity: the places a watch must cover. */
  dirs: Identities;
}

/** The identity of what `file` names itself (no link followed); null when nothing is there. */
export function identityOf(file: string): string | null {
  try {
    const st = fs.lstatSync(file, { bigint: true });
    return `${st.isFile() || st.isDirectory() ? '' : 'l'}${fileIdentity(st)}`;
  } catch {
    return null;
  }
}

/** Whether the identity is a real file or directory's (what the sandbox binds read-only). */
export function isRealIdentity(id: string): boolean {
  return !id.startsWith('l');
}

function join(parent: string, name: string): string {
  return parent === '' ? name : `${parent}/${name}`;
}

/**
 * A plain ASCII name that no always-card rule can match: it does not start with a dot, and ends in
 * none of the suffixes of the named files (`.md`, `.toml`, `.code-workspace`), nor in what the fold
 * drops (a dot, a space, a `:stream`). Most names of a tree are these; the full rule reads the rest.
 */
const PLAIN = /^[\x21-\x2d\x2f-\x39\x3b-\x7e][\x20-\x39\x3b-\x7e]*[\x21-\x2d\x2f-\x39\x3b-\x7e]$/;
const CARD_SUFFIX = /\.(md|toml|code-workspace)$/i;

/** Whether `name` in the directory `parentRel` is an entry the guard holds: a `.git`, or an always-card name there. */
export function isCardEntry(parentRel: string, name: string): boolean {
  if (isGitComponent(name)) return true;
  const plain = PLAIN.test(name) && !CARD_SUFFIX.test(name);
  if (!plain && isAlwaysCardPath(name) !== null) return true;
  // The rules of two components (`.github/workflows`, `.paddock/commands`, the root's
  // `.github/copilot-instructions.md`), read on the whole path only below such a parent.
  const parent = path.posix.basename(parentRel).toLowerCase();
  return (parent === '.github' || parent === '.paddock') && isAlwaysCardPath(join(parentRel, name)) !== null;
}

function isWorkflowsDir(rel: string): boolean {
  return rel === WORKFLOWS || rel.endsWith(`/${WORKFLOWS}`);
}

export interface WalkOptions {
  /**
   * A directory met below the one walked that is known already with this identity, and clean: not
   * walked again (the caller keeps what it knew under it).
   */
  keep?(rel: string, id: string): boolean;
}

/**
 * The entries and directories at and below `under` ('' the whole workspace). A directory that cannot
 * be opened as a real directory (a link, gone, swapped meanwhile) is left out with what is below it.
 */
export function listCardTree(workspace: string, under = '', options: WalkOptions = {}): CardTree {
  const tree: CardTree = { entries: new Map(), dirs: new Map() };
  let dir: SafeDir;
  try {
    dir = openDirPath(workspace, under === '' ? [] : under.split('/'));
  } catch {
    return tree;
  }
  try {
    walk(dir, under, tree, options);
  } finally {
    closeDir(dir);
  }
  return tree;
}

function walk(dir: SafeDir, rel: string, tree: CardTree, options: WalkOptions): void {
  tree.dirs.set(rel, fileIdentity(fs.fstatSync(dir.fd, { bigint: true })));
  let names: fs.Dirent[];
  try {
    names = fs.readdirSync(dirPath(dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of names) {
    const childRel = join(rel, entry.name);
    if (isCardEntry(rel, entry.name)) {
      const id = identityOf(pathAt(dir, entry.name));
      if (id === null) continue;
      tree.entries.set(childRel, id);
      // A folder Paddock's own write made (workspace/paddockMade.ts) is kept whole only as far as
      // what is inside it is Paddock's too: it is walked, every name in it an entry.
      if (entry.isDirectory() && wasPaddockMade(id)) listChildren(dir, entry.name, childRel, tree, true);
      // Each workflow is listed too: one planted into a workflows directory made anew is named alone.
      else if (entry.isDirectory() && isWorkflowsDir(childRel)) listChildren(dir, entry.name, childRel, tree);
      continue;
    }
    if (!entry.isDirectory() || NOT_WALKED.has(entry.name)) continue;
    let sub: SafeDir;
    try {
      sub = openDirAt(dir, entry.name);
    } catch {
      continue; // a link swapped in, or gone: nothing below it is listed
    }
    try {
      const id = fileIdentity(fs.fstatSync(sub.fd, { bigint: true }));
      if (options.keep?.(childRel, id)) tree.dirs.set(childRel, id);
      else walk(sub, childRel, tree, options);
    } finally {
      closeDir(sub);
    }
  }
}

/**
 * Every name in the entry folder `name` as an entry of its own: a workflows directory's workflows,
 * or (`paddocks`) what is inside a folder Paddock's own write made, which is then watched too and
 * walked the same way into each folder of Paddock's in it.
 */
function listChildren(parent: SafeDir, name: string, rel: string, tree: CardTree, paddocks = false): void {
  let dir: SafeDir;
  try {
    dir = openDirAt(parent, name);
  } catch {
    return;
  }
  try {
    if (paddocks) {
      tree.dirs.set(rel, fileIdentity(fs.fstatSync(dir.fd, { bigint: true })));
    }
    for (const child of fs.readdirSync(dirPath(dir), { withFileTypes: true })) {
      const childRel = `${rel}/${child.name}`;
      const id = identityOf(pathAt(dir, child.name));
      if (id === null) continue;
      tree.entries.set(childRel, id);
      if (paddocks && child.isDirectory() && wasPaddockMade(id)) listChildren(dir, child.name, childRel, tree, true);
    }
  } catch {
    // Gone meanwhile.
  } finally {
    closeDir(dir);
  }
}

/** Whether `rel` is `dir` or below it ('' holds everything). */
export function isAtOrBelow(rel: string, dir: string): boolean {
  return dir === '' || rel === dir || rel.startsWith(`${dir}/`);
}
