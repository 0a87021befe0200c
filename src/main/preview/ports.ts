// Port resolution for previews and screenshots (SPEC §9, seed 003 §12): the port behind a process
// name is resolved on every request and must be one the process itself is listening on.
import { createProcListeners, listeningSocketsLinux } from './procListeners';
import { listeningSocketsLsof } from './lsofListeners';
import type {
  ListeningSocket,
  ListeningSocketsOf,
  PortResolution,
  RunningProcess,
  RunningProcessLookup,
  SandboxBridge,
} from './types';

/** The platform's way of finding a pid's listening sockets, per request (Linux: /proc; macOS: lsof). */
export function createListeningSockets(): ListeningSocketsOf {
  if (process.platform === 'darwin') return (pid) => listeningSocketsLsof(pid);
  return createProcListeners();
}

/** The loopback ports `pid` and its descendants in its process group are listening on (a full scan). */
export async function listeningPorts(pid: number): Promise<Set<number>> {
  const sockets = process.platform === 'darwin' ? await listeningSocketsLsof(pid) : await listeningSocketsLinux(pid);
  return new Set(sockets.map((s) => s.port));
}

const POSTGRES_PORT = 5432;

/** Refused whatever the process does: privileged ports, the database port, Paddock's own listeners. */
export function refusedPortReason(port: number, ownPorts: readonly number[]): string | null {
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return `refused: ${port} is not a TCP port`;
  if (port < 1024) return `refused: port ${port} is privileged and is never previewed`;
  if (port === POSTGRES_PORT) return 'refused: port 5432 (PostgreSQL) is never previewed';
  if (ownPorts.includes(port)) return `refused: port ${port} is one of Paddock's own listeners`;
  return null;
}

export interface PortResolverDeps {
  lookup: RunningProcessLookup;
  /** Paddock's own listeners (the window's and the preview's), read on every call. */
  ownPorts(): readonly number[];
  /** Injected for tests; defaults to the platform's. */
  listeningSockets?: ListeningSocketsOf;
  /** For a process in the sandbox: the host port of the bridge into its network namespace. */
  bridge?: SandboxBridge;
}

export type PortResolver = (name: string, requestedPort?: number) => Promise<PortResolution>;

/** The resolver, and its synchronous answer from sockets still held (undefined: ask the asynchronous one). */
export type HeldPortResolver = PortResolver & {
  held(name: string, requestedPort?: number): PortResolution | undefined;
};

/**
 * How long the sockets found for one process are taken as still held without asking again (issue 22
 * item 4: a readlink per request was a tenth of the proxy's cost). Keyed by pid and OS start time, so
 * a new process (or a recycled pid) is never answered from another's; re-checked after this window,
 * so an app that moves its listener within its life is followed within a second.
 */
const RECHECK_MS = 1_000;
const MAX_HELD = 256;

type Choice = { ok: true; socket: ListeningSocket } | { ok: false; reason: string };

/** The socket a preview of `name` may reach among those the process holds (the requested port, else the lowest acceptable). */
function chooseSocket(
  name: string,
  pid: number,
  sockets: readonly ListeningSocket[],
  wanted: number | undefined,
  own: readonly number[],
): Choice {
  if (wanted !== undefined) {
    const socket = sockets.find((s) => s.port === wanted);
    if (socket !== undefined) return { ok: true, socket };
    return {
      ok: false,
      reason: `refused: "${name}" (pid ${pid}) is not listening on port ${wanted}; only a port the process itself holds is previewed`,
    };
  }
  const socket = sockets.find((s) => refusedPortReason(s.port, own) === null);
  if (socket !== undefined) return { ok: true, socket };
  return { ok: false, reason: `"${name}" (pid ${pid}) is not listening on any port Paddock can preview` };
}

/**
 * Resolves a process name to the port a preview may reach: the requested or declared port when the
 * process really listens on it, else the lowest acceptable port it listens on. `held` answers the same
 * without waiting when the process's sockets were read within RECHECK_MS (the proxy's per-request path).
 */
export function createPortResolver(deps: PortResolverDeps): HeldPortResolver {
  const socketsOf = deps.listeningSockets ?? createListeningSockets();
  const held = new Map<string, { sockets: ListeningSocket[]; at: number }>();
  const keyOf = (running: RunningProcess, wanted: number | undefined): string =>
    `${running.pid}:${running.startTime}:${wanted ?? '*'}`;
  const socketsHeld = async (running: RunningProcess, wanted: number | undefined): Promise<ListeningSocket[]> => {
    const key = keyOf(running, wanted);
    const now = performance.now();
    const known = held.get(key);
    if (known !== undefined && now - known.at < RECHECK_MS) return known.sockets;
    const sockets = await socketsOf(running.pid, wanted);
    if (sockets.length === 0) held.delete(key);
    else {
      if (held.size >= MAX_HELD) held.clear();
      held.set(key, { sockets, at: now });
    }
    return sockets;
  };

  /** The checks before any socket is read: a running process and an acceptable wanted port. */
  const precheck = (
    name: string,
    requestedPort: number | undefined,
  ):
    | { ok: false; reason: string }
    | { ok: true; running: RunningProcess; own: readonly number[]; wanted: number | undefined } => {
    const running = deps.lookup.findRunning(name);
    if (running === null) return { ok: false, reason: `no process named "${name}" is running` };
    const own = deps.ownPorts();
    const wanted = requestedPort ?? running.port ?? undefined;
    if (wanted !== undefined) {
      const refused = refusedPortReason(wanted, own);
      if (refused !== null) return { ok: false, reason: refused };
    }
    return { ok: true, running, own, wanted };
  };

  const resolve: PortResolver = async (name, requestedPort) => {
    const pre = precheck(name, requestedPort);
    if (!pre.ok) return pre;
    const { running, own, wanted } = pre;
    // The supervisor answers from memory; a process that exited is gone from it before this line.
    const choice = chooseSocket(name, running.pid, await socketsHeld(running, wanted), wanted, own);
    if (!choice.ok) return choice;
    const chosen = choice.socket;
    if (chosen.sandboxedIn !== undefined) {
      // Inside the sandbox's own network namespace: only the bridge reaches it (never host loopback).
      if (!deps.bridge)
        return { ok: false, reason: `"${name}" listens inside the sandbox, and this Paddock has no bridge into it` };
      try {
        const port = await deps.bridge(running.pid, chosen.sandboxedIn, chosen.port, chosen.host);
        return { ok: true, port, host: '127.0.0.1', pid: running.pid, agentId: running.agentId };
      } catch (error) {
        return {
          ok: false,
          reason: `"${name}" listens inside the sandbox on port ${chosen.port}, but ${(error as Error).message}`,
        };
      }
    }
    return { ok: true, port: chosen.port, host: chosen.host, pid: running.pid, agentId: running.agentId };
  };

  const heldNow = (name: string, requestedPort?: number): PortResolution | undefined => {
    const pre = precheck(name, requestedPort);
    if (!pre.ok) return pre;
    const { running, own, wanted } = pre;
    const known = held.get(keyOf(running, wanted));
    if (known === undefined || performance.now() - known.at >= RECHECK_MS) return undefined;
    const choice = chooseSocket(name, running.pid, known.sockets, wanted, own);
    if (!choice.ok) return choice;
    // A socket in the sandbox goes through the bridge, which may have to open: the asynchronous path.
    if (choice.socket.sandboxedIn !== undefined) return undefined;
    return { ok: true, port: choice.socket.port, host: choice.socket.host, pid: running.pid, agentId: running.agentId };
  };

  return Object.assign(resolve, { held: heldNow });
}
