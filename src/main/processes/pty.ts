// Pseudo-terminal sessions: the owner's terminal in the side pane (never a model tool) and the
// `bash` tool. Output to the window is batched (~16 ms or 200 KB a message, as Hyper does) so a
// flood never freezes the UI (STYLE: IPC).
import os from 'node:os';
import type { IPty } from 'node-pty';
import { DEFAULT_KILL_GRACE_MS, signalGroup, terminateGroup } from './group';
import { createTextCoalescer } from './coalesce';
import { spawnInTerminal } from './spawn';
import type { CommandWrapper } from './command';

export interface TerminalOptions {
  /** Absolute path of the shell (or program). */
  shell: string;
  args?: string[];
  cwd: string;
  env: Record<string, string>;
  cols: number;
  rows: number;
  wrap?: CommandWrapper;
  purpose?: 'terminal' | 'bash';
  killGraceMs?: number;
}

export interface TerminalSession {
  readonly pid: number;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  /** Ends the whole session: SIGHUP, then SIGTERM and SIGKILL to its group. */
  kill(): Promise<void>;
  /** Batched output. */
  onData(listener: (text: string) => void): () => void;
  onExit(listener: (exit: { exitCode: number; signal: string | null }) => void): () => void;
}

export function signalName(signal: number | undefined): string | null {
  if (!signal) return null;
  const entry = Object.entries(os.constants.signals).find(([, n]) => n === signal);
  return entry ? entry[0] : String(signal);
}

export function openTerminal(options: TerminalOptions): TerminalSession {
  const pty: IPty = spawnInTerminal({
    program: options.shell,
    args: options.args ?? [],
    cwd: options.cwd,
    env: options.env,
    cols: options.cols,
    rows: options.rows,
    wrap: options.wrap,
    purpose: options.purpose ?? 'terminal',
  });
  const dataListeners = new Set<(text: string) => void>();
  const exitListeners = new Set<(exit: { exitCode: number; signal: string | null }) => void>();
  const batcher = createTextCoalescer((text) => {
    for (const listener of dataListeners) listener(text);
  });
  let exited = false;
  pty.onData((text) => batcher.push(text));
  pty.onExit(({ exitCode, signal }) => {
    exited = true;
    batcher.flush();
    const exit = { exitCode, signal: signalName(signal) };
    for (const listener of exitListeners) listener(exit);
  });
  const grace = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  return {
    pid: pty.pid,
    write: (data) => {
      if (!exited) pty.write(data);
    },
    resize: (cols, rows) => {
      if (!exited && cols > 0 && rows > 0) pty.resize(Math.floor(cols), Math.floor(rows));
    },
    kill: async () => {
      // node-pty makes the shell a session leader: its pid is the group of every job it started.
      signalGroup(pty.pid, 'SIGHUP');
      await terminateGroup(pty.pid, grace);
    },
    onData: (listener) => {
      dataListeners.add(listener);
      return () => dataListeners.delete(listener);
    },
    onExit: (listener) => {
      exitListeners.add(listener);
      return () => exitListeners.delete(listener);
    },
  };
}

/**
 * The owner's terminals, by id (one per tab). The lead wires open/write/resize/close to the
 * window and forwards onData/onExit; nothing here is reachable by a model.
 */
export class TerminalSessions {
  private readonly sessions = new Map<string, TerminalSession>();
  private readonly dataListeners = new Set<(id: string, text: string) => void>();
  private readonly exitListeners = new Set<(id: string, exitCode: number) => void>();

  constructor(private readonly defaults: { wrap?: CommandWrapper; killGraceMs?: number } = {}) {}

  open(id: string, options: Omit<TerminalOptions, 'purpose'>): TerminalSession {
    if (this.sessions.has(id)) throw new Error(`a terminal with id ${id} is already open`);
    const session = openTerminal({ ...this.defaults, ...options, purpose: 'terminal' });
    this.sessions.set(id, session);
    session.onData((text) => {
      for (const listener of this.dataListeners) listener(id, text);
    });
    session.onExit(({ exitCode }) => {
      this.sessions.delete(id);
      for (const listener of this.exitListeners) listener(id, exitCode);
    });
    return session;
  }

  has(id: string): boolean {
    return this.sessions.has(id);
  }

  write(id: string, data: string): void {
    this.sessions.get(id)?.write(data);
  }

  resize(id: string, cols: number, rows: number): void {
    this.sessions.get(id)?.resize(cols, rows);
  }

  async close(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    await session.kill();
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
  }

  /** SIGKILL every session's group synchronously (process 'exit'). */
  killAllSync(): void {
    for (const session of this.sessions.values()) signalGroup(session.pid, 'SIGKILL');
    this.sessions.clear();
  }

  onData(listener: (id: string, text: string) => void): () => void {
    this.dataListeners.add(listener);
    return () => this.dataListeners.delete(listener);
  }

  onExit(listener: (id: string, exitCode: number) => void): () => void {
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }
}
