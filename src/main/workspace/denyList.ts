// The deny list of SPEC §4: places that hold credentials or make programs start, refused even when a
// workspace contains them (the workspace may be the home directory, or above it). Also Paddock's
// own data directory, except <data>/repositories/** where connected worktrees live (AC-9) and
// <data>/worktrees/<task>/** where tasks' git worktrees live.
import fs from 'node:fs';
import path from 'node:path';
import { IGNORABLE } from './gitName';

/** Relative to the owner's home. A trailing `*` matches any name with that prefix. */
export const HOME_DENY_LIST: readonly string[] = [
  '.ssh',
  '.aws',
  '.gnupg',
  '.npmrc',
  '.netrc',
  '.gitconfig',
  '.git-credentials',
  '.config/git',
  '.config/gh',
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  // Sourced by the stock Debian/Ubuntu .bashrc, or run at logout: code the owner runs without asking.
  '.bash_aliases',
  '.bash_logout',
  '.zlogout',
  '.profile',
  '.zshrc',
  '.zshenv',
  '.zprofile',
  '.zlogin',
  '.config/fish',
  '.docker',
  '.kube',
  '.pypirc',
  '.cargo/credentials*',
  '.config/gcloud',
  '.azure',
  '.local/bin',
  '.config/autostart',
  '.config/systemd',
  'Library/LaunchAgents',
  'Library/Keychains',
  // Other agents' configuration: a hook or MCP server written there runs on their next start.
  '.claude',
  '.claude.json',
  '.cursor',
  '.codex',
  '.gemini',
  // Found by fuzzing with the workspace at HOME. Credentials and what holds them:
  '.pgpass',
  '.my.cnf',
  '.vault-token',
  '.terraform.d',
  '.config/op',
  '.password-store',
  '.local/share/keyrings',
  '.config/rclone',
  '.m2/settings.xml',
  '.gradle/gradle.properties',
  // Browsers' profiles (cookies, saved passwords):
  '.mozilla',
  '.config/google-chrome',
  '.config/chromium',
  '.config/BraveSoftware',
  'Library/Cookies',
  'Library/Application Support/Google/Chrome',
  // Histories, which hold what the owner typed (tokens on command lines):
  '.bash_history',
  '.zsh_history',
  '.python_history',
  '.node_repl_history',
  '.psql_history',
  '.mysql_history',
  // Code other programs run when the owner next starts them: editors, Python's startup and user
  // site-packages (.pth), the desktop session, cargo's runners and wrappers, editor extensions.
  '.vimrc',
  '.vim',
  '.config/nvim',
  '.emacs',
  '.emacs.d',
  '.tmux.conf',
  '.ipython',
  '.jupyter',
  '.local/lib',
  '.xprofile',
  '.xsession',
  '.xsessionrc',
  '.xinitrc',
  '.config/environment.d',
  '.pam_environment',
  '.cargo/config',
  '.cargo/config.toml',
  '.local/share/applications',
  '.vscode',
  '.config/Code',
];

export interface DenyEntry {
  /** Folded absolute path of the denied place (or of its directory, for a prefix entry). */
  key: string;
  /** Set for `name*` entries: the folded name prefix, matched inside `key`. */
  namePrefix?: string;
  /** How the refusal names the place ("~/.ssh", "Paddock's own data directory"). */
  label: string;
  /** Paddock's data directory: its repositories/ subtree is not denied. */
  dataDir?: boolean;
}

export interface CompiledDenyList {
  exact: Map<string, DenyEntry>;
  /** Folded directory → entries whose name prefix is matched inside that directory. */
  prefixed: Map<string, DenyEntry[]>;
  /** Folded `<data>/repositories` paths (raw and real); only `<id>/agent/**` below them is allowed. */
  repositories: string[];
  /** Folded `<data>/worktrees` paths (raw and real); only `<task>/**` below them is allowed (a task's worktree). */
  worktrees: string[];
}

export type Fold = (s: string) => string;

const identity: Fold = (s) => s;
/**
 * Case-insensitive volumes (macOS) also ignore Unicode normalisation, and HFS+ ignores some code
 * points altogether (`.ss\u200ch` is `.ssh` there): compare NFC, lowercased, without those.
 */
export const foldInsensitive: Fold = (s) => s.replace(IGNORABLE, '').normalize('NFC').toLowerCase();
export function foldFor(caseInsensitive: boolean): Fold {
  return caseInsensitive ? foldInsensitive : identity;
}

/**
 * The real path of `p`, or of its deepest existing ancestor joined with the rest: a deny entry that
 * does not exist yet (~/.aws before the first `aws configure`) must still be found under the real
 * home when HOME itself is a link (macOS /var, NFS and bind-mounted homes).
 */
function realish(p: string): string {
  let head = p;
  const tail: string[] = [];
  for (;;) {
    try {
      const real = fs.realpathSync.native(head);
      return tail.length === 0 ? real : path.join(real, ...tail.reverse());
    } catch {
      const parent = path.dirname(head);
      if (parent === head) return p;
      tail.push(path.basename(head));
      head = parent;
    }
  }
}

// Real paths of the deny entries are cached briefly: a link placed at ~/.ssh by the owner is picked
// up within this window, and no file tool can itself create a link in a denied place.
const CACHE_MS = 2_000;
/** home → dataDir → fold → compiled list: looked up without building a key (issue 22 item 5). */
const cache = new Map<string, Map<string, Map<Fold, { at: number; list: CompiledDenyList }>>>();

function cached(home: string, dataDir: string): Map<Fold, { at: number; list: CompiledDenyList }> {
  let byData = cache.get(home);
  if (byData === undefined) {
    byData = new Map();
    cache.set(home, byData);
  }
  let byFold = byData.get(dataDir);
  if (byFold === undefined) {
    byFold = new Map();
    byData.set(dataDir, byFold);
  }
  return byFold;
}

export function compileDenyList(home: string, dataDir: string, fold: Fold): CompiledDenyList {
  const slot = cached(home, dataDir);
  const now = Date.now();
  const hit = slot.get(fold);
  if (hit && now - hit.at < CACHE_MS) return hit.list;

  const exact = new Map<string, DenyEntry>();
  const prefixed = new Map<string, DenyEntry[]>();
  const add = (abs: string, entry: Omit<DenyEntry, 'key'>): void => {
    for (const form of new Set([abs, realish(abs)])) {
      if (entry.namePrefix !== undefined) {
        const dir = fold(form);
        const list = prefixed.get(dir) ?? [];
        list.push({ ...entry, key: dir });
        prefixed.set(dir, list);
      } else {
        exact.set(fold(form), { ...entry, key: fold(form) });
      }
    }
  };
  for (const rel of HOME_DENY_LIST) {
    const label = `~/${rel}`;
    if (rel.endsWith('*')) {
      const dir = path.join(home, path.dirname(rel));
      add(dir, { label, namePrefix: fold(path.basename(rel).slice(0, -1)) });
    } else {
      add(path.join(home, rel), { label });
    }
  }
  add(dataDir, { label: `Paddock's own data directory (${dataDir})`, dataDir: true });
  const repos = path.join(dataDir, 'repositories');
  const repositories = [...new Set([repos, realish(repos)])].map(fold);
  const trees = path.join(dataDir, 'worktrees');
  const worktrees = [...new Set([trees, realish(trees)])].map(fold);
  const list = { exact, prefixed, repositories, worktrees };
  slot.set(fold, { at: now, list });
  return list;
}

/**
 * The deny entry that covers exactly `folded` as a step below `foldedParent` (which the caller has
 * already checked), or null. Callers walk one component at a time, so one lookup per step suffices.
 */
export function deniedStep(list: CompiledDenyList, foldedParent: string, folded: string): DenyEntry | null {
  const hit = list.exact.get(folded);
  if (hit) return hit;
  const prefixes = list.prefixed.get(foldedParent);
  if (prefixes) {
    const name = folded.slice(foldedParent.length + 1);
    for (const entry of prefixes) if (name.startsWith(entry.namePrefix ?? '')) return entry;
  }
  return null;
}

/**
 * Whether a folded path is a connected worktree `<data>/repositories/<id>/agent`, or a task's
 * worktree `<data>/worktrees/<task>`, or below one.
 */
export function inWorktree(list: CompiledDenyList, folded: string): boolean {
  for (const r of list.repositories) {
    if (!folded.startsWith(`${r}/`)) continue;
    const parts = folded.slice(r.length + 1).split('/');
    if (parts.length >= 2 && parts[0] !== '' && parts[1] === 'agent') return true;
  }
  for (const w of list.worktrees) {
    if (!folded.startsWith(`${w}/`)) continue;
    const task = folded.slice(w.length + 1).split('/')[0];
    if (task !== '' && task !== '.' && task !== '..') return true;
  }
  return false;
}

/**
 * The deny entry covering an absolute folded path, checking every ancestor. A connected worktree
 * (<data>/repositories/<id>/agent) is not covered by the data-dir entry; the rest of <data> is.
 */
export function deniedArea(list: CompiledDenyList, folded: string): DenyEntry | null {
  const inRepositories = inWorktree(list, folded);
  let current = folded;
  while (current.length > 1) {
    const cut = current.lastIndexOf('/');
    const parent = current.slice(0, cut);
    const hit = deniedStep(list, parent, current);
    if (hit && !(hit.dataDir && inRepositories)) return hit;
    current = cut === 0 ? '/' : parent;
  }
  return null;
}

export function denyCode(entry: DenyEntry): 'deny-list' | 'data-dir' {
  return entry.dataDir ? 'data-dir' : 'deny-list';
}

export function denyReason(entry: DenyEntry): string {
  if (entry.dataDir) {
    return `refused: ${entry.label} holds its database, logs, files and credentials and is never a path a tool may touch.`;
  }
  return `refused: ${entry.label} is on the deny list (credentials and programs that start on their own) and is never read or written, even inside a workspace.`;
}

/**
 * For walks (list, search): whether the child `name` of the directory `parentAbs` is a denied place,
 * or null when no denied place lies below `dirAbs` at all (the usual case: nothing to test per entry).
 * A walk steps over a denied place as it steps over a link: a workspace may contain ~/.ssh (it may be
 * the home directory), but listing or searching it must not show what the deny list protects.
 */
export function denyFilterBelow(
  list: CompiledDenyList,
  fold: Fold,
  dirAbs: string,
): ((parentAbs: string, name: string) => boolean) | null {
  const below = `${fold(dirAbs)}/`;
  const keys = [...list.exact.keys(), ...list.prefixed.keys()];
  if (!keys.some((k) => k.startsWith(below) || (list.prefixed.has(k) && `${k}/` === below))) return null;
  let lastParent = '';
  let lastFolded = '';
  return (parentAbs, name) => {
    if (parentAbs !== lastParent) {
      lastParent = parentAbs;
      lastFolded = fold(parentAbs);
    }
    return deniedStep(list, lastFolded, `${lastFolded}/${fold(name)}`) !== null;
  };
}
