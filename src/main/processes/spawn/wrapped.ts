// The other programs the sandbox may wrap: a pseudo-terminal (bash, the owner's terminal), one of
// Paddock's own programs with stdout and stdin (git for checkpoints), and a process that talks
// over its pipes (an MCP server of an agent's).
import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { spawn as spawnPty, type IPty } from 'node-pty';
import { terminateGroup } from '../group';
import { TailBuffer } from '../tail';
import { closerShell, fdCloser } from '../fdCloser';
import {
  accessCode,
  checkCommand,
  identityWrapper,
  SpawnError,
  spawnFailure,
  type Command,
  type CommandWrapper,
} from '../command';
import { spawnGroup } from './groupChild';

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
  const closer =
    process.platform === 'win32'
      ? []
      : fdCloser({
          shell: closerShell(fs.existsSync),
          fdDir: process.platform === 'linux' ? '/proc/self/fd' : '/dev/fd',
          open: null,
        });
  const argv = [...closer, command.program, ...command.args];
  return spawnPty(argv[0]!, argv.slice(1), {
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
      if (failed)
        reject(new SpawnError(`${path.basename(command.program)} ${command.args[0] ?? ''} was stopped: ${failed}`));
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
