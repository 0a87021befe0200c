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

/** The few names of Paddock's own environment a child may inherit (SPEC §6). */
export type OwnerEnv = Partial<Record<'USER' | 'LOGNAME' | 'LANG' | 'LC_ALL' | 'TMPDIR' | 'SHELL', string>>;

/** Picks those names out of Paddock's own environment, once, at start. */
export function ownerEnvFrom(env: Record<string, string | undefined>): OwnerEnv {
  return {
    USER: env.USER,
    LOGNAME: env.LOGNAME,
    LANG: env.LANG,
    LC_ALL: env.LC_ALL,
    TMPDIR: env.TMPDIR,
    SHELL: env.SHELL,
  };
}

/**
 * The one environment of a workspace's children (agent commands, bash, MCP servers, the owner's
 * terminal and actions): the captured PATH, the owner's HOME, the few owner names, and TERM.
 */
export function childEnvForWorkspace(
  capturedPath: string,
  home: string,
  owner: OwnerEnv,
  term = 'dumb',
): Record<string, string> {
  return buildChildEnv({
    PATH: capturedPath,
    HOME: home,
    USER: owner.USER ?? owner.LOGNAME,
    LANG: owner.LANG,
    LC_ALL: owner.LC_ALL,
    TERM: term,
    TMPDIR: owner.TMPDIR,
    SHELL: owner.SHELL,
  });
}

/** The owner's shell when $SHELL names one by absolute path, else /bin/sh: the one fallback (bash tool, terminal). */
export function ownerShell(shell: string | undefined): string {
  return shell && shell.startsWith('/') ? shell : '/bin/sh';
}

/** Names of Paddock's environment a helper never inherits: provider keys, tokens, Paddock's own. */
const SECRET_NAME = /(API_KEY|_TOKEN|_SECRET|PASSWORD|PASSWD|CREDENTIALS?)$|^PADDOCK_|^ANTHROPIC_|^OPENAI_/i;

/**
 * Paddock's environment without its secrets (issue 14 §4): what the owner's editor, the opener and
 * other helpers that run with the owner's environment get. Keys stay with the core, not its children.
 */
export function scrubbedEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) if (!SECRET_NAME.test(name)) out[name] = value;
  return out;
}
