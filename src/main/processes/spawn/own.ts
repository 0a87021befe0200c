// Paddock's and the owner's own helpers, never wrapped and no agent command: a service (the preview
// bridge's socat), a child the caller owns (git under the hardened runner, ripgrep, the opener),
// a helper's text (lsof, ps), a short synchronous probe.
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import { scrubbedEnv } from '../env';
import { sealed } from '../fdTable';
import { checkCommand, SpawnError, type Command, type SpawnPurpose } from '../command';
import { spawnGroup } from './groupChild';

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
export function spawnChild(
  program: string,
  args: readonly string[],
  purpose: SpawnPurpose,
  options: ChildSpawnOptions,
): ChildProcess {
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
      child = spawn(program, [...args], {
        env: options.env ?? scrubbedEnv(process.env),
        stdio: sealed(['ignore', 'pipe', 'pipe']),
        windowsHide: true,
      });
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
    const timer = setTimeout(
      () => fail(new Error(`${program} timed out after ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
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
      const exitError =
        code === 0 ? null : Object.assign(new Error(`Command failed: ${program} ${args.join(' ')}`), { code, signal });
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
export function runSync(
  command: Command,
  purpose: SpawnPurpose,
  timeoutMs: number,
  input?: string,
  maxBuffer = 16 * 1024 * 1024,
): SyncResult {
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
