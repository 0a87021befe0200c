// The preview's contracts with the rest of the core (SPEC §9, seed 003 §12).

/** What the process supervisor answers for a name; null when no process of that name is running. */
export interface RunningProcess {
  agentId: string;
  pid: number;
  /** OS start time: with the pid, the process's identity (a recycled pid is a stale row). */
  startTime: string;
  /** The port declared with `start {port}`; null when none was declared. */
  port: number | null;
}

export interface RunningProcessLookup {
  findRunning(name: string): RunningProcess | null;
}

/** The address a listening socket is reachable on from this machine's loopback. */
export type LoopbackHost = '127.0.0.1' | '::1';

/** One TCP socket in LISTEN state that belongs to the process (or a descendant in its group). */
export interface ListeningSocket {
  port: number;
  host: LoopbackHost;
  /** Set when the socket lives in another network namespace (the sandbox's): a pid inside it. */
  sandboxedIn?: number;
}

/** Reaches a port inside a sandbox's network namespace from the host, on that loopback there (sandbox/bridge.ts). */
export type SandboxBridge = (ownerPid: number, holderPid: number, port: number, host: LoopbackHost) => Promise<number>;

/** Finds the listening sockets of a pid and its descendants (`wantPort`: may stop once the pid holds it). */
export type ListeningSocketsOf = (pid: number, wantPort?: number) => Promise<ListeningSocket[]>;

export type PortResolution =
  { ok: true; port: number; host: LoopbackHost; pid: number; agentId: string } | { ok: false; reason: string };

export interface PreviewCheck {
  /** The process is running now. */
  ok: boolean;
  /** The first HTML response referenced root-absolute assets (`src="/…"`, `href="/…"`). */
  absoluteAssets: boolean;
}

/** Process names that may appear in a preview path and a cookie name (a cookie token, no `/`). */
export const PREVIEW_NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** The plugin segment of the preview path: only the developer agent's processes are previewed. */
export const PREVIEW_PLUGIN = 'developer';

export function previewPrefix(name: string): string {
  return `/preview/${PREVIEW_PLUGIN}/${name}/`;
}

export interface Viewport {
  width: number;
  height: number;
}

/** Loads `url` in a throwaway browser that may reach that origin only, and returns a PNG. */
export type CapturePage = (url: string, viewport: Viewport) => Promise<Buffer>;
