// The generated profiles, read as text: bubblewrap's mount order and Seatbelt's policy (which cannot
// run on Linux, so its text and argv are what is checked here).
import { describe, expect, it } from 'vitest';
import {
  bwrapArgs,
  containedArgv,
  denyCovers,
  PROXY_DIR_INSIDE,
  type ContainedProfile,
  type SystemLayout,
} from '../../../src/main/sandbox/profile';
import { seatbeltArgv, seatbeltPolicy } from '../../../src/main/sandbox/seatbelt';

const profile: ContainedProfile = {
  workspace: '/home/o/code/app',
  gitEntries: ['/home/o/code/app/.git'],
  alwaysCardEntries: ['/home/o/code/app/.vscode', '/home/o/code/app/.envrc', '/home/o/code/app/.github/workflows'],
  home: '/home/o',
  dataDir: '/home/o/.config/Paddock',
  privateTmp: '/home/o/.config/Paddock/sandbox/tmp/a1',
  toolchainDirs: ['/home/o/.nvm/versions/node/v20'],
  coverDirs: [],
  coverFiles: [],
  network: 'off',
  seccompFilter: null,
  cwd: '/home/o/code/app',
};

const mergedUsr: SystemLayout = {
  kind: (dir) =>
    ['/bin', '/sbin', '/lib', '/lib64'].includes(dir)
      ? { link: `usr${dir}` }
      : ['/usr', '/etc', '/opt'].includes(dir)
        ? 'dir'
        : 'absent',
  exists: (p) => p === '/etc/shadow',
};

/** The index of the argument group `[flag, ...values]` in argv. */
function at(args: string[], ...group: string[]): number {
  for (let i = 0; i < args.length; i++) if (group.every((g, j) => args[i + j] === g)) return i;
  return -1;
}

describe('bubblewrap arguments', () => {
  const args = bwrapArgs(profile, mergedUsr);

  it('binds the own services’ directory and forwards the sandbox’s own loopback port to each socket in it, beside the proxy; nothing else', () => {
    const forwards = [
      { port: 5173, family: 'v4' },
      { port: 5173, family: 'v6' },
      { port: 8000, family: 'v6' },
      { port: 31287, family: 'v4' },
      { port: 0, family: 'v4' },
      { port: 70_000, family: 'v6' },
    ] as const;
    const both = {
      ...profile,
      network: { proxySocketDir: '/data/sandbox/net/a1', socat: '/usr/bin/socat' },
      ownServices: { socat: '/usr/bin/socat', dir: '/data/sandbox/own/c1', forwards },
    } as ContainedProfile;
    const argv = containedArgv('/usr/bin/bwrap', both, mergedUsr, 'npm', ['test']);
    expect(at(argv, '--ro-bind', '/data/sandbox/own/c1', '/run/paddock-own')).toBeGreaterThan(0);
    const script = argv[argv.indexOf('-c', argv.indexOf('--')) + 1]!;
    expect(script).toContain(
      '/usr/bin/socat TCP-LISTEN:31287,bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:/run/paddock-net/proxy.sock',
    );
    // IPv4's loopback to `<port>.sock`, IPv6's (only) to `<port>-6.sock`, each as the process listens.
    expect(script).toContain(
      '/usr/bin/socat TCP-LISTEN:5173,bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:/run/paddock-own/5173.sock',
    );
    expect(script).toContain(
      '/usr/bin/socat TCP6-LISTEN:5173,bind=[::1],ipv6only=1,fork,reuseaddr UNIX-CONNECT:/run/paddock-own/5173-6.sock',
    );
    expect(script).toContain('UNIX-CONNECT:/run/paddock-own/8000-6.sock');
    expect(script).not.toContain('UNIX-CONNECT:/run/paddock-own/8000.sock');
    // The proxy's port and a port that is none are never an own service's.
    expect(script).not.toContain('31287.sock');
    expect(script).not.toContain('/0.sock');
    expect(script).not.toContain('70000');
    // It waits for each listener, on its own table.
    expect(script).toContain('"$local" = "0100007F:1435"');
    expect(script).toContain(
      '"$local" = "00000000000000000000000001000000:1F40" ] && [ "$state" = "0A" ] && break 2; done < /proc/net/tcp6',
    );
    // And listens for the ports added while the command runs.
    expect(script).toContain('/usr/bin/socat -u UNIX-CONNECT:/run/paddock-own/added.sock -');
    expect(argv.slice(-2)).toEqual(['npm', 'test']);
    // The own services' directory alone (none found yet) still gets the launcher, for those added later.
    const later = containedArgv(
      '/usr/bin/bwrap',
      { ...profile, ownServices: { socat: '/usr/bin/socat', dir: '/data/sandbox/own/c2', forwards: [] } },
      mergedUsr,
      'npm',
      ['test'],
    ).join(' ');
    expect(later).toContain('UNIX-CONNECT:/run/paddock-own/added.sock');
    expect(later).not.toMatch(/TCP6?-LISTEN:\d/);
    // Without any: no launcher at all.
    expect(containedArgv('/usr/bin/bwrap', profile, mergedUsr, 'npm', ['test']).join(' ')).not.toContain('socat');
  });

  it('unshares everything, network included, and dies with its parent', () => {
    for (const flag of [
      '--unshare-user',
      '--unshare-pid',
      '--unshare-net',
      '--unshare-ipc',
      '--disable-userns',
      '--die-with-parent',
    ]) {
      expect(args).toContain(flag);
    }
    // Allowed domains keep the private network namespace: only the proxy's socket directory is bound in.
    const proxied = bwrapArgs(
      { ...profile, network: { proxySocketDir: '/data/sandbox/net/a1', socat: '/usr/bin/socat' } },
      mergedUsr,
    );
    expect(proxied).toContain('--unshare-net');
    expect(proxied).not.toContain('--share-net');
    const bound = proxied.indexOf('/data/sandbox/net/a1');
    expect(proxied.slice(bound - 1, bound + 2)).toEqual(['--ro-bind', '/data/sandbox/net/a1', PROXY_DIR_INSIDE]);
  });

  it('drops every capability and keeps the machine-wide parts of /proc read-only over the fresh /proc (run as root, uid 0 inside is the host root)', () => {
    expect(at(args, '--cap-drop', 'ALL')).toBeGreaterThanOrEqual(0);
    const proc = at(args, '--proc', '/proc');
    for (const entry of ['/proc/sys', '/proc/sysrq-trigger', '/proc/irq', '/proc/bus'])
      expect([entry, at(args, '--ro-bind-try', entry, entry) > proc]).toEqual([entry, true]);
    expect(args).not.toContain('/sys');
  });

  it('covers an /etc secret only when the owner could read it (as root), not one the host already hides', () => {
    const rootReads = bwrapArgs(profile, { ...mergedUsr, readable: () => true });
    expect(rootReads.join(' ')).toContain('--ro-bind /dev/null /etc/shadow');
    const userReads = bwrapArgs(profile, { ...mergedUsr, readable: () => false });
    expect(userReads.join(' ')).not.toContain('/etc/shadow');
  });

  it('installs the seccomp filter from descriptor 3, opened by the descriptor closer that execs bubblewrap with the argv untouched', () => {
    const filtered = { ...profile, seccompFilter: '/data/sandbox/seccomp-x86_64.bpf' };
    const args = bwrapArgs(filtered, mergedUsr);
    expect(args.slice(args.indexOf('--seccomp'), args.indexOf('--seccomp') + 2)).toEqual(['--seccomp', '3']);
    const withBash: SystemLayout = { ...mergedUsr, exists: (p) => p === '/bin/bash' || mergedUsr.exists(p) };
    const argv = containedArgv('/usr/bin/bwrap', filtered, withBash, '/usr/bin/node', ['a b', '$0', '"']);
    expect(argv.slice(0, 3)).toEqual(['/bin/bash', '-p', '-c']);
    expect(argv[3]).toMatch(/^for f in \/proc\/self\/fd\/\*; .*; exec "\$@" 3<"\$0"$/);
    expect(argv.slice(4, 6)).toEqual(['/data/sandbox/seccomp-x86_64.bpf', '/usr/bin/bwrap']);
    expect(argv.slice(argv.indexOf('--'))).toEqual(['--', '/usr/bin/node', 'a b', '$0', '"']);
    expect(bwrapArgs(profile, mergedUsr)).not.toContain('--seccomp');
    // No filter: the closer still runs, and opens nothing. No bash on the machine: sh closes 3–9.
    expect(containedArgv('/usr/bin/bwrap', profile, withBash, '/usr/bin/node', []).slice(4, 6)).toEqual([
      'paddock-fds',
      '/usr/bin/bwrap',
    ]);
    expect(containedArgv('/usr/bin/bwrap', filtered, mergedUsr, '/usr/bin/node', []).slice(0, 5)).toEqual([
      '/bin/sh',
      '-c',
      'exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-; exec "$@" 3<"$0"',
      '/data/sandbox/seccomp-x86_64.bpf',
      '/usr/bin/bwrap',
    ]);
  });

  it('mounts in the order that keeps the fence: tmp, empty home, toolchains, workspace, .git read-only, home read-only', () => {
    const tmp = at(args, '--bind', profile.privateTmp, '/tmp');
    const home = at(args, '--tmpfs', '/home/o');
    const tool = at(args, '--ro-bind', profile.toolchainDirs[0]!, profile.toolchainDirs[0]!);
    const ws = at(args, '--bind', profile.workspace, profile.workspace);
    const git = at(args, '--ro-bind', '/home/o/code/app/.git', '/home/o/code/app/.git');
    const ro = at(args, '--remount-ro', '/home/o');
    expect([tmp, home, tool, ws, git, ro].every((i) => i >= 0)).toBe(true);
    expect(tmp < home && home < tool && tool < ws && ws < git && git < ro).toBe(true);
    expect(at(args, '--symlink', 'usr/bin', '/bin')).toBeGreaterThanOrEqual(0);
    expect(at(args, '--ro-bind', '/dev/null', '/etc/shadow')).toBeGreaterThanOrEqual(0);
    expect(args).not.toContain(profile.dataDir);
  });

  it('binds the always-card entries read-only over the writable workspace, before the home is read-only (SPEC §4)', () => {
    const ws = at(args, '--bind', profile.workspace, profile.workspace);
    for (const entry of profile.alwaysCardEntries) {
      const bound = at(args, '--ro-bind', entry, entry);
      expect(bound).toBeGreaterThan(ws);
      expect(bound).toBeLessThan(at(args, '--remount-ro', '/home/o'));
    }
  });

  it('keeps the home writable only when the workspace is the home (its deny list covered)', () => {
    const atHome = {
      ...profile,
      workspace: '/home/o',
      cwd: '/home/o',
      coverDirs: ['/home/o/.ssh'],
      coverFiles: ['/home/o/.bashrc'],
    };
    const homeArgs = bwrapArgs(atHome, mergedUsr);
    expect(homeArgs).not.toContain('--remount-ro' + '/home/o');
    expect(at(homeArgs, '--remount-ro', '/home/o')).toBe(-1);
    expect(at(homeArgs, '--tmpfs', '/home/o/.ssh', '--remount-ro', '/home/o/.ssh')).toBeGreaterThan(
      at(homeArgs, '--bind', '/home/o', '/home/o'),
    );
    expect(at(homeArgs, '--ro-bind', '/dev/null', '/home/o/.bashrc')).toBeGreaterThan(0);
  });

  it('covers deny-listed places and the data directory only where a mount would show them', () => {
    const kinds: Record<string, 'dir' | 'file'> = {
      '/home/o/.ssh': 'dir',
      '/home/o/.bashrc': 'file',
      '/home/o/.config/Paddock': 'dir',
      '/home/o/.cargo/credentials.toml': 'file',
    };
    const probe = {
      kind: (p: string) => kinds[p] ?? 'absent',
      list: (dir: string) => (dir === '/home/o/.cargo' ? ['credentials.toml', 'bin'] : []),
    };
    expect(denyCovers('/home/o', '/home/o/.config/Paddock', ['/home/o'], probe)).toEqual({
      dirs: ['/home/o/.ssh', '/home/o/.config/Paddock'],
      files: ['/home/o/.bashrc', '/home/o/.cargo/credentials.toml'],
    });
    expect(denyCovers('/home/o', '/home/o/.config/Paddock', ['/home/o/code/app'], probe)).toEqual({
      dirs: [],
      files: [],
    });
  });
});

describe('the Seatbelt policy (macOS)', () => {
  const { text, params } = seatbeltPolicy({
    ...profile,
    home: '/Users/o',
    workspace: '/Users/o/code/a "quoted" (dir)',
    dataDir: '/Users/o/Library/Application Support/Paddock',
  });

  it('denies by default and never splices a path into the policy text', () => {
    expect(text.startsWith('(version 1)\n(deny default)\n')).toBe(true);
    expect(text).not.toContain('/Users/o');
    expect(params.find((p) => p.name === 'WORKSPACE')?.value).toBe('/Users/o/code/a "quoted" (dir)');
  });

  it('writes only the workspace and the private tmp, never .git, the deny list or the data directory', () => {
    expect(text).toContain(
      '(allow file-read* file-write* (subpath (param "WORKSPACE")) (subpath (param "PRIVATE_TMP")))',
    );
    expect(text).toContain('(deny file-write* (regex (param "GIT_RE")))');
    expect(text).toContain(
      '(deny file-write* (subpath (param "ALWAYS_CARD_0")) (subpath (param "ALWAYS_CARD_1")) (subpath (param "ALWAYS_CARD_2")))',
    );
    expect(params.find((p) => p.name === 'ALWAYS_CARD_0')?.value).toBe('/home/o/code/app/.vscode');
    expect(params.find((p) => p.name === 'GIT_RE')?.value).toBe(
      '^/Users/o/code/a "quoted" \\(dir\\)/\\.[Gg][Ii][Tt](/|$)',
    );
    const denied = /\(deny file-read\* file-write\* (.*)\)$/m.exec(text)?.[1] ?? '';
    expect(denied).toContain('(subpath (param "DATA_DIR"))');
    const deniedValues = params.filter((p) => p.name.startsWith('DENY_')).map((p) => p.value);
    expect(deniedValues).toContain('/Users/o/.ssh');
    expect(deniedValues).toContain('/Users/o/.bashrc');
    expect(text).toContain('(allow signal (target same-sandbox))');
  });

  it('keeps the network off except loopback listening, and the argv untouched after the program', () => {
    expect(text).toContain('(deny network-outbound)');
    expect(text).toContain('(allow network-inbound (local ip "localhost:*"))');
    expect(
      seatbeltPolicy({ ...profile, network: { proxySocketDir: '/x', socat: '/usr/bin/socat' } }).text,
    ).not.toContain('(allow network*)');
    const argv = seatbeltArgv('/usr/bin/sandbox-exec', profile, '/usr/bin/node', ['a b', '"c"', '\n']);
    expect(argv.slice(0, 3)).toEqual(['/usr/bin/sandbox-exec', '-p', seatbeltPolicy(profile).text]);
    expect(argv.slice(-4)).toEqual(['/usr/bin/node', 'a b', '"c"', '\n']);
    expect(argv.filter((a) => a === '-D')).toHaveLength(seatbeltPolicy(profile).params.length);
  });
});
