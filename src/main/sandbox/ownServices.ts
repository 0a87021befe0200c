// The agent's own services, reachable from its contained commands (issue 31 §3): a dev server or an
// API it started with `start` listens on its own sandbox's loopback, and its later `run` (another
// sandbox, another network namespace) must reach it on 127.0.0.1:<port> or [::1]:<port>, as the
// process itself listens, and nothing else of the host. Which ports: those the agent's running
// processes themselves hold in LISTEN state inside their sandboxes (read from /proc, as the preview
// resolves them), never a port Paddock or anyone else holds on the host. How: the preview's inward
// bridge (bridge.ts, a socat inside the started process's namespace on a host unix socket), linked
// into the command's own directory and bound into its sandbox, where a socat listens on that
// loopback port (profile.ts, loopbackLauncher); ports opened while the command runs are added to it
// (ownReach.ts).
import fs from 'node:fs';
import { openOwnReach, type OwnPort, type OwnReach } from './ownReach';
import { forwardablePort, type LoopbackFamily } from './profile';

export interface OwnServicesDeps {
  /** The running processes of every agent (the supervisor's rows). */
  running(): readonly { agentId: string; pid: number }[];
  /** The host socket that reaches `port` on that loopback in the namespace of `holderPid` (PreviewBridges.socketFor). */
  socketFor(ownerPid: number, holderPid: number, port: number, family: LoopbackFamily): Promise<string>;
  /** The loopbacks and ports `pid` and its group accept connections on, each with a pid inside when in another namespace (preview/procListeners.ts scanListeningFamilies, synchronous). */
  listening(pid: number): readonly { port: number; family: LoopbackFamily; sandboxedIn?: number }[];
  /** Where each contained command's own services directory is made (`<data>/sandbox/own`); emptied at start. */
  dir: string;
  /** How often a running command looks for ports its agent's processes opened since (default 250 ms). */
  pollMs?: number;
}

/** One call's look at the agent's own services, taken once: the ports found, and the reach of its command when it starts. */
export interface OwnServicesScan {
  readonly ports: readonly number[];
  /**
   * For the command about to start: its own services directory, holding a socket for each port
   * found (one that cannot be bridged, its process gone meanwhile, is left out) and kept current
   * while it runs; null when the agent had no running process to reach.
   */
  reach(): Promise<OwnReach | null>;
}

export interface OwnServices {
  /** The ports, read once, and the reach to exactly those, then to those opened later (a prepared call keeps this one scan). */
  scan(agentId: string): OwnServicesScan;
}

export const DEFAULT_OWN_POLL_MS = 250;

export function createOwnServices(deps: OwnServicesDeps): OwnServices {
  // Nothing of a previous Paddock's commands outlives it (their sandboxes die with it): their directories neither.
  fs.rmSync(deps.dir, { recursive: true, force: true });

  /** The agent's own (port, loopback) pairs now, and whether it has any running process at all. */
  function ownPorts(agentId: string): { found: OwnPort[]; anyRunning: boolean } {
    const found = new Map<string, OwnPort>();
    let anyRunning = false;
    for (const row of deps.running()) {
      if (row.agentId !== agentId) continue;
      anyRunning = true;
      for (const socket of deps.listening(row.pid)) {
        // Only a socket in the process's own sandbox: one on the host's loopback is not the sandbox's to reach.
        const key = `${socket.port}/${socket.family}`;
        if (socket.sandboxedIn === undefined || !forwardablePort(socket.port) || found.has(key)) continue;
        found.set(key, { port: socket.port, family: socket.family, ownerPid: row.pid, holderPid: socket.sandboxedIn });
      }
    }
    return { found: [...found.values()].sort((a, b) => a.port - b.port), anyRunning };
  }

  function scan(agentId: string): OwnServicesScan {
    const { found, anyRunning } = ownPorts(agentId);
    return {
      ports: [...new Set(found.map((own) => own.port))],
      // Only on Linux is a started process in a network namespace of its own, the command's to be bridged into.
      reach: async () =>
        anyRunning && process.platform === 'linux'
          ? openOwnReach({
              parent: deps.dir,
              initial: found,
              find: () => ownPorts(agentId).found,
              bridge: (own) => deps.socketFor(own.ownerPid, own.holderPid, own.port, own.family),
              pollMs: deps.pollMs ?? DEFAULT_OWN_POLL_MS,
            })
          : null,
    };
  }

  return { scan };
}
