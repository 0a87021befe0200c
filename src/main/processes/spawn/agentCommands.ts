// The agent's commands: `run` (one command to completion, bounded) and `start` (long-lived, its
// output into a log). Each leads its own process group, tagged in the ledger so nothing it starts
// outlives it; the sandbox wraps both through `CommandWrapper`.
import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_KILL_GRACE_MS, terminateGroup } from '../group';
import { GROUP_TAG_NAME, type GroupLedger } from '../ledger';
import { LiveStream } from '../live';
import { openProcessLog, pipeIntoLog } from '../logs';
import { TailBuffer, droppedLine } from '../tail';
import {
  accessCode,
  checkCommand,
  identityWrapper,
  spawnFailure,
  type Command,
  type CommandWrapper,
  type SpawnPurpose,
} from '../command';
import { spawnGroup } from './groupChild';

export const DEFAULT_MAX_OUTPUT_BYTES = 200 * 1024;

export interface RunBoundedOptions extends Command {
  timeoutMs: number;
  maxOutputBytes?: number;
  signal?: AbortSignal;
  /** Live text for the window, coalesced and bounded (see LiveStream). */
  onOutput?: (chunk: string) => void;
  /** Every byte as it arrives, unbounded and uncoalesced, for a reader that keeps its own bound (test runs' failure blocks). */
  onRawOutput?: (chunk: Buffer) => void;
  killGraceMs?: number;
  wrap?: CommandWrapper;
  purpose?: SpawnPurpose;
  /** Records the group (and tags its environment) so that nothing it starts outlives it (issue 14 §3). */
  ledger?: GroupLedger;
  agentId?: string;
}

export interface BoundedResult {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  cancelled: boolean;
  elapsedMs: number;
  /** The tail of both streams; starts with a line naming what was dropped when anything was. */
  output: string;
  droppedBytes: number;
}

/**
 * Runs one command to completion with bounded memory: both streams go into one tail buffer of
 * `maxOutputBytes`; a timeout or an abort kills the whole group (SIGTERM, then SIGKILL after a
 * grace). Members of the group left behind when the program exits are ended too: a `run` is
 * one command, and what it leaves running would escape every bound (long-lived work is `start`'s).
 */
export function runBounded(options: RunBoundedOptions): Promise<BoundedResult> {
  const wrap = options.wrap ?? identityWrapper;
  const tag = options.ledger?.newTag() ?? null;
  const env = tag ? { ...options.env, [GROUP_TAG_NAME]: tag } : options.env;
  const command = wrap(
    { program: options.program, args: options.args, cwd: options.cwd, env },
    options.purpose ?? 'run',
  );
  checkCommand(command);
  const grace = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  const tail = new TailBuffer(options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES);
  const live = options.onOutput ? new LiveStream(options.onOutput) : null;
  const started = performance.now();

  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      resolve({
        exitCode: null,
        signal: null,
        timedOut: false,
        cancelled: true,
        elapsedMs: 0,
        output: '',
        droppedBytes: 0,
      });
      return;
    }
    let child: ChildProcess;
    try {
      child = spawnGroup(command, ['ignore', 'pipe', 'pipe']);
    } catch (error) {
      reject(error);
      return;
    }
    const pid = child.pid;
    if (pid !== undefined && tag) options.ledger?.started(pid, tag, options.purpose ?? 'run', options.agentId);
    let exitCode: number | null = null;
    let exitSignal: string | null = null;
    let timedOut = false;
    let cancelled = false;
    let settled = false;
    let killing = false;
    let watchdog: NodeJS.Timeout | null = null;

    const onData = (chunk: Buffer): void => {
      tail.write(chunk);
      live?.push(chunk);
      options.onRawOutput?.(chunk);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);

    const killGroup = (): void => {
      if (killing || pid === undefined) return;
      killing = true;
      void terminateGroup(pid, grace);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    const onAbort = (): void => {
      cancelled = true;
      killGroup();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (): void => {
      if (settled) return;
      settled = true;
      if (pid !== undefined && tag) options.ledger?.ended(pid, tag);
      clearTimeout(timer);
      if (watchdog) clearTimeout(watchdog);
      options.signal?.removeEventListener('abort', onAbort);
      live?.end();
      const text = tail.text();
      const dropped = tail.droppedBytes;
      resolve({
        exitCode,
        signal: exitSignal,
        timedOut,
        cancelled,
        elapsedMs: Math.round(performance.now() - started),
        output: dropped > 0 ? droppedLine(dropped, tail.capacity) + text : text,
        droppedBytes: dropped,
      });
    };

    child.on('error', (error) => {
      if (pid === undefined) {
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        reject(spawnFailure(command.program, error, command.cwd));
      }
    });
    child.on('exit', (code, sig) => {
      exitCode = code;
      exitSignal = sig;
      killGroup();
      // A member that left the group (setsid) may still hold the pipes: stop waiting for them.
      watchdog = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        finish();
      }, grace + 1_000);
    });
    child.on('close', finish);
  });
}

export interface LongLivedOptions extends Command {
  /** Both streams go here, rotated at the bound (logs.ts; the file is truncated first). */
  logPath: string;
  logBoundBytes?: number;
  wrap?: CommandWrapper;
}

export interface LongLivedProcess {
  pid: number;
  child: ChildProcess;
  /** Settles when the group leader exits. */
  exited: Promise<{ exitCode: number | null; signal: string | null }>;
  /** A line of Paddock's in the log, in order with what the process prints (`[paddock] …`). */
  note(sentence: string): void;
}

/** How long a leader's exit waits for its pipes to drain into the log (see spawnLongLived). */
const DRAIN_WAIT_MS = 1000;

/** Starts a long-lived process (`start`): own group, no shell, output to its log file. */
export function spawnLongLived(options: LongLivedOptions): LongLivedProcess {
  const command = (options.wrap ?? identityWrapper)(
    { program: options.program, args: options.args, cwd: options.cwd, env: options.env },
    'start',
  );
  checkCommand(command);
  fs.mkdirSync(path.dirname(options.logPath), { recursive: true, mode: 0o700 });
  const log = openProcessLog(options.logPath, options.logBoundBytes);
  let child: ChildProcess;
  try {
    // Through pipes, not a file descriptor: Paddock writes the log, so it can keep it bounded.
    child = spawnGroup(command, ['ignore', 'pipe', 'pipe']);
  } catch (error) {
    void log.close();
    throw error;
  }
  const drained = pipeIntoLog(log, [child.stdout, child.stderr]);
  // Node reports ENOENT/EACCES as an 'error' event on the next tick; without a listener it throws.
  child.on('error', () => undefined);
  if (child.pid === undefined) {
    const reason = Object.assign(new Error('spawn failed'), { code: accessCode(command) });
    throw spawnFailure(command.program, reason, command.cwd);
  }
  // The exit is reported once what the process printed is in its log, so an `output` read at its
  // exit sees its last words. A descendant that keeps the pipes open cannot hold the report back
  // longer than DRAIN_WAIT_MS (its group is ended when the leader's exit is handled).
  const exited = new Promise<{ exitCode: number | null; signal: string | null }>((resolve) => {
    child.on('exit', (code, sig) => {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((done) => {
        timer = setTimeout(done, DRAIN_WAIT_MS);
      });
      void Promise.race([drained, waited]).then(() => {
        clearTimeout(timer);
        resolve({ exitCode: code, signal: sig });
      });
    });
  });
  const note = (sentence: string): void => void log.append(Buffer.from(`\n[paddock] ${sentence}\n`));
  return { pid: child.pid, child, exited, note };
}
