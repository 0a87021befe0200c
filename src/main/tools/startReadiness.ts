// When a started process is ready (issue 16): it listens on a port (the declared one, if given), or,
// with no port declared, prints a ready line ("ready", "Local:", "listening"); else after a bounded
// wait `start` says it is not ready yet. A preview or screenshot right after `start` then does not
// race the server.
import type { ProcessRow } from '../store/processes';

export const READY_LINE = /\bready\b|\bLocal:|\blistening\b/i;
export const DEFAULT_READY_WAIT_MS = 10_000;
const POLL_MS = 100;

export type Readiness =
  | { kind: 'listening'; port: number }
  | { kind: 'ready_line'; line: string }
  | { kind: 'exited' }
  | { kind: 'not_ready'; waitedMs: number };

export interface ReadinessProbe {
  /** Resolves true as soon as the process exits, false after `ms`. */
  exitedWithin(row: ProcessRow, ms: number): Promise<boolean>;
  /** Output from the start of its log. */
  outputText(): string;
  /** The loopback ports the process (and its group) listens on. */
  listeningPorts(pid: number): Promise<Set<number>>;
}

export async function waitUntilReady(
  row: ProcessRow,
  probe: ReadinessProbe,
  options: { port: number | null; waitMs: number; signal?: AbortSignal },
): Promise<Readiness> {
  const started = Date.now();
  for (;;) {
    const ports = await probe.listeningPorts(row.pid).catch(() => new Set<number>());
    if (options.port !== null ? ports.has(options.port) : ports.size > 0) {
      return { kind: 'listening', port: options.port ?? Math.min(...ports) };
    }
    if (options.port === null) {
      const line = probe
        .outputText()
        .split('\n')
        .find((text) => READY_LINE.test(text));
      if (line !== undefined) return { kind: 'ready_line', line: line.trim().slice(0, 200) };
    }
    const waited = Date.now() - started;
    if (waited >= options.waitMs || options.signal?.aborted) return { kind: 'not_ready', waitedMs: waited };
    if (await probe.exitedWithin(row, Math.min(POLL_MS, options.waitMs - waited))) return { kind: 'exited' };
  }
}

/** The sentence `start` adds about readiness. */
export function readinessSentence(name: string, readiness: Readiness, next: number): string {
  switch (readiness.kind) {
    case 'listening':
      return `It is listening on port ${readiness.port}.`;
    case 'ready_line':
      return `It printed a ready line: ${JSON.stringify(readiness.line)}.`;
    case 'exited':
      return 'It exited.';
    case 'not_ready':
      return `It is not listening yet after ${Math.round(readiness.waitedMs / 1000)} s; call output {name: "${name}", since: ${next}} to see why, or wait and try again.`;
  }
}
