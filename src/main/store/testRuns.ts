// Repository for `test_runs` (seed 003 §11, SPEC §12): SQL only. What is a test run, and what its
// counts are, is decided in src/main/testRuns/.
import type { Db } from './database';

export interface TestRun {
  id: number;
  agentId: string;
  directory: string;
  command: string;
  /** What ran ("vitest", "vitest, node --test", "npm" when a test script printed no count); null for a check. */
  runner: string | null;
  passed: number | null;
  failed: number | null;
  skipped: number | null;
  exitCode: number | null;
  outputTail: string;
  createdAt: string;
}

interface TestRunRow {
  id: number;
  agent_id: string;
  directory: string;
  command: string;
  runner: string | null;
  passed: number | null;
  failed: number | null;
  skipped: number | null;
  exit_code: number | null;
  output_tail: string;
  created_at: string;
}

function toTestRun(row: TestRunRow): TestRun {
  return {
    id: row.id,
    agentId: row.agent_id,
    directory: row.directory,
    command: row.command,
    runner: row.runner,
    passed: row.passed,
    failed: row.failed,
    skipped: row.skipped,
    exitCode: row.exit_code,
    outputTail: row.output_tail,
    createdAt: row.created_at,
  };
}

export interface NewTestRun {
  agentId: string;
  directory: string;
  command: string;
  runner: string | null;
  passed: number | null;
  failed: number | null;
  skipped: number | null;
  exitCode: number | null;
  outputTail: string;
}

export function insertTestRun(db: Db, run: NewTestRun): TestRun {
  const info = db
    .prepare(
      `INSERT INTO test_runs (agent_id, directory, command, runner, passed, failed, skipped, exit_code, output_tail, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      run.agentId,
      run.directory,
      run.command,
      run.runner,
      run.passed,
      run.failed,
      run.skipped,
      run.exitCode,
      run.outputTail,
      new Date().toISOString(),
    );
  return getRun(db, Number(info.lastInsertRowid)) as TestRun;
}

function getRun(db: Db, id: number): TestRun | null {
  const row = db.prepare<[number], TestRunRow>('SELECT * FROM test_runs WHERE id = ?').get(id);
  return row ? toTestRun(row) : null;
}

export function lastRun(db: Db, agentId: string, directory: string): TestRun | null {
  const row = db
    .prepare<[string, string], TestRunRow>(
      'SELECT * FROM test_runs WHERE agent_id = ? AND directory = ? ORDER BY id DESC LIMIT 1',
    )
    .get(agentId, directory);
  return row ? toTestRun(row) : null;
}

/** Oldest first, the last `limit` runs: what the window's small chart draws. */
export function history(db: Db, agentId: string, directory: string, limit = 50): TestRun[] {
  const rows = db
    .prepare<[string, string, number], TestRunRow>(
      'SELECT * FROM test_runs WHERE agent_id = ? AND directory = ? ORDER BY id DESC LIMIT ?',
    )
    .all(agentId, directory, limit);
  return rows.map(toTestRun).reverse();
}
