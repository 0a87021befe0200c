// The sandbox's seccomp filter (issue 13 §2): a classic-BPF program, built here as raw
// instructions (no libseccomp binding exists for Node), that bubblewrap installs with `--seccomp`
// before it runs the agent's program. It refuses the system calls that reach the kernel's attack
// surface or could undo the namespaces — debugging other processes, mounting, keyrings, eBPF,
// perf, userfaultfd, io_uring, new namespaces, kexec, kernel modules, file handles — with EPERM,
// sockets of any family whose reach the network namespace does not bound with EAFNOSUPPORT,
// and anything of a foreign ABI (i386 and x32 on x86_64, whose numbers differ) by killing the
// process. Pure: the same architecture always gives the same bytes; `evaluate` runs a program the
// way the kernel does, for the tests.

/** seccomp_data: nr (u32) at 0, arch (u32) at 4, instruction pointer at 8, args[6] (u64) from 16. */
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
const argLow = (index: number) => 16 + 8 * index;

// Classic BPF opcodes (linux/bpf_common.h) and seccomp return values (linux/seccomp.h).
export const BPF = { LD_W_ABS: 0x20, JEQ_K: 0x15, JGE_K: 0x35, JSET_K: 0x45, RET_K: 0x06 } as const;
export const RET = { KILL_PROCESS: 0x80000000, ERRNO: 0x00050000, ALLOW: 0x7fff0000 } as const;
export const EPERM = 1;
export const ENOSYS = 38;
/** What a kernel without the family answers: programs that probe a family (vsock, packet) then go without it. */
export const EAFNOSUPPORT = 97;

export type SeccompArch = 'x86_64' | 'aarch64';
export const AUDIT_ARCH: Record<SeccompArch, number> = { x86_64: 0xc000003e, aarch64: 0xc00000b7 };
/** x32 system calls on x86_64 carry this bit in their number. */
const X32_SYSCALL_BIT = 0x40000000;

/** Each refused system call, with its number on each architecture (null: absent there). */
export const DENIED_SYSCALLS: readonly { name: string; x86_64: number | null; aarch64: number | null; why: string }[] =
  [
    { name: 'ptrace', x86_64: 101, aarch64: 117, why: 'read or steer another process' },
    { name: 'process_vm_readv', x86_64: 310, aarch64: 270, why: "read another process's memory" },
    { name: 'process_vm_writev', x86_64: 311, aarch64: 271, why: "write another process's memory" },
    { name: 'mount', x86_64: 165, aarch64: 40, why: 'change the mounts that hide the home and .git' },
    { name: 'umount2', x86_64: 166, aarch64: 39, why: 'uncover what a mount hides' },
    { name: 'pivot_root', x86_64: 155, aarch64: 41, why: 'change the root' },
    { name: 'chroot', x86_64: 161, aarch64: 51, why: 'change the root' },
    { name: 'open_tree', x86_64: 428, aarch64: 428, why: 'the new mount API' },
    { name: 'move_mount', x86_64: 429, aarch64: 429, why: 'the new mount API' },
    { name: 'fsopen', x86_64: 430, aarch64: 430, why: 'the new mount API' },
    { name: 'fsconfig', x86_64: 431, aarch64: 431, why: 'the new mount API' },
    { name: 'fsmount', x86_64: 432, aarch64: 432, why: 'the new mount API' },
    { name: 'fspick', x86_64: 433, aarch64: 433, why: 'the new mount API' },
    { name: 'mount_setattr', x86_64: 442, aarch64: 442, why: 'the new mount API' },
    { name: 'unshare', x86_64: 272, aarch64: 97, why: 'a new namespace' },
    { name: 'setns', x86_64: 308, aarch64: 268, why: "enter another process's namespace" },
    { name: 'keyctl', x86_64: 250, aarch64: 219, why: "the kernel keyring (the owner's keys)" },
    { name: 'add_key', x86_64: 248, aarch64: 217, why: 'the kernel keyring' },
    { name: 'request_key', x86_64: 249, aarch64: 218, why: 'the kernel keyring' },
    { name: 'bpf', x86_64: 321, aarch64: 280, why: 'eBPF programs (kernel attack surface)' },
    {
      name: 'perf_event_open',
      x86_64: 298,
      aarch64: 241,
      why: 'performance counters (side channels, kernel attack surface)',
    },
    { name: 'userfaultfd', x86_64: 323, aarch64: 282, why: 'stalls the kernel at will (exploit primitive)' },
    {
      name: 'io_uring_setup',
      x86_64: 425,
      aarch64: 425,
      why: 'io_uring (kernel attack surface, bypasses this filter)',
    },
    { name: 'io_uring_enter', x86_64: 426, aarch64: 426, why: 'io_uring' },
    { name: 'io_uring_register', x86_64: 427, aarch64: 427, why: 'io_uring' },
    { name: 'kexec_load', x86_64: 246, aarch64: 104, why: 'load a new kernel' },
    { name: 'kexec_file_load', x86_64: 320, aarch64: 294, why: 'load a new kernel' },
    { name: 'init_module', x86_64: 175, aarch64: 105, why: 'load a kernel module' },
    { name: 'finit_module', x86_64: 313, aarch64: 273, why: 'load a kernel module' },
    { name: 'delete_module', x86_64: 176, aarch64: 106, why: 'unload a kernel module' },
    { name: 'open_by_handle_at', x86_64: 304, aarch64: 265, why: 'open a file by handle, around the mounts' },
    { name: 'name_to_handle_at', x86_64: 303, aarch64: 264, why: 'file handles' },
    { name: 'reboot', x86_64: 169, aarch64: 142, why: 'the machine' },
    { name: 'swapon', x86_64: 167, aarch64: 224, why: 'the machine' },
    { name: 'swapoff', x86_64: 168, aarch64: 225, why: 'the machine' },
    { name: 'acct', x86_64: 163, aarch64: 89, why: 'process accounting' },
    { name: 'quotactl', x86_64: 179, aarch64: 60, why: 'disk quotas' },
    { name: 'lookup_dcookie', x86_64: 212, aarch64: 18, why: 'kernel profiling' },
    { name: 'iopl', x86_64: 172, aarch64: null, why: 'I/O ports' },
    { name: 'ioperm', x86_64: 173, aarch64: null, why: 'I/O ports' },
  ];

/** clone3 passes its flags in memory a filter cannot read: ENOSYS, so libc falls back to clone. */
const CLONE3: Record<SeccompArch, number> = { x86_64: 435, aarch64: 435 };
const CLONE: Record<SeccompArch, number> = { x86_64: 56, aarch64: 220 };
const IOCTL: Record<SeccompArch, number> = { x86_64: 16, aarch64: 29 };
/** clone flags that make a namespace: refused (fork and threads never set them). */
export const CLONE_NAMESPACE_FLAGS =
  0x00020000 /* NEWNS */ |
  0x02000000 /* NEWCGROUP */ |
  0x04000000 /* NEWUTS */ |
  0x08000000 /* NEWIPC */ |
  0x10000000 /* NEWUSER */ |
  0x20000000 /* NEWPID */ |
  0x40000000; /* NEWNET */
const SOCKET: Record<SeccompArch, number> = { x86_64: 41, aarch64: 198 };
const SOCKETPAIR: Record<SeccompArch, number> = { x86_64: 53, aarch64: 199 };
/**
 * Socket families a contained process may make: unix, inet and inet6, which the network namespace
 * and the mounts bound. Not vsock (the hypervisor's port space, which no network namespace covers:
 * a way out of "network off" on a VM), packet, bluetooth, can, alg, …
 */
export const ALLOWED_SOCKET_FAMILIES = [1 /* AF_UNIX */, 2 /* AF_INET */, 10 /* AF_INET6 */] as const;
/**
 * Netlink, only its route protocol: per network namespace (the sandbox sees its own loopback), and
 * what getifaddrs (Node's os.networkInterfaces(), which Vite calls at start) and getaddrinfo with
 * AI_ADDRCONFIG read. The other netlink protocols (audit, uevent, generic, …) reach beyond it.
 */
export const AF_NETLINK = 16;
export const NETLINK_ROUTE = 0;
/** ioctls that type into the terminal (TIOCSTI) or the console (TIOCLINUX): refused. */
export const TIOCSTI = 0x5412;
export const TIOCLINUX = 0x541c;

export interface Instruction {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

type Step =
  | { op: 'ld'; offset: number }
  | { op: 'jump'; code: number; k: number; onTrue: string; onFalse?: string }
  | { op: 'ret'; value: number }
  | { op: 'label'; name: string };

/** The filter for `arch` as instructions (8 bytes each once encoded). */
export function seccompProgram(arch: SeccompArch): Instruction[] {
  const steps: Step[] = [
    { op: 'ld', offset: OFFSET_ARCH },
    { op: 'jump', code: BPF.JEQ_K, k: AUDIT_ARCH[arch], onTrue: 'native', onFalse: 'kill' },
    { op: 'label', name: 'native' },
    { op: 'ld', offset: OFFSET_NR },
  ];
  if (arch === 'x86_64') steps.push({ op: 'jump', code: BPF.JGE_K, k: X32_SYSCALL_BIT, onTrue: 'kill' });
  for (const syscall of DENIED_SYSCALLS) {
    const nr = syscall[arch];
    if (nr !== null) steps.push({ op: 'jump', code: BPF.JEQ_K, k: nr, onTrue: 'eperm' });
  }
  steps.push(
    { op: 'jump', code: BPF.JEQ_K, k: CLONE3[arch], onTrue: 'enosys' },
    { op: 'jump', code: BPF.JEQ_K, k: CLONE[arch], onTrue: 'clone' },
    { op: 'jump', code: BPF.JEQ_K, k: IOCTL[arch], onTrue: 'ioctl' },
    { op: 'jump', code: BPF.JEQ_K, k: SOCKET[arch], onTrue: 'socket' },
    { op: 'jump', code: BPF.JEQ_K, k: SOCKETPAIR[arch], onTrue: 'socket' },
    { op: 'ret', value: RET.ALLOW },
    // socket(family, type, protocol) and socketpair(family, type, protocol, sv): the kernel reads
    // family and protocol as ints, so the low words are the whole story.
    { op: 'label', name: 'socket' },
    { op: 'ld', offset: argLow(0) },
    ...ALLOWED_SOCKET_FAMILIES.map((family): Step => ({ op: 'jump', code: BPF.JEQ_K, k: family, onTrue: 'allow' })),
    { op: 'jump', code: BPF.JEQ_K, k: AF_NETLINK, onTrue: 'netlink', onFalse: 'eafnosupport' },
    { op: 'label', name: 'netlink' },
    { op: 'ld', offset: argLow(2) },
    { op: 'jump', code: BPF.JEQ_K, k: NETLINK_ROUTE, onTrue: 'allow', onFalse: 'eafnosupport' },
    { op: 'label', name: 'allow' },
    { op: 'ret', value: RET.ALLOW },
    { op: 'label', name: 'eafnosupport' },
    { op: 'ret', value: RET.ERRNO | EAFNOSUPPORT },
    { op: 'label', name: 'clone' },
    { op: 'ld', offset: argLow(0) },
    { op: 'jump', code: BPF.JSET_K, k: CLONE_NAMESPACE_FLAGS, onTrue: 'eperm' },
    { op: 'ret', value: RET.ALLOW },
    { op: 'label', name: 'ioctl' },
    { op: 'ld', offset: argLow(1) },
    { op: 'jump', code: BPF.JEQ_K, k: TIOCSTI, onTrue: 'eperm' },
    { op: 'jump', code: BPF.JEQ_K, k: TIOCLINUX, onTrue: 'eperm' },
    { op: 'ret', value: RET.ALLOW },
    { op: 'label', name: 'eperm' },
    { op: 'ret', value: RET.ERRNO | EPERM },
    { op: 'label', name: 'enosys' },
    { op: 'ret', value: RET.ERRNO | ENOSYS },
    { op: 'label', name: 'kill' },
    { op: 'ret', value: RET.KILL_PROCESS },
  );
  return assemble(steps);
}

/** Labels to relative jumps (forward only, as classic BPF requires; at most 255 ahead). */
function assemble(steps: Step[]): Instruction[] {
  const labels = new Map<string, number>();
  let index = 0;
  for (const step of steps) {
    if (step.op === 'label') labels.set(step.name, index);
    else index += 1;
  }
  const out: Instruction[] = [];
  for (const step of steps) {
    if (step.op === 'label') continue;
    const here = out.length;
    if (step.op === 'ld') out.push({ code: BPF.LD_W_ABS, jt: 0, jf: 0, k: step.offset });
    else if (step.op === 'ret') out.push({ code: BPF.RET_K, jt: 0, jf: 0, k: step.value >>> 0 });
    else {
      const offset = (label: string | undefined) => {
        if (label === undefined) return 0;
        const target = labels.get(label);
        if (target === undefined) throw new Error(`seccomp: no label ${label}`);
        const distance = target - here - 1;
        if (distance < 0 || distance > 255) throw new Error(`seccomp: jump to ${label} out of range`);
        return distance;
      };
      out.push({ code: step.code, jt: offset(step.onTrue), jf: offset(step.onFalse), k: step.k >>> 0 });
    }
  }
  return out;
}

/** struct sock_filter[] in the machine's byte order (little-endian on both architectures). */
export function encodeProgram(program: readonly Instruction[]): Buffer {
  const buffer = Buffer.alloc(program.length * 8);
  program.forEach((ins, i) => {
    buffer.writeUInt16LE(ins.code, i * 8);
    buffer.writeUInt8(ins.jt, i * 8 + 2);
    buffer.writeUInt8(ins.jf, i * 8 + 3);
    buffer.writeUInt32LE(ins.k, i * 8 + 4);
  });
  return buffer;
}

/** The filter's architecture for this Node, or null where Paddock has none (then no filter is installed). */
export function seccompArchFor(nodeArch: string): SeccompArch | null {
  if (nodeArch === 'x64') return 'x86_64';
  if (nodeArch === 'arm64') return 'aarch64';
  return null;
}

/** A system call as the kernel hands it to the filter. */
export interface SeccompData {
  nr: number;
  arch: number;
  args?: readonly number[];
}

/**
 * Runs a classic-BPF seccomp program on one system call, as the kernel would (the subset of
 * instructions a filter here uses). For tests: what would this call get?
 */
export function evaluate(program: readonly Instruction[], data: SeccompData): number {
  const word = (offset: number): number => {
    if (offset === OFFSET_NR) return data.nr >>> 0;
    if (offset === OFFSET_ARCH) return data.arch >>> 0;
    if (offset >= 16 && (offset - 16) % 8 === 0) return (data.args?.[(offset - 16) / 8] ?? 0) >>> 0;
    throw new Error(`seccomp: unexpected load at ${offset}`);
  };
  let acc = 0;
  for (let pc = 0; pc < program.length; pc += 1) {
    const ins = program[pc];
    switch (ins!.code) {
      case BPF.LD_W_ABS:
        acc = word(ins!.k);
        break;
      case BPF.JEQ_K:
        pc += acc === ins!.k ? ins!.jt : ins!.jf;
        break;
      case BPF.JGE_K:
        pc += acc >= ins!.k ? ins!.jt : ins!.jf;
        break;
      case BPF.JSET_K:
        pc += (acc & ins!.k) !== 0 ? ins!.jt : ins!.jf;
        break;
      case BPF.RET_K:
        return ins!.k;
      default:
        throw new Error(`seccomp: unknown opcode ${ins!.code}`);
    }
  }
  throw new Error('seccomp: the program fell off its end');
}
