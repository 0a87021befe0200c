// The contained profile (SPEC §14, issue 13) as data, and its bubblewrap argv. Pure: the same
// profile always gives the same argv, and every mount decision is a line a test can read.
//
// Mount order matters in bubblewrap (later mounts cover earlier ones): the system read-only, a
// private /tmp, an empty read-only HOME, toolchain directories, then the workspace writable, its
// `.git` and the always-card entries read-only over it, and the deny list covered last wherever it falls inside a mount.
import os from 'node:os';
import path from 'node:path';
import { closerShell, fdCloser, OPENED_FD } from '../processes/fdCloser';
import { HOME_DENY_LIST } from '../workspace/denyList';
import { readerMountArgs, type ReaderMounts } from './readerProfile';

/** A loopback a listening socket accepts connections from: IPv4's (127.0.0.1) or IPv6's (::1). */
export type LoopbackFamily = 'v4' | 'v6';

/** A port of the agent's own started processes, on the loopback the process itself accepts it on. */
export interface OwnForward {
  port: number;
  family: LoopbackFamily;
}

/**
 * The agent's own services one contained command reaches (ownServices.ts): a host directory, bound
 * read-only at OWN_DIR_INSIDE, that holds one socket per forward (ownSocketName), each reaching that
 * port inside the process's own sandbox, and OWN_ANNOUNCE_SOCKET, which names each forward added
 * while the command runs; `forwards` are those there when it starts.
 */
export interface OwnServicesMount {
  dir: string;
  forwards: readonly OwnForward[];
}

export interface ContainedProfile {
  /** Absolute, real path of the agent's workspace (writable, except its `.git`). */
  workspace: string;
  /** Entries named `.git` (any case) directly in the workspace: bound read-only. */
  gitEntries: string[];
  /**
   * Always-card entries (SPEC §4) that exist directly in the workspace, and `.github/workflows`:
   * bound read-only, so contained code cannot change what another program runs as the owner later.
   */
  alwaysCardEntries: string[];
  /** The owner's home: inside the sandbox an empty read-only directory (plus what is bound in it). */
  home: string;
  /** Paddock's data directory: never visible (only the workspace, if it lives there). */
  dataDir: string;
  /** The agent's private temp directory on the host; it appears as /tmp inside. */
  privateTmp: string;
  /** Read-only directories toolchains need outside the system directories (from the captured PATH), and a few files (a version manager's binary, its chosen versions). */
  toolchainDirs: string[];
  /** The files among toolchainDirs: bound again inside a deny-list cover that falls over one (mise's binary in ~/.local/bin). */
  toolchainFiles?: string[];
  /** Deny-list paths that exist inside a mounted directory: covered with an empty read-only mount. */
  coverDirs: string[];
  coverFiles: string[];
  /**
   * Always a private network namespace. `proxy`: the owner allowed domains for this agent, so the
   * host directory holding Paddock's filtering proxy socket is bound in, and a socat inside
   * forwards 127.0.0.1:PROXY_PORT to it (see netProxy.ts).
   */
  network: 'off' | { proxySocketDir: string; socat: string };
  /**
   * The agent's own started processes' ports (ownServices.ts): their directory is bound in at
   * OWN_DIR_INSIDE, and a socat inside listens on 127.0.0.1:<port> (or [::1]:<port>) for each and
   * forwards to its socket, those added later included. Nothing else of the host's loopback is reachable.
   */
  ownServices?: OwnServicesMount & { socat: string };
  /** The compiled seccomp filter (seccomp.ts) on the host, installed with `--seccomp`; null where there is none for this architecture. */
  seccompFilter: string | null;
  cwd: string;
  /** Paddock's own reader of the workspace (readerProfile.ts), not an agent's command: the workspace read-only but for these. */
  reader?: ReaderMounts;
}

/** System directories bound read-only when present (merged-/usr links are recreated as links). */
export const SYSTEM_DIRS = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/etc',
  '/opt',
  '/nix',
  '/snap',
] as const;

/** Files of /etc that hold secrets of the machine: hidden even though /etc is readable. */
export const ETC_SECRETS = [
  '/etc/shadow',
  '/etc/gshadow',
  '/etc/shadow-',
  '/etc/gshadow-',
  '/etc/sudoers',
  '/etc/ssh',
] as const;

export const SANDBOX_TMP = '/tmp';

/** /proc entries that reach the whole machine, bound read-only over the sandbox's own /proc (bubblewrap's list). */
export const PROC_READ_ONLY = ['/proc/sys', '/proc/sysrq-trigger', '/proc/irq', '/proc/bus'] as const;

export interface SystemLayout {
  /** For each SYSTEM_DIRS entry: absent, a directory, or a link (merged /usr: /bin → usr/bin). */
  kind(dir: string): 'absent' | 'dir' | { link: string };
  exists(p: string): boolean;
  /** Whether the owner's own user can read it on the host (the user namespace keeps those permissions). */
  readable?(p: string): boolean;
}

/** The bubblewrap arguments (without the program) for `profile`; the command follows `--`. */
export function bwrapArgs(profile: ContainedProfile, layout: SystemLayout): string[] {
  const args: string[] = [
    '--unshare-user',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--unshare-net',
    // No user namespace inside: a nested one could remount what this one hides.
    '--disable-userns',
    '--die-with-parent',
    '--cap-drop',
    'ALL',
    '--hostname',
    'paddock-sandbox',
  ];
  for (const dir of SYSTEM_DIRS) {
    const kind = layout.kind(dir);
    if (kind === 'absent') continue;
    if (kind === 'dir') args.push('--ro-bind', dir, dir);
    else args.push('--symlink', kind.link, dir);
  }
  for (const secret of ETC_SECRETS) {
    if (!layout.exists(secret)) continue;
    // A file the owner cannot read (0640 root:shadow for an ordinary user) stays unreadable inside
    // too: covering it would only cost a mount per spawn. As root (CI, containers) it is covered.
    if (secret !== '/etc/ssh' && layout.readable && !layout.readable(secret)) continue;
    if (secret === '/etc/ssh') args.push('--tmpfs', secret);
    else args.push('--ro-bind', '/dev/null', secret);
  }
  args.push('--proc', '/proc');
  // Global kernel settings and triggers, read-only whatever the caller's uid: run as root, the
  // sandbox's uid 0 is the host's root for them (kernel.core_pattern runs a program as root at the next
  // crash). bubblewrap covers these only when they look writable to it; here they always are. No /sys is mounted.
  for (const entry of PROC_READ_ONLY) args.push('--ro-bind-try', entry, entry);
  args.push('--dev', '/dev');
  // The private /tmp first: a HOME or a workspace under /tmp (tests) is mounted over it.
  args.push('--bind', profile.privateTmp, SANDBOX_TMP);
  // HOME: an empty tmpfs, made read-only once everything inside it is bound.
  args.push('--tmpfs', profile.home);
  for (const dir of profile.toolchainDirs) args.push('--ro-bind', dir, dir);
  args.push('--bind', profile.workspace, profile.workspace);
  for (const entry of [...profile.gitEntries, ...profile.alwaysCardEntries]) args.push('--ro-bind', entry, entry);
  for (const dir of profile.coverDirs) {
    args.push('--tmpfs', dir);
    for (const file of profile.toolchainFiles ?? [])
      if (isInside(dir, file) && file !== dir) args.push('--ro-bind', file, file);
    args.push('--remount-ro', dir);
  }
  for (const file of profile.coverFiles) args.push('--ro-bind', '/dev/null', file);
  // A workspace that holds the home (or is it) brings the real home back, deny list covered above.
  if (!isInside(profile.workspace, profile.home)) args.push('--remount-ro', profile.home);
  if (profile.network !== 'off') args.push('--ro-bind', profile.network.proxySocketDir, PROXY_DIR_INSIDE);
  if (profile.ownServices) args.push('--ro-bind', profile.ownServices.dir, OWN_DIR_INSIDE);
  if (profile.reader) args.push(...readerMountArgs(profile.workspace, profile.coverDirs, profile.reader));
  if (profile.seccompFilter) args.push('--seccomp', String(SECCOMP_FD));
  args.push('--setenv', 'TMPDIR', SANDBOX_TMP, '--chdir', profile.cwd);
  return args;
}

/** Where the proxy's socket directory appears inside, and the loopback port socat listens on. */
export const PROXY_DIR_INSIDE = '/run/paddock-net';
export const PROXY_SOCKET_NAME = 'proxy.sock';
export const PROXY_PORT = 31287;

/** The environment that sends a contained process's HTTP(S) through the proxy (both spellings, as tools differ). */
export function proxyEnv(): Record<string, string> {
  const url = `http://127.0.0.1:${PROXY_PORT}`;
  return {
    HTTP_PROXY: url,
    HTTPS_PROXY: url,
    http_proxy: url,
    https_proxy: url,
    NO_PROXY: 'localhost,127.0.0.1,::1',
    no_proxy: 'localhost,127.0.0.1,::1',
  };
}

/** Where the own services' directory appears inside. */
export const OWN_DIR_INSIDE = '/run/paddock-own';
/** The socket of that directory on which Paddock names each own service added while the command runs, a line `<port> <family>` each. */
export const OWN_ANNOUNCE_SOCKET = 'added.sock';

/** The file name of a forward's socket in the own services' directory. */
export function ownSocketName(forward: OwnForward): string {
  return forward.family === 'v6' ? `${forward.port}-6.sock` : `${forward.port}.sock`;
}

/** A port an own service may be forwarded on: a real one, never the proxy's. */
export function forwardablePort(port: number): boolean {
  return Number.isInteger(port) && port >= 1 && port <= 65_535 && port !== PROXY_PORT;
}

/** A loopback listener inside and the unix socket (its path inside) it forwards to. */
interface Forward {
  port: number;
  family: LoopbackFamily;
  inside: string;
}

/** The own services the launcher forwards at start: valid ports only, never the proxy's, one socket each. */
function ownForwards(profile: ContainedProfile): Forward[] {
  const seen = new Set<string>();
  const forwards: Forward[] = [];
  for (const own of profile.ownServices?.forwards ?? []) {
    const key = `${own.port}/${own.family}`;
    if (!forwardablePort(own.port) || (own.family !== 'v4' && own.family !== 'v6') || seen.has(key)) continue;
    seen.add(key);
    forwards.push({ port: own.port, family: own.family, inside: `${OWN_DIR_INSIDE}/${ownSocketName(own)}` });
  }
  return forwards;
}

/** The socat listen address of a loopback port inside (IPv6: that loopback only, never IPv4's through it). */
function listenAddress(family: LoopbackFamily, port: string | number): string {
  return family === 'v6'
    ? `TCP6-LISTEN:${port},bind=[::1],ipv6only=1,fork,reuseaddr`
    : `TCP-LISTEN:${port},bind=127.0.0.1,fork,reuseaddr`;
}

/** How /proc/net/tcp{,6} prints a loopback address: each 32-bit word in host byte order. */
function loopbackHex(family: LoopbackFamily): string {
  const little = os.endianness() === 'LE';
  if (family === 'v4') return little ? '0100007F' : '7F000001';
  return `${'0'.repeat(24)}${little ? '01000000' : '00000001'}`;
}

/**
 * The loop that forwards the own services added while the command runs: it reads `<port> <family>`
 * lines from the announce socket and starts a listener for each, on that loopback, to that port's
 * socket. A line the command itself could feed it names only a socket Paddock put in the directory
 * or none, so it reaches nothing else; ports are checked as digits before they reach socat. It is
 * forked twice, a child of the sandbox's init and not of the command, and ends with the sandbox.
 */
function announceLoop(socat: string): string[] {
  const dir = OWN_DIR_INSIDE;
  return [
    `( ( ${socat} -u UNIX-CONNECT:${dir}/${OWN_ANNOUNCE_SOCKET} - 2>/dev/null | while read -r port family; do`,
    "  case $port in ''|0*|*[!0-9]*|??????*) continue ;; esac",
    '  case $family in',
    `    v4) ${socat} ${listenAddress('v4', '$port')} UNIX-CONNECT:${dir}/$port.sock 2>/dev/null & ;;`,
    `    v6) ${socat} ${listenAddress('v6', '$port')} UNIX-CONNECT:${dir}/$port-6.sock 2>/dev/null & ;;`,
    '  esac',
    'done ) </dev/null >/dev/null 2>&1 & )',
  ];
}

/**
 * The launcher when unix sockets are bound in (the proxy's, the own services'): a socat per
 * socket listens on the sandbox's own 127.0.0.1:<port> (or [::1]:<port>) and forwards to it, the
 * shell waits until each listens (reading /proc/net/tcp and tcp6, no extra process), starts the
 * announce loop when the own services' directory is bound in (own services added later), then
 * execs the classified argv from "$@" — positional parameters, never re-split or re-quoted. The
 * socats end with the sandbox's PID namespace when the program ends.
 */
export function loopbackLauncher(
  socat: string,
  forwards: readonly { port: number; inside: string; family?: LoopbackFamily }[],
  announce = false,
): string[] {
  if (!/^\/[\w./-]+$/.test(socat)) throw new Error(`refused: \`${socat}\` is not a plain absolute path`);
  const lines: string[] = [];
  for (const { port, inside, family = 'v4' } of forwards) {
    if (!/^\/[\w./-]+$/.test(inside)) throw new Error(`refused: \`${inside}\` is not a plain absolute path`);
    lines.push(`${socat} ${listenAddress(family, port)} UNIX-CONNECT:${inside} 2>/dev/null &`);
  }
  for (const { port, family = 'v4' } of forwards) {
    const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
    lines.push(
      'i=0',
      'while [ $i -lt 20000 ]; do',
      `  while read -r _ local _ state _; do [ "$local" = "${loopbackHex(family)}:${hexPort}" ] && [ "$state" = "0A" ] && break 2; done < /proc/net/${family === 'v6' ? 'tcp6' : 'tcp'}`,
      '  i=$((i+1))',
      'done',
    );
  }
  if (announce) lines.push(...announceLoop(socat));
  lines.push('exec "$@"');
  return ['/bin/sh', '-c', lines.join('\n'), 'paddock-net'];
}

/** The launcher when the proxy is bound in (see loopbackLauncher). */
export function proxyLauncher(socat: string): string[] {
  return loopbackLauncher(socat, [{ port: PROXY_PORT, inside: `${PROXY_DIR_INSIDE}/${PROXY_SOCKET_NAME}` }]);
}

/** The launcher this profile needs (none without a socket bound in). */
function launcherFor(profile: ContainedProfile): string[] {
  const forwards: { port: number; inside: string; family?: LoopbackFamily }[] = [];
  if (profile.network !== 'off')
    forwards.push({ port: PROXY_PORT, inside: `${PROXY_DIR_INSIDE}/${PROXY_SOCKET_NAME}` });
  forwards.push(...ownForwards(profile));
  if (forwards.length === 0 && !profile.ownServices) return [];
  const socat = profile.network !== 'off' ? profile.network.socat : (profile.ownServices as { socat: string }).socat;
  return loopbackLauncher(socat, forwards, profile.ownServices !== undefined);
}

/** bubblewrap reads the seccomp program from this descriptor (the closer opens it there). */
export const SECCOMP_FD = OPENED_FD;

/**
 * The full argv: the descriptor closer (fdCloser.ts: nothing of Paddock's reaches bwrap or the
 * program but stdin, stdout, stderr and the filter on SECCOMP_FD), bwrap, its arguments, `--`,
 * then the classified argv untouched (after the proxy launcher when domains are allowed).
 */
export function containedArgv(
  bwrap: string,
  profile: ContainedProfile,
  layout: SystemLayout,
  program: string,
  args: readonly string[],
): string[] {
  const launcher = launcherFor(profile);
  const closer = fdCloser({
    shell: closerShell((file) => layout.exists(file)),
    fdDir: '/proc/self/fd',
    open: profile.seccompFilter,
  });
  return [...closer, bwrap, ...bwrapArgs(profile, layout), '--', ...launcher, program, ...args];
}

export function isInside(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Deny-list places that would be visible through a mount: inside the workspace or a toolchain
 * directory (a workspace may be the home itself). Globs (`.cargo/credentials*`) are expanded by
 * the caller's `list`. Paddock's data directory is covered too when the workspace holds it.
 */
export function denyCovers(
  home: string,
  dataDir: string,
  mounted: readonly string[],
  probe: { kind(p: string): 'dir' | 'file' | 'absent'; list(dir: string): string[] },
): { dirs: string[]; files: string[] } {
  const dirs: string[] = [];
  const files: string[] = [];
  const candidates: string[] = [];
  for (const entry of HOME_DENY_LIST) {
    if (entry.endsWith('*')) {
      const full = path.join(home, entry.slice(0, -1));
      const parent = path.dirname(full);
      const prefix = path.basename(full);
      for (const name of probe.list(parent)) if (name.startsWith(prefix)) candidates.push(path.join(parent, name));
    } else {
      candidates.push(path.join(home, entry));
    }
  }
  candidates.push(dataDir);
  for (const candidate of candidates) {
    if (!mounted.some((m) => isInside(m, candidate) && m !== candidate)) continue;
    const kind = probe.kind(candidate);
    if (kind === 'dir') dirs.push(candidate);
    else if (kind === 'file') files.push(candidate);
  }
  return { dirs, files };
}
