// The agent's own services, reachable from its contained commands (issue 31 §3): a dev server or an
// API it started with `start` listens on its own sandbox's loopback, and its later `run` (another
// sandbox, another network namespace) must reach it on 127.0.0.1:<port>, and nothing else of the
// host. Which ports: those the agent's running processes themselves hold in LISTEN state inside
// their sandboxes (read from /proc, as the preview resolves them), never a port Paddock or anyone
// else holds on the host. How: the preview's inward bridge (bridge.ts, a socat inside the started
// process's namespace on a host unix socket), bound into the command's sandbox, where a socat
// listens on 127.0.0.1:<port> (profile.ts, loopbackLauncher).
import type { OwnServiceSocket } from './profile';

export interface OwnServicesDeps {
  /** The running processes of every agent (the supervisor's rows). */
  running(): readonly { agentId: string; pid: number }[];
  /** The host socket that reaches `port` in the namespace of `holderPid` (PreviewBridges.socketFor). */
  socketFor(ownerPid: number, holderPid: number, port: number): Promise<string>;
  /** The loopback ports `pid` and its group hold in LISTEN state, each with a pid inside when in another namespace (preview/procListeners.ts, synchronous). */
  listening(pid: number): readonly { port: number; sandboxedIn?: number }[];
}

/** One call's look at the agent's own services, taken once: the ports found, and their bridges when the command starts. */
export interface OwnServicesScan {
  readonly ports: readonly number[];
  /** A host socket for each port found (one that cannot be bridged, its process gone meanwhile, is left out). */
  sockets(): Promise<OwnServiceSocket[]>;
}

export interface OwnServices {
  /** The ports, read once, and the bridges to exactly those (a prepared call keeps this one scan). */
  scan(agentId: string): OwnServicesScan;
  /** The ports the agent's own running processes listen on inside their sandboxes (the policy reads these: no card for them). */
  portsOf(agentId: string): number[];
  /** For a contained command about to start: a host socket for each of those ports (one that cannot be bridged is left out). */
  socketsFor(agentId: string): Promise<OwnServiceSocket[]>;
}

interface OwnPort {
  port: number;
  ownerPid: number;
  holderPid: number;
}

export function createOwnServices(deps: OwnServicesDeps): OwnServices {
  function ownPorts(agentId: string): OwnPort[] {
    const found = new Map<number, OwnPort>();
    for (const row of deps.running()) {
      if (row.agentId !== agentId) continue;
      for (const socket of deps.listening(row.pid)) {
        // Only a socket in the process's own sandbox: one on the host's loopback is not the sandbox's to reach.
        if (socket.sandboxedIn === undefined || found.has(socket.port)) continue;
        found.set(socket.port, { port: socket.port, ownerPid: row.pid, holderPid: socket.sandboxedIn });
      }
    }
    return [...found.values()].sort((a, b) => a.port - b.port);
  }

  async function bridge(found: readonly OwnPort[]): Promise<OwnServiceSocket[]> {
    const bridged = await Promise.all(
      found.map(async (own) => {
        try {
          return { port: own.port, socket: await deps.socketFor(own.ownerPid, own.holderPid, own.port) };
        } catch {
          // The process ended meanwhile, or the bridge could not start: that port is simply not reachable.
          return null;
        }
      }),
    );
    return bridged.filter((own): own is OwnServiceSocket => own !== null);
  }

  function scan(agentId: string): OwnServicesScan {
    const found = ownPorts(agentId);
    return { ports: found.map((own) => own.port), sockets: () => bridge(found) };
  }

  return {
    scan,
    portsOf: (agentId) => scan(agentId).ports.slice(),
    socketsFor: (agentId) => scan(agentId).sockets(),
  };
}
