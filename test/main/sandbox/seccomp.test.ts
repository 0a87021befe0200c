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
const deniedNumbers = (arch: SeccompArch) => new Set(DENIED_SYSCALLS.map((s) => s[arch]).filter((n): n is number => n !== null));
// Numbers of everyday calls that must pass: read, write, openat, close, mmap, execve, exit_group, socket, connect, wait4.
const EVERYDAY: Record<SeccompArch, Record<string, number>> = {
  x86_64: { read: 0, write: 1, close: 3, mmap: 9, socket: 41, connect: 42, execve: 59, wait4: 61, exit_group: 231, openat: 257 },
  aarch64: { read: 63, write: 64, close: 57, mmap: 222, socket: 198, connect: 203, execve: 221, wait4: 260, exit_group: 94, openat: 56 },
};
const CLONE = { x86_64: 56, aarch64: 220 };
const IOCTL = { x86_64: 16, aarch64: 29 };

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
    for (const [name, nr] of Object.entries(EVERYDAY[arch])) expect([name, evaluate(program, { nr, arch: native })]).toEqual([name, RET.ALLOW]);
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
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.array(fc.integer({ min: 0, max: 0xffffffff }), { maxLength: 6 }), (nr, args) => {
        const result = evaluate(program, { nr, arch: native, args });
        if (denied.has(nr)) expect(result).toBe(RET.ERRNO | EPERM);
        else if (nr === 435) expect(result).toBe(RET.ERRNO | ENOSYS);
        else if (nr === CLONE[arch]) expect(result).toBe((args[0] ?? 0) & CLONE_NAMESPACE_FLAGS ? RET.ERRNO | EPERM : RET.ALLOW);
        else if (nr === IOCTL[arch]) expect(result).toBe([0x5412, 0x541c].includes(args[1] ?? 0) ? RET.ERRNO | EPERM : RET.ALLOW);
        else expect(result).toBe(RET.ALLOW);
      }),
      { numRuns: 2000 },
    );
  });

  it('encodes 8 bytes per instruction, little-endian, and stays short enough for 8-bit jumps', () => {
    const bytes = encodeProgram(program);
    expect(bytes.length).toBe(program.length * 8);
    expect(bytes.readUInt16LE(0)).toBe(program[0].code);
    expect(bytes.readUInt32LE(4)).toBe(program[0].k);
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

describe.skipIf(!status.available || !PYTHON || status.available !== true || !['x64', 'arm64'].includes(process.arch))('the filter installed by bubblewrap', () => {
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
    const lines = Object.fromEntries(result.output.trim().split('\n').map((line) => [line.split(' ')[0], line.slice(line.indexOf(' ') + 1)]));
    for (const name of ['ptrace', 'keyctl', 'bpf', 'userfaultfd', 'unshare', 'mount', 'perf_event_open']) expect([name, lines[name]]).toEqual([name, 'Operation not permitted']);
    expect(lines.getpid).toBe('ok');
    expect(lines.fork).toBe('7');
    expect(result.exitCode).toBe(0);
  }, 60_000);

  it('the same probe outside the sandbox gets past the filter (so the test can fail)', async () => {
    const result = await runBounded({ program: PYTHON!, args: [path.join(workspace, 'probe.py'), 'keyctl', 'getpid'], cwd: workspace, env: { PATH: '/usr/bin:/bin' }, timeoutMs: 30_000, purpose: 'run' });
    expect(result.output).toMatch(/^keyctl (?!Operation not permitted)/m);
  }, 60_000);
});
