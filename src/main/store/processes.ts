// The `processes` table (SPEC §11): one row per long-lived process an agent started. A row is
// identified by (pid, start_time); the partial unique index makes a running name installation-wide.
import type { Db } from './database';

export type ProcessStatus = 'running' | 'exited' | 'stopped' | 'stale';

export interface ProcessRow {
  id: number;
  name: string;
  agentId: string;
  pid: number;
  startTime: string;
  argv: string[];
  cwd: string;
  port: number | null;
  logPath: string;
  status: ProcessStatus;
  exitCode: number | null;
  startedAt: string;
  endedAt: string | null;
  /** Why Paddock stopped it itself (not the owner's or the agent's Stop), until dismissed. */
  stopReason: string | null;
}

interface RawRow {
  id: number;
  name: string;
  agent_id: string;
  pid: number;
  start_time: string;
  argv: string;
  cwd: string;
  port: number | null;
  log_path: string;
  status: ProcessStatus;
  exit_code: number | null;
  started_at: string;
  ended_at: string | null;
  stop_reason: string | null;
}

function toRow(raw: RawRow): ProcessRow {
  return {
    id: raw.id,
    name: raw.name,
    agentId: raw.agent_id,
    pid: raw.pid,
    startTime: raw.start_time,
    argv: JSON.parse(raw.argv) as string[],
    cwd: raw.cwd,
    port: raw.port,
    logPath: raw.log_path,
    status: raw.status,
    exitCode: raw.exit_code,
    startedAt: raw.started_at,
    endedAt: raw.ended_at,
    stopReason: raw.stop_reason,
  };
}

export interface NewProcessRow {
  name: string;
  agentId: string;
  pid: number;
  startTime: string;
  argv: string[];
  cwd: string;
  port: number | null;
  logPath: string;
}

export interface ProcessesRepository {
  insert(row: NewProcessRow): ProcessRow;
  get(id: number): ProcessRow | null;
  running(): ProcessRow[];
  runningForAgent(agentId: string): ProcessRow[];
  runningByName(name: string): ProcessRow | null;
  /** The agent's most recent row with this name, whatever its status. */
  latestForAgent(agentId: string, name: string): ProcessRow | null;
  /** Ends a running row; a row already ended keeps its first ending. Returns whether it changed. */
  end(id: number, status: Exclude<ProcessStatus, 'running'>, exitCode: number | null, stopReason?: string): boolean;
  /** Each name's latest row when Paddock stopped it itself and the owner has not dismissed it, newest first. */
  stoppedByPaddock(): ProcessRow[];
  /** Dismisses why the agent's latest row of this name was stopped. Returns whether there was one. */
  dismissStopReason(agentId: string, name: string): boolean;
}

export function createProcessesRepository(db: Db): ProcessesRepository {
  const insert = db.prepare(
    `INSERT INTO processes (name, agent_id, pid, start_time, argv, cwd, port, log_path, status, started_at)
     VALUES (@name, @agentId, @pid, @startTime, @argv, @cwd, @port, @logPath, 'running', @startedAt)`,
  );
  const byId = db.prepare('SELECT * FROM processes WHERE id = ?');
  const running = db.prepare("SELECT * FROM processes WHERE status = 'running' ORDER BY id");
  const runningForAgent = db.prepare("SELECT * FROM processes WHERE status = 'running' AND agent_id = ? ORDER BY id");
  const runningByName = db.prepare("SELECT * FROM processes WHERE status = 'running' AND name = ?");
  const latest = db.prepare('SELECT * FROM processes WHERE agent_id = ? AND name = ? ORDER BY id DESC LIMIT 1');
  const end = db.prepare(
    "UPDATE processes SET status = ?, exit_code = ?, ended_at = ?, stop_reason = ? WHERE id = ? AND status = 'running'",
  );
  const stoppedByPaddock = db.prepare(
    `SELECT * FROM processes p WHERE stop_reason IS NOT NULL
       AND id = (SELECT MAX(id) FROM processes q WHERE q.agent_id = p.agent_id AND q.name = p.name)
     ORDER BY id DESC LIMIT 20`,
  );
  const dismiss = db.prepare(
    `UPDATE processes SET stop_reason = NULL
     WHERE id = (SELECT MAX(id) FROM processes WHERE agent_id = ? AND name = ?) AND stop_reason IS NOT NULL`,
  );
  const one = (raw: unknown): ProcessRow | null => (raw ? toRow(raw as RawRow) : null);
  const many = (raws: unknown[]): ProcessRow[] => (raws as RawRow[]).map(toRow);

  return {
    insert(row) {
      const info = insert.run({
        ...row,
        argv: JSON.stringify(row.argv),
        startedAt: new Date().toISOString(),
      });
      return one(byId.get(info.lastInsertRowid)) as ProcessRow;
    },
    get: (id) => one(byId.get(id)),
    running: () => many(running.all()),
    runningForAgent: (agentId) => many(runningForAgent.all(agentId)),
    runningByName: (name) => one(runningByName.get(name)),
    latestForAgent: (agentId, name) => one(latest.get(agentId, name)),
    end: (id, status, exitCode, stopReason) =>
      end.run(status, exitCode, new Date().toISOString(), stopReason ?? null, id).changes > 0,
    stoppedByPaddock: () => many(stoppedByPaddock.all()),
    dismissStopReason: (agentId, name) => dismiss.run(agentId, name).changes > 0,
  };
}
