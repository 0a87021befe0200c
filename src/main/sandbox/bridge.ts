// Previews across the sandbox's network namespace (SPEC §14, issue 13 §3). A dev server in the
// sandbox listens on the sandbox's own loopback, which no host process can reach. For each
// (namespace, port) a preview asks for, Paddock starts one socat inside that network namespace
// (nsenter --net: network only, host files and credentials) that listens on a unix socket in
// `<data>/sandbox/bridge/` (0700) and forwards to 127.0.0.1:<port> inside; a host listener on
// 127.0.0.1:0 pipes to that socket. The preview proxy and screenshots connect to the host port
// as to any dev server. Nothing in the sandbox can reach the host through it: the bridge only
// ever connects inward.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { signalGroup } from '../processes/group';
import { spawnService, type ServiceProcess } from '../processes/spawn';

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

interface Bridge {
  key: string;
  /** The supervisor's pid of the process (the sandbox's leader), for closing at stop. */
  ownerPid: number;
  socat: ServiceProcess;
  server: net.Server;
  port: number;
  socketPath: string;
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

export class PreviewBridges {
  private readonly bridges = new Map<string, Promise<Bridge>>();
  private readonly dir: string;

  constructor(private readonly options: BridgeOptions) {
    this.dir = path.join(options.dataDir, 'sandbox', 'bridge');
  }

  get available(): boolean {
    return this.options.tools !== null;
  }

  /** The host port that reaches `port` inside the network namespace `holderPid` (a process of `ownerPid`'s sandbox) is in. */
  async reach(ownerPid: number, holderPid: number, port: number): Promise<number> {
    const ns = netNamespaceOf(holderPid);
    if (ns === null) throw new Error(`the process ${holderPid} is gone`);
    const key = `${/\d+/.exec(ns)?.[0] ?? ns}-${port}`;
    let pending = this.bridges.get(key);
    if (pending) {
      const bridge = await pending.catch(() => null);
      if (bridge && bridge.socat.child.exitCode === null && bridge.socat.child.signalCode === null) return bridge.port;
      this.bridges.delete(key);
      if (bridge) this.closeBridge(bridge);
    }
    pending = this.open(key, ownerPid, holderPid, port);
    this.bridges.set(key, pending);
    try {
      return (await pending).port;
    } catch (error) {
      this.bridges.delete(key);
      throw error;
    }
  }

  private async open(key: string, ownerPid: number, holderPid: number, port: number): Promise<Bridge> {
    const tools = this.options.tools;
    if (!tools) throw new Error('previews of contained processes need socat and nsenter (Debian/Ubuntu: sudo apt-get install socat util-linux)');
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const socketPath = path.join(this.dir, `${key}.sock`);
    fs.rmSync(socketPath, { force: true });
    const inner = [tools.nsenter, `--target=${holderPid}`, '--net', '--', tools.socat, `UNIX-LISTEN:${socketPath},fork,mode=600,unlink-early`, `TCP:127.0.0.1:${port}`];
    const argv = tools.setpriv ? [tools.setpriv, '--pdeathsig', 'KILL', '--', ...inner] : inner;
    const socat = spawnService({ program: argv[0], args: argv.slice(1), cwd: '/', env: { PATH: '/usr/bin:/bin' } }, 'bridge');
    this.options.onHelper?.(socat.pid, true);
    void socat.exited.then(() => this.options.onHelper?.(socat.pid, false));
    if (!(await waitForSocket(socketPath, socat, 5_000))) {
      signalGroup(socat.pid, 'SIGKILL');
      throw new Error(`the preview bridge into the sandbox did not start (nsenter into process ${holderPid})`);
    }
    const server = net.createServer((client) => {
      const upstream = net.connect({ path: socketPath });
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    const listening = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
    return { key, ownerPid, socat, server, port: listening, socketPath };
  }

  private closeBridge(bridge: Bridge): void {
    signalGroup(bridge.socat.pid, 'SIGKILL');
    bridge.server.close();
    fs.rmSync(bridge.socketPath, { force: true });
  }

  /** Ends every bridge into the sandbox of a process that stopped or exited. */
  async closeFor(ownerPid: number): Promise<void> {
    for (const [key, pending] of this.bridges) {
      const bridge = await pending.catch(() => null);
      if (bridge && bridge.ownerPid === ownerPid) {
        this.bridges.delete(key);
        this.closeBridge(bridge);
      }
    }
  }

  async closeAll(): Promise<void> {
    const all = [...this.bridges.values()];
    this.bridges.clear();
    for (const pending of all) {
      const bridge = await pending.catch(() => null);
      if (bridge) this.closeBridge(bridge);
    }
  }

  killAllSync(): void {
    // No await at process exit: the setpriv death signal ends the helpers too.
    this.bridges.clear();
  }
}
