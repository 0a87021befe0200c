// Long-lived processes an agent started (`start`, `output`, `stop`; seed 003 §4, SPEC §6): at most
// four per agent, a name one agent's at a time across the installation, each row identified by
// (pid, OS start time) so a recycled pid is a stale row, never a signal sent to a stranger.
import path from 'node:path';
import { createAgentsRepository } from '../store/agents';
import type { Db } from '../store/database';
import { createProcessesRepository, type ProcessRow, type ProcessesRepository } from '../store/processes';
import { DEFAULT_KILL_GRACE_MS, signalGroup, terminateGroup } from './group';
import { isSameProcess, readStartTime } from './identity';
import { DEFAULT_OUTPUT_CHUNK_BYTES, readLogChunk } from './logs';
import { spawnLongLived, type LongLivedProcess } from './spawn';
import type { CommandWrapper } from './command';
import { GROUP_TAG_NAME, type GroupLedger } from './ledger';
import { groupTree, killLeftTheGroup, readProcTable } from './tree';

export const MAX_PROCESSES_PER_AGENT = 4;
/** Names appear in log file names and preview paths: letters, digits, '-' and '_' only. */
export const PROCESS_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
const AGENT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export class SupervisorError extends Error {}

export interface SupervisorDeps {
  db: Db;
  dataDir: string;
  wrap?: CommandWrapper;
  /** Records every group and ends its tagged stragglers when it ends (issue 14 §3). */
  ledger?: GroupLedger;
  maxPerAgent?: number;
  killGraceMs?: number;
  outputChunkBytes?: number;
}

export interface StartRequest {
  name: string;
  program: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  port?: number | null;
  /** This command's sandbox wrapper (per agent); the supervisor's default otherwise. */
  wrap?: CommandWrapper;
}

export type ProcessEvent = {
  type: 'started' | 'exited' | 'stopped' | 'stale';
  agentId: string;
  name: string;
  pid: number;
  port: number | null;
  exitCode: number | null;
};

export interface OutputChunk {
  text: string;
  next: number;
  running: boolean;
  exitCode: number | null;
  status: ProcessRow['status'];
}

interface Live {
  process: LongLivedProcess;
  stopping: boolean;
  /** Why Paddock itself is stopping it (kept on its row for the window); undefined for a Stop. */
  stopReason?: string;
  tag: string | null;
}

export class Supervisor {
  private readonly store: ProcessesRepository;
  private readonly live = new Map<number, Live>();
  private readonly listeners = new Set<(event: ProcessEvent) => void>();
  private readonly grace: number;
  private readonly maxPerAgent: number;

  constructor(private readonly deps: SupervisorDeps) {
    this.store = createProcessesRepository(deps.db);
    this.grace = deps.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
    this.maxPerAgent = deps.maxPerAgent ?? MAX_PROCESSES_PER_AGENT;
  }

  /** `<data>/developer/logs/<agent>.<name>.log` (seed 003 §11). */
  logPathFor(agentId: string, name: string): string {
    return path.join(this.deps.dataDir, 'developer', 'logs', `${agentId}.${name}.log`);
  }

  start(agentId: string, request: StartRequest): ProcessRow {
    const { name } = request;
    if (!AGENT_ID.test(agentId)) throw new SupervisorError(`refused: \`${agentId}\` is not a valid agent id`);
    if (!PROCESS_NAME.test(name)) {
      throw new SupervisorError(
        `refused: a process name is 1–40 letters, digits, '-' or '_' (starting with a letter or digit), not \`${name}\``,
      );
    }
    const mine = this.store.runningForAgent(agentId);
    const holder = this.store.runningByName(name);
    if (holder && holder.agentId === agentId) {
      throw new SupervisorError(
        `refused: a process named \`${name}\` is already running for this agent; stop it first or choose another name`,
      );
    }
    if (holder) {
      throw new SupervisorError(
        `refused: the name \`${name}\` belongs to agent ${this.agentLabel(holder.agentId)}; a process name belongs to one agent at a time across the installation`,
      );
    }
    if (mine.length >= this.maxPerAgent) {
      const names = mine.map((row) => `\`${row.name}\``).join(', ');
      throw new SupervisorError(
        `refused: this agent already runs ${this.maxPerAgent} processes (${names}); stop one first`,
      );
    }
    const logPath = this.logPathFor(agentId, name);
    const tag = this.deps.ledger?.newTag() ?? null;
    const env = tag ? { ...request.env, [GROUP_TAG_NAME]: tag } : request.env;
    const spawned = spawnLongLived({ ...request, env, logPath, wrap: request.wrap ?? this.deps.wrap });
    if (tag) this.deps.ledger?.started(spawned.pid, tag, 'start', agentId);
    // The child is ours and unreaped until its 'exit' is handled: its pid cannot be recycled yet.
    const startTime = readStartTime(spawned.pid);
    let row: ProcessRow;
    try {
      if (startTime === null) throw new Error('the process exited before its start time could be read');
      row = this.store.insert({
        name,
        agentId,
        pid: spawned.pid,
        startTime,
        argv: [request.program, ...request.args],
        cwd: request.cwd,
        port: request.port ?? null,
        logPath,
      });
    } catch (error) {
      signalGroup(spawned.pid, 'SIGKILL');
      throw new SupervisorError(`could not record process \`${name}\`: ${(error as Error).message}`);
    }
    const entry: Live = { process: spawned, stopping: false, tag };
    this.live.set(row.id, entry);
    void spawned.exited.then(({ exitCode }) => this.onLeaderExit(row, entry, exitCode));
    this.emit({ type: 'started', agentId, name, pid: row.pid, port: row.port, exitCode: null });
    return row;
  }

  private onLeaderExit(row: ProcessRow, entry: Live, exitCode: number | null): void {
    this.live.delete(row.id);
    // What the leader left running in its group is part of this process: it ends with it, and so
    // does what left the group (setsid, double fork) but still carries the tag.
    void terminateGroup(row.pid, this.grace).then(() => {
      if (entry.tag) this.deps.ledger?.ended(row.pid, entry.tag);
    });
    const status = entry.stopping ? 'stopped' : 'exited';
    if (this.store.end(row.id, status, exitCode, entry.stopping ? entry.stopReason : undefined)) {
      this.emit({ type: status, agentId: row.agentId, name: row.name, pid: row.pid, port: row.port, exitCode });
    }
  }

  /** A line of Paddock's in a running process's log (where `output` reads it); false when it no longer runs. */
  note(agentId: string, name: string, sentence: string): boolean {
    for (const [id, entry] of this.live) {
      const row = this.store.get(id);
      if (row && row.agentId === agentId && row.name === name) {
        entry.process.note(sentence);
        return true;
      }
    }
    return false;
  }

  /** Whether the process of `row` exits within `ms` (start waits briefly to report an early failure). */
  async exitedWithin(row: ProcessRow, ms: number): Promise<boolean> {
    const entry = this.live.get(row.id);
    if (!entry) return this.store.get(row.id)?.status !== 'running';
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const exited = await Promise.race([entry.process.exited.then(() => true as const), timeout]);
    clearTimeout(timer);
    return exited;
  }

  output(agentId: string, name: string, since?: number): OutputChunk {
    const row = this.store.latestForAgent(agentId, name);
    if (!row) throw new SupervisorError(`no process named \`${name}\` was started by this agent`);
    const chunk = readLogChunk(row.logPath, since, this.deps.outputChunkBytes ?? DEFAULT_OUTPUT_CHUNK_BYTES);
    return {
      text: chunk.text,
      next: chunk.next,
      running: row.status === 'running',
      exitCode: row.exitCode,
      status: row.status,
    };
  }

  /** Stops one of the agent's own processes; an agent never stops another's. */
  /**
   * Stops the agent's running process of this name. `reason`: Paddock stops it itself (not a Stop
   * of the owner's or the agent's), and the window says why until the owner dismisses it. `now`:
   * killed at once, with no SIGTERM first (a stop for the fence's sake: a process that caught
   * SIGTERM would run on for the grace, writing where its hold just ended).
   */
  async stop(agentId: string, name: string, reason?: string, now = false): Promise<ProcessRow> {
    const row = this.store.runningForAgent(agentId).find((r) => r.name === name);
    if (!row) {
      const holder = this.store.runningByName(name);
      if (holder)
        throw new SupervisorError(
          `refused: \`${name}\` belongs to another agent; an agent stops only its own processes`,
        );
      throw new SupervisorError(`no process named \`${name}\` is running for this agent`);
    }
    await this.stopRow(row, reason, now);
    return this.store.get(row.id) as ProcessRow;
  }

  async stopAllForAgent(agentId: string): Promise<void> {
    await Promise.all(this.store.runningForAgent(agentId).map((row) => this.stopRow(row)));
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.store.running().map((row) => this.stopRow(row)));
  }

  /** For process 'exit' (no event loop left): SIGKILL every group this run started, synchronously. */
  killAllSync(): void {
    for (const [id, entry] of this.live) {
      entry.stopping = true;
      const tree = groupTree(entry.process.pid, readProcTable());
      signalGroup(entry.process.pid, 'SIGKILL');
      killLeftTheGroup(entry.process.pid, tree);
      if (entry.tag) this.deps.ledger?.ended(entry.process.pid, entry.tag);
      try {
        this.store.end(id, 'stopped', null);
      } catch {
        // The database may already be closed at exit; the next start reconciles the row.
      }
    }
    this.live.clear();
  }

  private async stopRow(row: ProcessRow, reason?: string, now = false): Promise<void> {
    const entry = this.live.get(row.id);
    if (entry) {
      entry.stopping = true;
      entry.stopReason ??= reason;
      await terminateGroup(row.pid, now ? 0 : this.grace);
      await entry.process.exited;
      return; // onLeaderExit records 'stopped'
    }
    // A row this run did not start: signal only when (pid, start time) still match.
    if (isSameProcess(row.pid, row.startTime)) {
      await terminateGroup(row.pid, this.grace);
      this.end(row, 'stopped');
    } else {
      this.end(row, 'stale');
    }
  }

  private end(row: ProcessRow, status: 'stopped' | 'stale'): void {
    if (this.store.end(row.id, status, null)) {
      this.emit({ type: status, agentId: row.agentId, name: row.name, pid: row.pid, port: row.port, exitCode: null });
    }
  }

  /**
   * At start: every row still marked running was left by an earlier run. Its process is gone or
   * its start time differs → stale, never signalled. Still the very process (Paddock crashed
   * without stopping it) → its group is stopped, since nothing would own it otherwise.
   */
  async reconcileAtStart(): Promise<{ stale: number; stopped: number }> {
    const counts = { stale: 0, stopped: 0 };
    await Promise.all(
      this.store.running().map(async (row) => {
        if (this.live.has(row.id)) return;
        if (isSameProcess(row.pid, row.startTime)) {
          await terminateGroup(row.pid, this.grace);
          this.end(row, 'stopped');
          counts.stopped++;
        } else {
          this.end(row, 'stale');
          counts.stale++;
        }
      }),
    );
    return counts;
  }

  /** Running processes for the window (Settings → Developer, the side pane). */
  list(): ProcessRow[] {
    return this.store.running();
  }

  /** Processes Paddock stopped itself, with why, until dismissed or started again (the window's notices). */
  stoppedByPaddock(): ProcessRow[] {
    return this.store.stoppedByPaddock();
  }

  /** The owner has read why: the notice goes. */
  dismissStopReason(agentId: string, name: string): boolean {
    return this.store.dismissStopReason(agentId, name);
  }

  /** The preview listener resolves a process by name alone (SPEC §9). */
  findRunning(name: string): { agentId: string; pid: number; startTime: string; port: number | null } | null {
    const row = this.store.runningByName(name);
    return row ? { agentId: row.agentId, pid: row.pid, startTime: row.startTime, port: row.port } : null;
  }

  onEvent(listener: (event: ProcessEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: ProcessEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure must not leave a process unrecorded.
      }
    }
  }

  private agentLabel(agentId: string): string {
    try {
      const name = createAgentsRepository(this.deps.db).get(agentId)?.name;
      return name !== undefined ? `${name} (${agentId})` : agentId;
    } catch {
      return agentId;
    }
  }
}
