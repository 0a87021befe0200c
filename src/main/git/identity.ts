// Who the agent's commits name (SPEC §6). The repository's own user.name / user.email win (the
// runner adds an identity only where the repository names nobody); next the owner's identity as the
// owner's own git configuration gives it for this workspace (global file, with its includeIf rules);
// last the agent's, in a valid address form on the reserved `.invalid` domain.
import path from 'node:path';
import { runSync } from '../processes/spawn';

export interface GitIdentity {
  name: string;
  email: string;
}

/** `@dev` → `dev@paddock.invalid`: one `@`, a local part of letters, digits, `.`, `_` and `-` only. */
export function agentEmail(handle: string): string {
  const local = handle
    .replace(/^@+/, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[.-]+|[.-]+$/g, '')
    .replace(/\.{2,}/g, '.')
    .slice(0, 64);
  return `${local.length > 0 ? local : 'agent'}@paddock.invalid`;
}

export function agentIdentity(agent: { name: string; handle: string }): GitIdentity {
  return { name: `${agent.name} (Paddock)`, email: agentEmail(agent.handle) };
}

/** A value git would accept as an identity part: no angle brackets, no newlines, not empty. */
function usable(value: string): boolean {
  return value.length > 0 && value.length <= 256 && !/[<>\n\r\0]/.test(value);
}

/**
 * The owner's user.name and user.email for `workspace`, read from the owner's own global git
 * configuration (never the system's, never the repository's: the runner reads those). GIT_DIR is
 * set so `includeIf "gitdir:…"` rules the owner wrote for this workspace apply. `git config` only
 * reads; it starts no program. Null when either part is missing.
 */
export function ownerGitIdentity(gitBinary: string, workspace: string, ownerHome: string): GitIdentity | null {
  const read = (key: string): string | null => {
    const result = runSync(
      {
        program: gitBinary,
        args: ['config', '--global', '--includes', '--get', key],
        cwd: workspace,
        env: {
          PATH: path.dirname(gitBinary),
          HOME: ownerHome,
          XDG_CONFIG_HOME: path.join(ownerHome, '.config'),
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_DIR: path.join(workspace, '.git'),
          GIT_CEILING_DIRECTORIES: path.dirname(workspace),
          LANG: 'C',
          LC_ALL: 'C',
        },
      },
      'git',
      5_000,
      undefined,
      64 * 1024,
    );
    if (result.status !== 0) return null;
    const value = result.stdout.trim();
    return usable(value) ? value : null;
  };
  const name = read('user.name');
  const email = read('user.email');
  return name !== null && email !== null ? { name, email } : null;
}
