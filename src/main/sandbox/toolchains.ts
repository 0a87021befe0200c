// The toolchains a contained command may need from outside the workspace (SPEC §14, issue 31 item
// 4): the prefixes of its PATH's entries that the system directories do not hold (rustup, nvm, pyenv
// and its shims, asdf, mise, volta, bun, deno), a virtualenv's base installation, each resolved and
// bound read-only — never one reached through the workspace, never one holding the home, the
// workspace, the data directory or a deny-listed place, never a credentials file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isInside, SYSTEM_DIRS } from './profile';

export function realOr(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/**
 * Toolchain directories from the command's PATH that the system directories do not already hold
 * (nvm, pyenv, ~/.cargo/bin, …): the prefix of a `bin` entry, read-only. Each entry is resolved
 * first and the real place checked: never one reached through the workspace (a link there is the
 * agent's to point anywhere), never one that holds the home, the workspace, the data directory or a
 * deny-listed place, never one inside the workspace (it is bound anyway) or the data directory.
 */
export function toolchainDirsFor(pathValue: string, home: string, dataDir: string, workspace: string): string[] {
  const dirs = new Set<string>();
  const agentWritable = [workspace, dataDir];
  const reals = new Map<string, string | null>();
  for (const entry of pathValue.split(':')) {
    if (!path.isAbsolute(entry) || passesThrough(entry, agentWritable, reals)) continue;
    const real = reals.get(path.resolve(entry));
    if (!real || SYSTEM_DIRS.some((sys) => isInside(sys, real))) continue;
    const prefix = ['bin', 'shims'].includes(path.basename(real)) ? path.dirname(real) : real;
    if (mayBindToolchain(prefix, home, dataDir, workspace)) dirs.add(prefix);
  }
  // A project's virtualenv runs its base interpreter (pyvenv.cfg `home`), wherever a version manager
  // installed it (pyenv, uv): that installation is a toolchain too, under the same rules.
  for (const prefix of venvBaseInstallations(workspace, home))
    if (mayBindToolchain(prefix, home, dataDir, workspace)) dirs.add(prefix);
  // What a manager's shims need beside their root (rustup's toolchains, the version asdf was told to use).
  for (const prefix of [...dirs]) {
    for (const companion of companionsOf(prefix, home)) {
      if (passesThrough(companion.path, agentWritable, reals)) continue;
      const real = realOrNull(companion.path);
      // The mise binary is one read-only file: the deny list's ~/.local/bin is about writing there.
      if (
        real &&
        (mayBindToolchain(real, home, dataDir, workspace) ||
          (companion.program && !isInside(workspace, real) && !isInside(dataDir, real)))
      )
        dirs.add(real);
    }
  }
  return [...dirs];
}

/**
 * A version manager's root on PATH needs more of the home than itself: rustup's proxies in
 * ~/.cargo/bin run the toolchains in ~/.rustup; asdf's shims (and mise's) read the versions the
 * owner chose in ~/.tool-versions; mise's shims are links to the mise binary, wherever it is
 * (often ~/.local/bin, itself never bound). Never a credentials file: those stay covered
 * (`.cargo/credentials*` in the deny list), and mise's global config, which may set secrets in
 * its `[env]`, is not bound (the project's own mise.toml or .tool-versions names the versions).
 */
function companionsOf(prefix: string, ownerHome: string): { path: string; program?: boolean }[] {
  const homes = ACCOUNT_HOME && ACCOUNT_HOME !== ownerHome ? [ownerHome, ACCOUNT_HOME] : [ownerHome];
  const found: { path: string; program?: boolean }[] = [];
  for (const home of homes) {
    if (prefix === path.join(home, '.cargo')) found.push({ path: path.join(home, '.rustup') });
    if (prefix === path.join(home, '.asdf')) found.push({ path: path.join(home, '.tool-versions') });
    if (prefix === path.join(home, '.local/share/mise')) {
      found.push(
        { path: path.join(home, '.tool-versions') },
        ...miseBinary(path.join(prefix, 'shims')).map((file) => ({ path: file, program: true })),
      );
    }
  }
  return found.filter((companion) => realOrNull(companion.path) !== null);
}

/** The program mise's shims link to: an executable regular file named `mise` (the first shim tells). */
function miseBinary(shims: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(shims).slice(0, 8);
  } catch {
    return [];
  }
  for (const name of names) {
    const real = realOrNull(path.join(shims, name));
    if (!real || path.basename(real) !== 'mise') continue;
    try {
      const st = fs.statSync(real);
      if (st.isFile() && (st.mode & 0o111) !== 0) return [real];
    } catch {
      // Gone meanwhile.
    }
  }
  return [];
}

/** The regular files among the toolchain places (a version manager's binary, its versions file). */
export function filesAmong(places: readonly string[]): string[] {
  return places.filter((p) => {
    try {
      return fs.statSync(p).isFile();
    } catch {
      return false;
    }
  });
}

function mayBindToolchain(prefix: string, home: string, dataDir: string, workspace: string): boolean {
  if (
    prefix === '/' ||
    isInside(prefix, home) ||
    isInside(prefix, workspace) ||
    isInside(prefix, dataDir) ||
    isInside(dataDir, prefix)
  )
    return false;
  if (isInside(workspace, prefix)) return false;
  return !(isInside(home, prefix) && isDenied(prefix, home));
}

export function realOrNull(p: string): string | null {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return null;
  }
}

/** Whether `entry`, or any directory on the way to it, is really inside one of `places` (`reals`: resolutions so far, as PATH entries share ancestors). */
function passesThrough(entry: string, places: readonly string[], reals: Map<string, string | null>): boolean {
  for (let at = path.resolve(entry); ; at = path.dirname(at)) {
    if (!reals.has(at)) reals.set(at, realOrNull(at));
    const real = reals.get(at);
    if (real && places.some((place) => isInside(place, real))) return true;
    if (at === path.dirname(at)) return false;
  }
}

// pyvenv.cfg is a workspace file the agent may write: only an interpreter a Python version manager
// installed in the owner's home is believed (a system one is visible already), never another
// directory it names, however it is reached.
const INTERPRETER_ROOTS_IN_HOME = [
  '.pyenv/versions',
  '.local/share/uv/python',
  '.asdf/installs/python',
  '.rye/py',
  '.local/share/mise/installs/python',
];

/** The home of the account Paddock runs as (the password database's, not $HOME): its version managers count too when Paddock is given another home (tests, a profile elsewhere). */
const ACCOUNT_HOME: string | null = (() => {
  try {
    return fs.realpathSync(os.userInfo().homedir);
  } catch {
    return null;
  }
})();

/** The installation (the real prefix above `bin`) the workspace's `.venv` or `venv` names as its base, when it is one a version manager made. */
function venvBaseInstallations(workspace: string, ownerHome: string): string[] {
  const prefixes: string[] = [];
  for (const name of ['.venv', 'venv']) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(workspace, name, 'pyvenv.cfg'), 'utf8');
    } catch {
      continue;
    }
    const home = /^home\s*=\s*(.+)$/m.exec(text)?.[1]?.trim();
    if (!home || !path.isAbsolute(home)) continue;
    // Resolved first, then checked: the real bin directory, strictly inside a version manager's root.
    const real = realOrNull(home);
    if (!real || path.basename(real) !== 'bin') continue;
    const prefix = path.dirname(real);
    const homes = ACCOUNT_HOME && ACCOUNT_HOME !== ownerHome ? [ownerHome, ACCOUNT_HOME] : [ownerHome];
    const root = homes
      .flatMap((h) => INTERPRETER_ROOTS_IN_HOME.map((r) => path.join(h, r)))
      .find((r) => isInside(r, prefix) && r !== prefix);
    if (!root || !holdsInterpreter(real, prefix)) continue;
    prefixes.push(prefix);
  }
  return prefixes;
}

/** `bin` holds a python3 or python that is an executable regular file of this installation (a link to one inside it counts). */
function holdsInterpreter(bin: string, prefix: string): boolean {
  return ['python3', 'python'].some((name) => {
    const real = realOrNull(path.join(bin, name));
    if (!real || !isInside(prefix, real)) return false;
    try {
      const st = fs.statSync(real);
      return st.isFile() && (st.mode & 0o111) !== 0;
    } catch {
      return false;
    }
  });
}

function isDenied(p: string, home: string): boolean {
  const rel = path.relative(home, p).split(path.sep);
  const denied = ['.ssh', '.aws', '.gnupg', '.docker', '.kube', '.azure', '.claude', '.cursor', '.codex', '.gemini'];
  return (
    denied.includes(rel[0]!) ||
    (rel[0] === '.config' && ['git', 'gh', 'gcloud', 'fish', 'autostart', 'systemd'].includes(rel[1]!)) ||
    (rel[0] === '.local' && rel[1] === 'bin')
  );
}
