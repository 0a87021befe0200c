// Previews across the sandbox's network namespace (SPEC §14, issue 13 §3). A dev server in the
// sandbox listens on the sandbox's own loopback, which no host process can reach. For each
// (namespace, port) a preview asks for, Paddock starts one socat inside that network namespace
// (nsenter --net: network only, host files and credentials) that listens on a unix socket in
// `<data>/sandbox/bridge/` (0700) and forwards to 127.0.0.1:<port> inside (or [::1]:<port>, for a
// port the process holds on IPv6 loopback only); a host listener on
// 127.0.0.1:0 pipes to that socket. The preview proxy and screenshots connect to the host port
// as to any dev server. Nothing in the sandbox can reach the host through it: the bridge only
// ever connects inward.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { signalGroup } from '../processes/group';
import { spawnService, type ServiceProcess } from '../processes/spawn';
import type { LoopbackFamily } from './profile';

export interface BridgeTools {
  nsenter: string;
  socat: string;
  /** util-linux setpriv: socat gets SIGKILL when Paddock dies (--pdeathsig). Optional. */
  setpriv: string | null;
}

const CANDIDATES: Record<keyof BridgeTools, string[]> = {
  nsenter: ['/usr/bin/nsenter', '/bin/nsenter'],
  socat: ['/usr/bin/socat', '/usr/local/bin/socat', '/bin/socat'],
  setpriv: ['/usr/bin/setpriv', '/bin/setpriv'],
};

export function findBridgeTools(): BridgeTools | null {
  const find = (names: string[]) => names.find((file) => fs.existsSync(file)) ?? null;
  const nsenter = find(CANDIDATES.nsenter);
  const socat = find(CANDIDATES.socat);
  if (!nsenter || !socat) return null;
  return { nsenter, socat, setpriv: find(CANDIDATES.setpriv) };
}

/** socat inside a sandbox's network namespace, listening on a host unix socket, forwarding to 127.0.0.1:<port> there. */
interface Inward {
  key: string;
  /** The supervisor's pid of the process (the sandbox's leader), for closing at stop. */
  ownerPid: number;
  socat: ServiceProcess;
  socketPath: string;
}

/** The host listener on 127.0.0.1:<ephemeral> in front of an inward socket (what a preview connects to). */
interface HostListener {
  inward: Inward;
  server: net.Server;
  port: number;
}

export interface BridgeOptions {
  dataDir: string;
  tools: BridgeTools | null;
  /** Called for every helper started (and with null when it ends): recorded for recovery. */
  onHelper?: (pid: number, started: boolean) => void;
}

/** The network namespace of `pid` as the kernel names it (`net:[4026532180]`), or null. */
export function netNamespaceOf(pid: number | 'self'): string | null {
  try {
    return fs.readlinkSync(`/proc/${pid}/ns/net`);
  } catch {
    return null;
  }
}

async function waitForSocket(file: string, socat: ServiceProcess, ms: number): Promise<boolean> {
  let exited = false;
  void socat.exited.then(() => (exited = true));
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !exited) {
    if (fs.existsSync(file)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

const alive = (socat: ServiceProcess): boolean => socat.child.exitCode === null && socat.child.signalCode === null;

export class PreviewBridges {
  private readonly inward = new Map<string, Promise<Inward>>();
  private readonly listeners = new Map<string, Promise<HostListener>>();
  private readonly dir: string;

  constructor(private readonly options: BridgeOptions) {
    this.dir = path.join(options.dataDir, 'sandbox', 'bridge');
  }

  get available(): boolean {
    return this.options.tools !== null;
  }

  /**
   * The host unix socket that reaches `port` inside the network namespace `holderPid` is in (a
   * process of `ownerPid`'s sandbox): a preview's host listener pipes to it, and another contained
   * command of the same agent has it bound in to reach that port (ownServices.ts): on 127.0.0.1
   * there, or on [::1] for `family` v6.
   */
  async socketFor(ownerPid: number, holderPid: number, port: number, family: LoopbackFamily = 'v4'): Promise<string> {
    return (await this.inwardFor(ownerPid, holderPid, port, family)).socketPath;
  }

  /** The host port that reaches `port` (on 127.0.0.1 there, or [::1] for v6) inside the network namespace `holderPid` (a process of `ownerPid`'s sandbox) is in. */
  async reach(ownerPid: number, holderPid: number, port: number, family: LoopbackFamily = 'v4'): Promise<number> {
    const inward = await this.inwardFor(ownerPid, holderPid, port, family);
    let pending = this.listeners.get(inward.socketPath);
    if (pending) {
      const listener = await pending.catch(() => null);
      if (listener && listener.inward === inward) return listener.port;
      this.listeners.delete(inward.socketPath);
      listener?.server.close();
    }
    pending = this.listen(inward);
    this.listeners.set(inward.socketPath, pending);
    try {
      return (await pending).port;
    } catch (error) {
      this.listeners.delete(inward.socketPath);
      throw error;
    }
  }

  private async inwardFor(
    ownerPid: number,
    holderPid: number,
    port: number,
    family: LoopbackFamily = 'v4',
  ): Promise<Inward> {
    const ns = netNamespaceOf(holderPid);
    if (ns === null) throw new Error(`the process ${holderPid} is gone`);
    const key = `${/\d+/.exec(ns)?.[0] ?? ns}-${port}${family === 'v6' ? '-6' : ''}`;
    let pending = this.inward.get(key);
    if (pending) {
      const inward = await pending.catch(() => null);
      if (inward && alive(inward.socat)) return inward;
      this.inward.delete(key);
      if (inward) this.closeInward(inward);
    }
    pending = this.open(key, ownerPid, holderPid, family === 'v6' ? `TCP6:[::1]:${port}` : `TCP:127.0.0.1:${port}`);
    this.inward.set(key, pending);
    try {
      return await pending;
    } catch (error) {
      this.inward.delete(key);
      throw error;
    }
  }

  /** `target`: the socat address inside the namespace (loopback and port only). */
  private async open(key: string, ownerPid: number, holderPid: number, target: string): Promise<Inward> {
    const tools = this.options.tools;
    if (!tools)
      throw new Error(
        'previews of contained processes need socat and nsenter (Debian/Ubuntu: sudo apt-get install socat util-linux)',
      );
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const socketPath = path.join(this.dir, `${key}.sock`);
    fs.rmSync(socketPath, { force: true });
    const inner = [
      tools.nsenter,
      `--target=${holderPid}`,
      '--net',
      '--',
      tools.socat,
      `UNIX-LISTEN:${socketPath},fork,mode=600,unlink-early`,
      target,
    ];
    const argv = tools.setpriv ? [tools.setpriv, '--pdeathsig', 'KILL', '--', ...inner] : inner;
    const socat = spawnService(
      { program: argv[0]!, args: argv.slice(1), cwd: '/', env: { PATH: '/usr/bin:/bin' } },
      'bridge',
    );
    this.options.onHelper?.(socat.pid, true);
    void socat.exited.then(() => this.options.onHelper?.(socat.pid, false));
    if (!(await waitForSocket(socketPath, socat, 5_000))) {
      signalGroup(socat.pid, 'SIGKILL');
      throw new Error(`the preview bridge into the sandbox did not start (nsenter into process ${holderPid})`);
    }
    return { key, ownerPid, socat, socketPath };
  }

  private async listen(inward: Inward): Promise<HostListener> {
    const server = net.createServer((client) => {
      const upstream = net.connect({ path: inward.socketPath });
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    const listening = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
    return { inward, server, port: listening };
  }

  private closeInward(inward: Inward): void {
    signalGroup(inward.socat.pid, 'SIGKILL');
    fs.rmSync(inward.socketPath, { force: true });
    const listener = this.listeners.get(inward.socketPath);
    if (listener) {
      this.listeners.delete(inward.socketPath);
      void listener.then(
        (l) => l.server.close(),
        () => undefined,
      );
    }
  }

  /** Ends every bridge into the sandbox of a process that stopped or exited. */
  async closeFor(ownerPid: number): Promise<void> {
    for (const [key, pending] of this.inward) {
      const inward = await pending.catch(() => null);
      if (inward && inward.ownerPid === ownerPid) {
        this.inward.delete(key);
        this.closeInward(inward);
      }
    }
  }

  async closeAll(): Promise<void> {
    const all = [...this.inward.values()];
    this.inward.clear();
    for (const pending of all) {
      const inward = await pending.catch(() => null);
      if (inward) this.closeInward(inward);
    }
  }

  killAllSync(): void {
    // No await at process exit: the setpriv death signal ends the helpers too.
    this.inward.clear();
    this.listeners.clear();
  }
}
