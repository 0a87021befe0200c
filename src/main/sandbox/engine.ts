// Which OS sandbox this machine offers, found once at start (SPEC §14): bubblewrap on Linux, when
// it is installed and can create the namespaces the profile needs; Seatbelt on macOS. The answer
// is a sentence either way, for Settings → Developer and for every card.
import fs from 'node:fs';
import { runSync } from '../processes/spawn';

export type SandboxStatus =
  | { available: true; engine: 'bubblewrap'; version: string; program: string }
  | { available: true; engine: 'seatbelt'; version: string; program: string }
  | { available: false; cause: string; howToEnable: string };

const BWRAP_CANDIDATES = ['/usr/bin/bwrap', '/usr/local/bin/bwrap', '/bin/bwrap'];
const SANDBOX_EXEC = '/usr/bin/sandbox-exec';

export interface DetectOptions {
  platform?: NodeJS.Platform;
  /** Tests and the owner's switch: PADDOCK_SANDBOX=off reports the sandbox as unavailable. */
  disabledBy?: string | null;
  bwrapCandidates?: readonly string[];
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Probes bubblewrap with the namespaces the profile uses; the first failure names the cause. */
function probeBubblewrap(candidates: readonly string[]): SandboxStatus {
  const program = candidates.find(isExecutable);
  if (!program) {
    return {
      available: false,
      cause: 'bubblewrap is not installed',
      howToEnable:
        'install it (Debian/Ubuntu: sudo apt-get install bubblewrap socat; Fedora: sudo dnf install bubblewrap socat) and restart Paddock',
    };
  }
  const versionRun = runSync(
    { program, args: ['--version'], cwd: '/', env: { PATH: '/usr/bin:/bin' } },
    'probe',
    5_000,
  );
  const version = /bubblewrap\s+(\S+)/.exec(versionRun.stdout)?.[1] ?? 'unknown';
  const probe = runSync(
    {
      program,
      args: [
        '--unshare-user',
        '--unshare-pid',
        '--unshare-net',
        '--disable-userns',
        '--die-with-parent',
        '--ro-bind',
        '/',
        '/',
        '--proc',
        '/proc',
        '--',
        '/bin/true',
      ],
      cwd: '/',
      env: { PATH: '/usr/bin:/bin' },
    },
    'probe',
    10_000,
  );
  if (probe.status !== 0) {
    const said = probe.stderr.trim().split('\n')[0] ?? '';
    return {
      available: false,
      cause: `bubblewrap ${version} cannot create the sandbox's namespaces${said ? ` (${said})` : ''}`,
      howToEnable:
        'allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1, or on Ubuntu 24.04 kernel.apparmor_restrict_unprivileged_userns=0) and make sure bubblewrap is 0.8 or later, then restart Paddock',
    };
  }
  return { available: true, engine: 'bubblewrap', version, program };
}

export function detectSandbox(options: DetectOptions = {}): SandboxStatus {
  if (options.disabledBy) {
    return {
      available: false,
      cause: `the sandbox was turned off by ${options.disabledBy}`,
      howToEnable: `unset ${options.disabledBy} and restart Paddock`,
    };
  }
  const platform = options.platform ?? process.platform;
  if (platform === 'linux') return probeBubblewrap(options.bwrapCandidates ?? BWRAP_CANDIDATES);
  if (platform === 'darwin') {
    if (isExecutable(SANDBOX_EXEC))
      return { available: true, engine: 'seatbelt', version: 'sandbox-exec', program: SANDBOX_EXEC };
    return {
      available: false,
      cause: '/usr/bin/sandbox-exec is missing',
      howToEnable: 'it ships with macOS; reinstalling the system restores it',
    };
  }
  return {
    available: false,
    cause: `Paddock has no sandbox for ${platform}`,
    howToEnable: 'run Paddock on Linux (with bubblewrap) or macOS',
  };
}

/** The line Settings → Developer shows, and the state every card names. */
export function describeStatus(status: SandboxStatus, network = 'network off'): string {
  if (!status.available) return `not available: ${status.cause}; ${status.howToEnable}`;
  const engine = status.engine === 'bubblewrap' ? `bubblewrap ${status.version}` : 'Seatbelt (sandbox-exec)';
  return `contained: ${engine}, ${network}`;
}

/**
 * Said in Settings when Paddock runs as root (CI, a container, a root desktop session): the
 * sandbox's uid 0 is then this machine's root for every file its mounts show. Null otherwise.
 */
export function runningAsRootLine(uid: number | undefined = process.getuid?.()): string | null {
  if (uid !== 0) return null;
  return (
    'Paddock runs as root: inside the sandbox, a command’s uid 0 is this machine’s root for every file the sandbox shows it ' +
    '(the workspace, and the system read-only). Paddock drops every capability and keeps /proc/sys read-only, but the kernel ' +
    'is all that stands between a contained root process and the machine: run Paddock as an ordinary user.'
  );
}
