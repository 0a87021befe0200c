// The one place a process starts for an agent (SPEC §6, §14): run, start, bash and the owner's
// terminal all come through here, so the OS sandbox of a later issue wraps exactly one seam
// (`CommandWrapper`). No shell is ever put in front of an argv here: what was classified is what
// is spawned. Every child leads its own process group, so a kill reaches its grandchildren.
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { spawn as spawnPty, type IPty } from 'node-pty';
import { DEFAULT_KILL_GRACE_MS, terminateGroup } from './group';
import { GROUP_TAG_NAME, type GroupLedger } from './ledger';
import { LiveStream } from './live';
import { openProcessLog, pipeIntoLog } from './logs';
import { TailBuffer, droppedLine } from './tail';
import { scrubbedEnv } from './env';
import { closerShell, fdCloser } from './fdCloser';
import { sealed } from './fdTable';
import { accessCode, checkCommand, identityWrapper, SpawnError, spawnFailure, type Command, type CommandWrapper, type SpawnPurpose } from './command';

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
  const command = wrap({ program: options.program, args: options.args, cwd: options.cwd, env }, options.purpose ?? 'run');
  checkCommand(command);
  const grace = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  const tail = new TailBuffer(options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES);
  const live = options.onOutput ? new LiveStream(options.onOutput) : null;
  const started = performance.now();

  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      resolve({ exitCode: null, signal: null, timedOut: false, cancelled: true, elapsedMs: 0, output: '', droppedBytes: 0 });
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


/** A command in a process group of its own (so it can be ended whole); a synchronous failure as a SpawnError. */
function spawnGroup(command: Command, stdio: StdioOptions): ChildProcess {
  try {
    return spawn(command.program, command.args, { cwd: command.cwd, env: command.env, detached: true, stdio: sealed(stdio), windowsHide: true });
  } catch (error) {
    throw spawnFailure(command.program, error as NodeJS.ErrnoException, command.cwd);
  }
}

export interface ServiceProcess {
  pid: number;
  child: ChildProcess;
  exited: Promise<void>;
}

/**
 * A helper process of Paddock's own (the preview bridge's socat): its own group, no output kept,
 * never wrapped. Throws a SpawnError when it cannot start.
 */
export function spawnService(command: Command, purpose: SpawnPurpose): ServiceProcess {
  checkCommand(command);
  void purpose;
  const child = spawnGroup(command, 'ignore');
  child.on('error', () => undefined);
  if (child.pid === undefined) throw new SpawnError(`could not start ${command.program}`);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { pid: child.pid, child, exited };
}

export interface ChildSpawnOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  stdio: StdioOptions;
  detached?: boolean;
}

/**
 * Paddock's and the owner's own helpers that are no agent command — git under the hardened runner,
 * ripgrep on a held directory, the opener, the editor: started here so that the exec seam stays
 * one (lint forbids child_process elsewhere). Never wrapped; the caller owns the child.
 */
export function spawnChild(program: string, args: readonly string[], purpose: SpawnPurpose, options: ChildSpawnOptions): ChildProcess {
  void purpose;
  return spawn(program, [...args], {
    cwd: options.cwd,
    env: options.env ?? scrubbedEnv(process.env),
    stdio: sealed(options.stdio),
    detached: options.detached ?? false,
    windowsHide: true,
  });
}

export interface TextResult {
  error: Error | null;
  stdout: string;
  stderr: string;
}

/**
 * A helper's whole output as text (lsof, ps, tailscale): argv, no shell, bounded in time and size
 * (past `maxBuffer` or the timeout the helper is killed and `error` says why; a non-zero exit is
 * an error too, as execFile reports it). Spawned here rather than by execFile, which takes no stdio.
 */
export function execFileText(
  program: string,
  args: readonly string[],
  purpose: SpawnPurpose,
  options: { timeoutMs: number; maxBuffer?: number; env?: NodeJS.ProcessEnv },
): Promise<TextResult> {
  void purpose;
  const limit = options.maxBuffer ?? 1024 * 1024;
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(program, [...args], { env: options.env ?? scrubbedEnv(process.env), stdio: sealed(['ignore', 'pipe', 'pipe']), windowsHide: true });
    } catch (error) {
      resolve({ error: error as Error, stdout: '', stderr: '' });
      return;
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let failure: Error | null = null;
    const fail = (error: Error): void => {
      failure ??= error;
      child.kill('SIGTERM');
    };
    const timer = setTimeout(() => fail(new Error(`${program} timed out after ${options.timeoutMs} ms`)), options.timeoutMs);
    const keep = (chunks: Buffer[]) => (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) fail(new Error(`${program}: maxBuffer of ${limit} bytes exceeded`));
      else chunks.push(chunk);
    };
    child.stdout?.on('data', keep(out));
    child.stderr?.on('data', keep(err));
    let settled = false;
    const settle = (error: Error | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ error, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    };
    child.on('error', (error) => {
      if (child.pid === undefined) settle(error);
      else failure ??= error;
    });
    child.on('close', (code, signal) => {
      const exitError = code === 0 ? null : Object.assign(new Error(`Command failed: ${program} ${args.join(' ')}`), { code, signal });
      settle(failure ?? exitError);
    });
  });
}

export interface SyncResult {
  status: number | null;
  stdout: string;
  stderr: string;
  error: string | null;
}

/** A short synchronous command (probes, `ps`): no shell, bounded by `timeoutMs`, never wrapped. */
export function runSync(command: Command, purpose: SpawnPurpose, timeoutMs: number, input?: string, maxBuffer = 16 * 1024 * 1024): SyncResult {
  checkCommand(command);
  void purpose;
  const result = spawnSync(command.program, command.args, {
    cwd: command.cwd,
    env: command.env,
    encoding: 'utf8',
    timeout: timeoutMs,
    input,
    stdio: sealed([input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe']),
    maxBuffer,
    windowsHide: true,
  });
  return {
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? '',
    error: result.error ? result.error.message : null,
  };
}

export interface TerminalSpawnOptions extends Command {
  cols: number;
  rows: number;
  wrap?: CommandWrapper;
  purpose: 'bash' | 'terminal';
}

/** A process on a pseudo-terminal (bash, the owner's terminal). node-pty makes it a session leader; the closer's shell execs it, so its pid is the session's. */
export function spawnInTerminal(options: TerminalSpawnOptions): IPty {
  const command = (options.wrap ?? identityWrapper)(
    { program: options.program, args: options.args, cwd: options.cwd, env: options.env },
    options.purpose,
  );
  checkCommand(command);
  // node-pty forks without closing anything: the closer in front gives the program 0, 1 and 2 only
  // (not another terminal's master), whether the sandbox wrapped it or not.
  const closer = process.platform === 'win32' ? [] : fdCloser({ shell: closerShell(fs.existsSync), fdDir: process.platform === 'linux' ? '/proc/self/fd' : '/dev/fd', open: null });
  const argv = [...closer, command.program, ...command.args];
  return spawnPty(argv[0], argv.slice(1), {
    name: command.env.TERM ?? 'xterm-256color',
    cols: options.cols,
    rows: options.rows,
    cwd: command.cwd,
    env: command.env,
  });
}

export interface CapturedOptions extends Command {
  purpose: 'owner' | 'checkpoint';
  timeoutMs: number;
  /** Written to stdin, then stdin is closed. */
  input?: Buffer | string;
  /** Largest stdout kept (default 64 MB); past it the process is killed and the run fails. */
  maxStdoutBytes?: number;
  wrap?: CommandWrapper;
}

export interface CapturedResult {
  exitCode: number | null;
  stdout: Buffer;
  /** The last 64 KB of stderr. */
  stderr: string;
}

/**
 * Runs one of Paddock's own programs (git for checkpoints) with stdout kept apart from stderr and
 * stdin fed: what plumbing commands need. Bounded like every other run: a timeout or a stdout past
 * its bound kills the group and rejects.
 */
export function runCaptured(options: CapturedOptions): Promise<CapturedResult> {
  const command = (options.wrap ?? identityWrapper)(
    { program: options.program, args: options.args, cwd: options.cwd, env: options.env },
    options.purpose,
  );
  checkCommand(command);
  const limit = options.maxStdoutBytes ?? 64 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawnGroup(command, ['pipe', 'pipe', 'pipe']);
    } catch (error) {
      reject(error);
      return;
    }
    const out: Buffer[] = [];
    let outBytes = 0;
    const err = new TailBuffer(64 * 1024);
    let failed: string | null = null;
    const kill = (why: string): void => {
      failed ??= why;
      if (child.pid !== undefined) void terminateGroup(child.pid, 0);
    };
    const timer = setTimeout(() => kill(`timed out after ${options.timeoutMs} ms`), options.timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > limit) kill(`its output passed ${limit} bytes`);
      else out.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => err.write(chunk));
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input ?? '');
    child.on('error', (error) => {
      clearTimeout(timer);
      if (child.pid === undefined) reject(spawnFailure(command.program, error, command.cwd));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failed) reject(new SpawnError(`${path.basename(command.program)} ${command.args[0] ?? ''} was stopped: ${failed}`));
      else resolve({ exitCode: code, stdout: Buffer.concat(out), stderr: err.text() });
    });
  });
}

export interface PipedOptions extends Command {
  wrap?: CommandWrapper;
  purpose: 'mcp';
}

/**
 * A process that talks over its stdin and stdout (an MCP server of an agent's): own group, no
 * shell, stderr piped for the error row. The caller ends it with `terminateGroup(pid)`.
 */
export function spawnPiped(options: PipedOptions): ChildProcess & { pid: number } {
  const command = (options.wrap ?? identityWrapper)(
    { program: options.program, args: options.args, cwd: options.cwd, env: options.env },
    options.purpose,
  );
  checkCommand(command);
  const child = spawnGroup(command, ['pipe', 'pipe', 'pipe']);
  child.on('error', () => undefined);
  if (child.pid === undefined) {
    const reason = Object.assign(new Error('spawn failed'), { code: accessCode(command) });
    throw spawnFailure(command.program, reason, command.cwd);
  }
  return child as ChildProcess & { pid: number };
}
