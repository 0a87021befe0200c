// The seccomp filter as a program (issue 13 §2): run instruction by instruction the way the kernel
// does, for both architectures; then for real, installed by bubblewrap, a refused call fails inside.
import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBounded } from '../../../src/main/processes/spawn';
import { createSandbox } from '../../../src/main/sandbox/sandbox';
import {
  AUDIT_ARCH,
  CLONE_NAMESPACE_FLAGS,
  DENIED_SYSCALLS,
  EAFNOSUPPORT,
  encodeProgram,
  ENOSYS,
  EPERM,
  evaluate,
  RET,
  seccompProgram,
  TIOCSTI,
  type SeccompArch,
} from '../../../src/main/sandbox/seccomp';
import { sandboxStatus } from '../../support/sandbox';
import { createTempDirs } from '../../support/tempDirs';

const ARCHES: SeccompArch[] = ['x86_64', 'aarch64'];
const deniedNumbers = (arch: SeccompArch) =>
  new Set(DENIED_SYSCALLS.map((s) => s[arch]).filter((n): n is number => n !== null));
// Numbers of everyday calls that must pass: read, write, openat, close, mmap, execve, exit_group, socket, connect, wait4.
const EVERYDAY: Record<SeccompArch, Record<string, number>> = {
  x86_64: {
    read: 0,
    write: 1,
    close: 3,
    mmap: 9,
    socket: 41,
    connect: 42,
    execve: 59,
    wait4: 61,
    exit_group: 231,
    openat: 257,
  },
  aarch64: {
    read: 63,
    write: 64,
    close: 57,
    mmap: 222,
    socket: 198,
    connect: 203,
    execve: 221,
    wait4: 260,
    exit_group: 94,
    openat: 56,
  },
};
const CLONE = { x86_64: 56, aarch64: 220 };
const IOCTL = { x86_64: 16, aarch64: 29 };
const SOCKET = { x86_64: 41, aarch64: 198 };
const SOCKETPAIR = { x86_64: 53, aarch64: 199 };
const AF = {
  UNSPEC: 0,
  UNIX: 1,
  INET: 2,
  AX25: 3,
  INET6: 10,
  NETLINK: 16,
  PACKET: 17,
  BLUETOOTH: 31,
  CAN: 29,
  TIPC: 30,
  ALG: 38,
  VSOCK: 40,
  XDP: 44,
};
const NETLINK = { ROUTE: 0, SOCK_DIAG: 4, AUDIT: 9, KOBJECT_UEVENT: 15, GENERIC: 16 };

/**
 * The rule, stated independently of the program: a socket of the families whose reach the network
 * namespace bounds (unix, inet, inet6; netlink only for NETLINK_ROUTE), nothing else (vsock reaches
 * the hypervisor whatever the namespace).
 */
function socketVerdict(family: number, protocol: number): number {
  if ([AF.UNIX, AF.INET, AF.INET6].includes(family)) return RET.ALLOW;
  if (family === AF.NETLINK && protocol === NETLINK.ROUTE) return RET.ALLOW;
  return RET.ERRNO | EAFNOSUPPORT;
}

describe.each(ARCHES)('the filter program (%s)', (arch) => {
  const program = seccompProgram(arch);
  const native = AUDIT_ARCH[arch];

  it('refuses each denied call with EPERM', () => {
    for (const syscall of DENIED_SYSCALLS) {
      const nr = syscall[arch];
      if (nr === null) continue;
      expect([syscall.name, evaluate(program, { nr, arch: native })]).toEqual([syscall.name, RET.ERRNO | EPERM]);
    }
  });

  it('lets everyday calls through', () => {
    const args = (name: string) => (name === 'socket' ? [AF.INET, 1, 0] : undefined);
    for (const [name, nr] of Object.entries(EVERYDAY[arch]))
      expect([name, evaluate(program, { nr, arch: native, args: args(name) })]).toEqual([name, RET.ALLOW]);
  });

  it('refuses with EAFNOSUPPORT (97 on both), as a kernel without the family would', () =>
    expect(EAFNOSUPPORT).toBe(97));

  it('makes sockets of unix, inet, inet6 and netlink-route only; vsock, packet and the rest say EAFNOSUPPORT', () => {
    const table: [string, number, number, number][] = [
      ['unix stream', AF.UNIX, 1, RET.ALLOW],
      ['inet tcp', AF.INET, 1, RET.ALLOW],
      ['inet udp, cloexec', AF.INET, 2 | 0x80000, RET.ALLOW],
      ['inet6', AF.INET6, 1, RET.ALLOW],
      ['netlink route (getifaddrs, getaddrinfo AI_ADDRCONFIG)', AF.NETLINK, 3, RET.ALLOW],
      ['vsock (the hypervisor)', AF.VSOCK, 1, RET.ERRNO | EAFNOSUPPORT],
      ['packet', AF.PACKET, 3, RET.ERRNO | EAFNOSUPPORT],
      ['unspec', AF.UNSPEC, 1, RET.ERRNO | EAFNOSUPPORT],
      ['alg', AF.ALG, 5, RET.ERRNO | EAFNOSUPPORT],
      ['bluetooth', AF.BLUETOOTH, 1, RET.ERRNO | EAFNOSUPPORT],
      ['can', AF.CAN, 3, RET.ERRNO | EAFNOSUPPORT],
      ['tipc', AF.TIPC, 2, RET.ERRNO | EAFNOSUPPORT],
      ['xdp', AF.XDP, 3, RET.ERRNO | EAFNOSUPPORT],
      ['ax25', AF.AX25, 2, RET.ERRNO | EAFNOSUPPORT],
    ];
    for (const nr of [SOCKET[arch], SOCKETPAIR[arch]]) {
      for (const [name, family, type, expected] of table)
        expect([nr, name, evaluate(program, { nr, arch: native, args: [family, type, 0] })]).toEqual([
          nr,
          name,
          expected,
        ]);
    }
    for (const [name, protocol] of Object.entries(NETLINK)) {
      expect([name, evaluate(program, { nr: SOCKET[arch], arch: native, args: [AF.NETLINK, 3, protocol] })]).toEqual([
        name,
        protocol === NETLINK.ROUTE ? RET.ALLOW : RET.ERRNO | EAFNOSUPPORT,
      ]);
    }
  });

  it('kills a call of a foreign ABI (its numbers mean other calls)', () => {
    const foreign = arch === 'x86_64' ? 0x40000003 /* i386 */ : 0xc000003e;
    expect(evaluate(program, { nr: 0, arch: foreign })).toBe(RET.KILL_PROCESS);
  });

  it('fork and threads pass; a clone that makes a namespace does not; clone3 says ENOSYS (libc falls back)', () => {
    const SIGCHLD = 17;
    const THREAD = 0x3d0f00;
    expect(evaluate(program, { nr: CLONE[arch], arch: native, args: [SIGCHLD] })).toBe(RET.ALLOW);
    expect(evaluate(program, { nr: CLONE[arch], arch: native, args: [THREAD] })).toBe(RET.ALLOW);
    for (const flag of [0x00020000, 0x10000000, 0x20000000, 0x40000000, 0x08000000, 0x04000000, 0x02000000]) {
      expect(evaluate(program, { nr: CLONE[arch], arch: native, args: [SIGCHLD | flag] })).toBe(RET.ERRNO | EPERM);
    }
    expect(evaluate(program, { nr: 435, arch: native })).toBe(RET.ERRNO | ENOSYS);
  });

  it('refuses TIOCSTI (typing into the terminal) and lets other ioctls through', () => {
    expect(evaluate(program, { nr: IOCTL[arch], arch: native, args: [1, TIOCSTI] })).toBe(RET.ERRNO | EPERM);
    expect(evaluate(program, { nr: IOCTL[arch], arch: native, args: [1, 0x5401 /* TCGETS */] })).toBe(RET.ALLOW);
  });

  it('property: any call number is allowed exactly when it is not denied (native ABI)', () => {
    const denied = deniedNumbers(arch);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.array(fc.integer({ min: 0, max: 0xffffffff }), { maxLength: 6 }),
        (nr, args) => {
          const result = evaluate(program, { nr, arch: native, args });
          if (denied.has(nr)) expect(result).toBe(RET.ERRNO | EPERM);
          else if (nr === 435) expect(result).toBe(RET.ERRNO | ENOSYS);
          else if (nr === CLONE[arch])
            expect(result).toBe((args[0] ?? 0) & CLONE_NAMESPACE_FLAGS ? RET.ERRNO | EPERM : RET.ALLOW);
          else if (nr === IOCTL[arch])
            expect(result).toBe([0x5412, 0x541c].includes(args[1] ?? 0) ? RET.ERRNO | EPERM : RET.ALLOW);
          else if (nr === SOCKET[arch] || nr === SOCKETPAIR[arch])
            expect(result).toBe(socketVerdict(args[0] ?? 0, args[2] ?? 0));
          else expect(result).toBe(RET.ALLOW);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('property: a socket is made exactly when its family (and netlink protocol) is in the rule', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(SOCKET[arch], SOCKETPAIR[arch]),
        fc.integer({ min: 0, max: 64 }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 0, max: 32 }),
        (nr, family, type, protocol) => {
          expect(evaluate(program, { nr, arch: native, args: [family, type, protocol] })).toBe(
            socketVerdict(family, protocol),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('encodes 8 bytes per instruction, little-endian, and stays short enough for 8-bit jumps', () => {
    const bytes = encodeProgram(program);
    expect(bytes.length).toBe(program.length * 8);
    expect(bytes.readUInt16LE(0)).toBe(program[0]!.code);
    expect(bytes.readUInt32LE(4)).toBe(program[0]!.k);
    expect(program.length).toBeLessThan(200);
  });
});

const status = sandboxStatus();
const temp = createTempDirs('paddock-seccomp-');
const PYTHON = ['/usr/bin/python3', '/usr/local/bin/python3'].find((file) => fs.existsSync(file));
let workspace = '';
let home = '';
let dataDir = '';
beforeAll(() => {
  workspace = temp.make();
  home = temp.make();
  dataDir = temp.make();
});
afterAll(() => temp.cleanup());

// Each line: the call, its result. ctypes calls the system call by number, so libc cannot hide it.
const PROBE = `
import ctypes, os, platform, sys
libc = ctypes.CDLL(None, use_errno=True)
nr = {'x86_64': {'ptrace': 101, 'keyctl': 250, 'bpf': 321, 'userfaultfd': 323, 'unshare': 272, 'mount': 165, 'perf_event_open': 298, 'getpid': 39},
      'aarch64': {'ptrace': 117, 'keyctl': 219, 'bpf': 280, 'userfaultfd': 282, 'unshare': 97, 'mount': 40, 'perf_event_open': 241, 'getpid': 172}}[platform.machine()]
for name in sys.argv[1:] or ['ptrace', 'keyctl', 'bpf', 'userfaultfd', 'unshare', 'mount', 'perf_event_open', 'getpid']:
    args = {'unshare': [0x00020000], 'ptrace': [0, 0, 0, 0]}.get(name, [0, 0, 0, 0, 0])
    r = libc.syscall(nr[name], *args)
    print(name, 'ok' if r >= 0 else os.strerror(ctypes.get_errno()))
pid = os.fork()
if pid == 0:
    os._exit(7)
print('fork', os.waitpid(pid, 0)[1] >> 8)
`;

// Each line: the socket tried, `ok` or the error's name. Python's socket() is the system call itself.
const SOCKET_PROBE = `
import errno, socket
tries = {'unix': (socket.AF_UNIX, socket.SOCK_STREAM, 0), 'inet': (socket.AF_INET, socket.SOCK_STREAM, 0),
         'inet6': (socket.AF_INET6, socket.SOCK_DGRAM, 0), 'netlink_route': (16, socket.SOCK_RAW, 0),
         'netlink_uevent': (16, socket.SOCK_RAW, 15), 'vsock': (40, socket.SOCK_STREAM, 0), 'packet': (17, socket.SOCK_DGRAM, 0)}
for name, (family, kind, proto) in tries.items():
    try:
        socket.socket(family, kind, proto).close()
        print(name, 'ok')
    except OSError as e:
        print(name, errno.errorcode.get(e.errno, str(e.errno)))
try:
    a, b = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    print('socketpair_unix', 'ok')
except OSError as e:
    print('socketpair_unix', errno.errorcode.get(e.errno, str(e.errno)))
`;

// What Vite does at start: the interfaces (getifaddrs: netlink route), localhost with AI_ADDRCONFIG, a listener.
const NODE_PROBE = `
const os = require('node:os'); const dns = require('node:dns'); const http = require('node:http');
console.log('interfaces', Object.keys(os.networkInterfaces()).includes('lo') ? 'lo' : JSON.stringify(os.networkInterfaces()));
dns.lookup('localhost', { all: true, hints: dns.ADDRCONFIG }, (error, addresses) => {
  console.log('lookup', error ? error.code : addresses.length > 0 ? 'ok' : 'none');
  const server = http.createServer((_, res) => res.end('hi')).listen(0, '127.0.0.1', () => {
    http.get({ host: '127.0.0.1', port: server.address().port }, (res) => { res.resume(); console.log('http', res.statusCode); server.close(); });
  });
});
`;

function lines(output: string): Record<string, string> {
  return Object.fromEntries(
    output
      .trim()
      .split('\n')
      .map((line) => [line.split(' ')[0], line.slice(line.indexOf(' ') + 1)]),
  );
}

describe.skipIf(
  !status.available ||
    status.available !== true ||
    status.engine !== 'bubblewrap' ||
    !PYTHON ||
    !['x64', 'arm64'].includes(process.arch),
)('socket families inside bubblewrap', () => {
  const probe = async (contained: boolean, program: string, file: string, text: string) => {
    fs.writeFileSync(path.join(workspace, file), text);
    const sandbox = createSandbox({ status, home, dataDir });
    const result = await runBounded({
      program,
      args: [path.join(workspace, file)],
      cwd: workspace,
      env: { PATH: '/usr/bin:/bin', HOME: home },
      timeoutMs: 30_000,
      wrap: contained ? sandbox.wrapperFor({ agentId: 'a1', workspace, allowedDomains: [] }) : undefined,
      purpose: 'run',
    });
    expect(result.exitCode, result.output).toBe(0);
    return lines(result.output);
  };

  it('refuses vsock (a channel to the hypervisor no network namespace covers), packet and netlink but route; unix, inet, inet6 work', async () => {
    const inside = await probe(true, PYTHON!, 'sockets.py', SOCKET_PROBE);
    expect(inside).toEqual({
      unix: 'ok',
      inet: 'ok',
      inet6: 'ok',
      netlink_route: 'ok',
      netlink_uevent: 'EAFNOSUPPORT',
      vsock: 'EAFNOSUPPORT',
      packet: 'EAFNOSUPPORT',
      socketpair_unix: 'ok',
    });
  }, 60_000);

  it('the same probe outside makes a vsock socket (so the test can fail)', async () => {
    const outside = await probe(false, PYTHON!, 'sockets.py', SOCKET_PROBE);
    // A kernel without the vsock module says EAFNOSUPPORT itself: then there is nothing to compare.
    if (outside.vsock === 'EAFNOSUPPORT') return;
    expect(outside.vsock).toBe('ok');
  }, 60_000);

  it('Node lists the interfaces, resolves localhost with AI_ADDRCONFIG and serves on loopback inside (what Vite does at start)', async () => {
    const inside = await probe(true, process.execPath, 'vite-like.cjs', NODE_PROBE);
    expect(inside).toEqual({ interfaces: 'lo', lookup: 'ok', http: '200' });
  }, 60_000);
});

describe.skipIf(!status.available || !PYTHON || status.available !== true || !['x64', 'arm64'].includes(process.arch))(
  'the filter installed by bubblewrap',
  () => {
    it('refuses the denied calls inside the sandbox, and fork still works', async () => {
      fs.writeFileSync(path.join(workspace, 'probe.py'), PROBE);
      const sandbox = createSandbox({ status, home, dataDir });
      const result = await runBounded({
        program: PYTHON!,
        args: [path.join(workspace, 'probe.py')],
        cwd: workspace,
        env: { PATH: '/usr/bin:/bin', HOME: home },
        timeoutMs: 30_000,
        wrap: sandbox.wrapperFor({ agentId: 'a1', workspace, allowedDomains: [] }),
        purpose: 'run',
      });
      const lines = Object.fromEntries(
        result.output
          .trim()
          .split('\n')
          .map((line) => [line.split(' ')[0], line.slice(line.indexOf(' ') + 1)]),
      );
      for (const name of ['ptrace', 'keyctl', 'bpf', 'userfaultfd', 'unshare', 'mount', 'perf_event_open'])
        expect([name, lines[name]]).toEqual([name, 'Operation not permitted']);
      expect(lines.getpid).toBe('ok');
      expect(lines.fork).toBe('7');
      expect(result.exitCode).toBe(0);
    }, 60_000);

    it('the same probe outside the sandbox gets past the filter (so the test can fail)', async () => {
      const result = await runBounded({
        program: PYTHON!,
        args: [path.join(workspace, 'probe.py'), 'keyctl', 'getpid'],
        cwd: workspace,
        env: { PATH: '/usr/bin:/bin' },
        timeoutMs: 30_000,
        purpose: 'run',
      });
      expect(result.output).toMatch(/^keyctl (?!Operation not permitted)/m);
    }, 60_000);
  },
);
