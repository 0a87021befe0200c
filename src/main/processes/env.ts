// The environment of every process Paddock spawns for an agent (SPEC §6, seed 003 §4): exactly
// these names and CI=1, nothing of Paddock's own — no API key, no PADDOCK_*, no ELECTRON_*, no
// token a child could read and send elsewhere.

export interface ChildEnvBase {
  PATH: string;
  HOME: string;
  USER?: string;
  LANG?: string;
  LC_ALL?: string;
  TERM?: string;
  TMPDIR?: string;
  SHELL?: string;
}

export const CHILD_ENV_NAMES = ['PATH', 'HOME', 'USER', 'LANG', 'LC_ALL', 'TERM', 'TMPDIR', 'SHELL'] as const;

export function buildChildEnv(base: ChildEnvBase): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of CHILD_ENV_NAMES) {
    const value = base[name];
    // A NUL would truncate the variable at exec; an empty value is the same as unset.
    if (typeof value === 'string' && value.length > 0 && !value.includes('\0')) env[name] = value;
  }
  env.CI = '1';
  return env;
}

/**
 * The base for a workspace's children: the captured PATH, the owner's HOME, and the few locale
 * and identity names taken from Paddock's own environment (read once by the caller).
 */
export function childEnvFor(
  capturedPath: string,
  home: string,
  from: Record<string, string | undefined>,
): Record<string, string> {
  return buildChildEnv({
    PATH: capturedPath,
    HOME: home,
    USER: from.USER ?? from.LOGNAME,
    LANG: from.LANG,
    LC_ALL: from.LC_ALL,
    TERM: from.TERM ?? 'dumb',
    TMPDIR: from.TMPDIR,
    SHELL: from.SHELL,
  });
}
