// The owner's toolchain (seed 003 §9): PATH is captured once from the owner's login shell when
// they approve a workspace, shown on that card and stored with it; programs are then resolved on
// that PATH only, and never in the workspace (a workspace file must not shadow a listed program).
import fs from 'node:fs';
import path from 'node:path';
import { runBounded } from './spawn';

const START = '__PADDOCK_PATH_START__';
const END = '__PADDOCK_PATH_END__';
export const CAPTURE_TIMEOUT_MS = 10_000;

export interface CapturedPath {
  path: string;
  /** Set when the login shell could not be asked and Paddock's own PATH was used instead. */
  note: string | null;
}

/**
 * PATH as the owner's login shell sets it: `$SHELL -lic 'printf …'` with markers around the value,
 * so whatever the rc files print (banners, warnings) is ignored. Falls back to `fallbackPath`
 * (Paddock's own PATH) with a note when the shell fails, times out or prints no markers.
 */
export async function capturePath(
  shell: string | undefined,
  opts: { timeoutMs?: number; fallbackPath?: string; env?: Record<string, string | undefined> } = {},
): Promise<CapturedPath> {
  const fallback = opts.fallbackPath ?? process.env.PATH ?? '/usr/bin:/bin';
  const fallBack = (why: string): CapturedPath => ({
    path: fallback,
    note: `PATH could not be read from your login shell (${why}); Paddock's own PATH is used instead.`,
  });
  if (!shell || !path.isAbsolute(shell)) return fallBack('no absolute $SHELL');
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(opts.env ?? process.env)) {
    if (typeof value === 'string') env[key] = value;
  }
  try {
    const result = await runBounded({
      program: shell,
      args: ['-lic', `printf '%s%s%s' '${START}' "$PATH" '${END}'`],
      cwd: env.HOME && fs.existsSync(env.HOME) ? env.HOME : '/',
      env,
      timeoutMs: opts.timeoutMs ?? CAPTURE_TIMEOUT_MS,
      maxOutputBytes: 256 * 1024,
      killGraceMs: 500,
      purpose: 'owner',
    });
    if (result.timedOut) return fallBack(`${shell} took longer than ${opts.timeoutMs ?? CAPTURE_TIMEOUT_MS} ms`);
    const start = result.output.lastIndexOf(START);
    const end = result.output.indexOf(END, start);
    if (start < 0 || end < 0) return fallBack(`${shell} printed no PATH`);
    const value = result.output.slice(start + START.length, end).trim();
    if (value.length === 0 || value.includes('\n')) return fallBack(`${shell} printed an empty or malformed PATH`);
    return { path: value, note: null };
  } catch (error) {
    return fallBack((error as Error).message);
  }
}

function inside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function realOrSelf(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * The absolute executable regular file `name` names on `PATH`, or null. `name` must be a bare
 * name (`./grep` and `/usr/bin/grep` are not looked up). Entries that are relative (`.`, ``,
 * `bin`) or that lie inside `workspace` are skipped, and so is a hit whose real path is there.
 */
export function findOnPath(name: string, PATH: string, opts: { workspace?: string } = {}): string | null {
  if (name.length === 0 || name.includes('/') || name.includes('\0') || name === '.' || name === '..') {
    return null;
  }
  const workspace = opts.workspace ? realOrSelf(opts.workspace) : null;
  for (const entry of PATH.split(path.delimiter)) {
    if (entry.length === 0 || !path.isAbsolute(entry)) continue;
    const dir = path.normalize(entry);
    if (workspace && inside(realOrSelf(dir), workspace)) continue;
    const candidate = path.join(dir, name);
    try {
      const stat = fs.statSync(candidate);
      if (!stat.isFile()) continue;
      fs.accessSync(candidate, fs.constants.X_OK);
      if (workspace && inside(realOrSelf(candidate), workspace)) continue;
      return candidate;
    } catch {
      continue;
    }
  }
  return null;
}

/** The git the workspace's git tool runs: the absolute binary on the captured PATH. */
export function findGitBinary(PATH: string, opts: { workspace?: string } = {}): string | null {
  return findOnPath('git', PATH, opts);
}
