// macOS: the same contained profile as a Seatbelt (sandbox-exec) policy. Paths never appear inside
// the policy text: they are passed as `-D NAME=value` parameters and read with (param "NAME"), so
// no path can break out of a string literal. The policy denies by default.
// It cannot run on this Linux machine: the unit tests check the generated text and argv.
import { HOME_DENY_LIST } from '../workspace/denyList';
import type { ContainedProfile } from './profile';

/** Read-only roots a toolchain needs on macOS. */
export const SEATBELT_READ_ROOTS = [
  '/usr',
  '/bin',
  '/sbin',
  '/System',
  '/Library',
  '/Applications/Xcode.app',
  '/opt/homebrew',
  '/opt/local',
  '/private/etc',
  '/private/var/db/timezone',
  '/dev',
] as const;

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Param {
  name: string;
  value: string;
}

/** The policy text and the parameters it reads. */
export function seatbeltPolicy(profile: ContainedProfile): { text: string; params: Param[] } {
  const params: Param[] = [];
  const param = (name: string, value: string): string => {
    params.push({ name, value });
    return `(param "${name}")`;
  };
  const lines = [
    '(version 1)',
    '(deny default)',
    '(allow process-exec process-fork)',
    // Signals only to processes of the same sandbox: never Paddock, never another agent's.
    '(allow signal (target same-sandbox))',
    '(allow sysctl-read)',
    '(allow mach-lookup (global-name "com.apple.system.opendirectoryd.libinfo") (global-name "com.apple.trustd.agent"))',
    '(allow ipc-posix-shm-read-data ipc-posix-shm-write-data)',
    '(allow file-read-metadata)',
  ];
  const reads = SEATBELT_READ_ROOTS.map((root, i) => `(subpath ${param(`READ_ROOT_${i}`, root)})`);
  const toolchains = profile.toolchainDirs.map((dir, i) => `(subpath ${param(`TOOLCHAIN_${i}`, dir)})`);
  lines.push(`(allow file-read* ${[...reads, ...toolchains].join(' ')})`);
  const ws = param('WORKSPACE', profile.workspace);
  const tmp = param('PRIVATE_TMP', profile.privateTmp);
  lines.push(`(allow file-read* file-write* (subpath ${ws}) (subpath ${tmp}))`);
  lines.push('(allow file-write-data (literal "/dev/null") (literal "/dev/tty"))');
  // .git in any case, directly in the workspace: read-only (only the git tool writes it).
  lines.push(
    `(deny file-write* (regex ${param('GIT_RE', `^${escapeRegex(profile.workspace)}/\\.[Gg][Ii][Tt](/|$)`)}))`,
  );
  // Existing always-card entries (SPEC §4): read-only, like bubblewrap's binds (new ones are moved out after the command).
  const alwaysCard = profile.alwaysCardEntries.map((entry, i) => `(subpath ${param(`ALWAYS_CARD_${i}`, entry)})`);
  if (alwaysCard.length > 0) lines.push(`(deny file-write* ${alwaysCard.join(' ')})`);
  const denied = HOME_DENY_LIST.map((entry, i) => {
    const full = `${profile.home}/${entry}`;
    if (entry.endsWith('*')) return `(regex ${param(`DENY_${i}`, `^${escapeRegex(full.slice(0, -1))}`)})`;
    return `(subpath ${param(`DENY_${i}`, full)})`;
  });
  denied.push(`(subpath ${param('DATA_DIR', profile.dataDir)})`);
  lines.push(`(deny file-read* file-write* ${denied.join(' ')})`);
  // A dev server may listen on loopback (the preview connects in); nothing connects out,
  // Paddock's own loopback listeners included. (Allowed domains are not built for macOS: no proxy.)
  lines.push('(allow network-bind (local ip "localhost:*"))');
  lines.push('(allow network-inbound (local ip "localhost:*"))');
  lines.push('(deny network-outbound)');
  return { text: lines.join('\n') + '\n', params };
}

/** `sandbox-exec -p <policy> -D NAME=value … -- program args` (argv untouched after the program). */
export function seatbeltArgv(
  sandboxExec: string,
  profile: ContainedProfile,
  program: string,
  args: readonly string[],
): string[] {
  const { text, params } = seatbeltPolicy(profile);
  return [sandboxExec, '-p', text, ...params.flatMap((p) => ['-D', `${p.name}=${p.value}`]), program, ...args];
}
