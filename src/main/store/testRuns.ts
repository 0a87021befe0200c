// Repository for `test_runs` and the failing_tests metric (seed 003 §11, SPEC §12).
// A run of a real test runner is stored with the counts its own summary lines gave; a check that is
// not a test run (a typecheck, a lint) is stored with no runner, so the metric after it reads
// "not measurable" instead of a zero that would mean "nothing is failing" with nothing tested.
import type { Db } from './database';
import { detectRunner, isCheckCommand, parseCounts, type TestRunner } from '../git/testRunners';

/** The output tail kept per run: enough for the summary lines, never the whole log. */
export const OUTPUT_TAIL_BYTES = 20 * 1024;

export interface TestRun {
  id: number;
  agentId: string;
  directory: string;
  command: string;
  runner: TestRunner | null;
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
    runner: row.runner as TestRunner | null,
    passed: row.passed,
    failed: row.failed,
    skipped: row.skipped,
    exitCode: row.exit_code,
    outputTail: row.output_tail,
    createdAt: row.created_at,
  };
}

export interface RecordInput {
  agentId: string;
  directory: string;
  argv: readonly string[];
  exitCode: number | null;
  output: string;
}

/** Records the command when it is a test run or a check; returns the row, or null when neither. */
export function recordIfTestRun(db: Db, input: RecordInput): TestRun | null {
  const runner = detectRunner(input.argv);
  if (!runner && !isCheckCommand(input.argv)) return null;
  // Counts are parsed from the whole output (summary lines sit at the end, but a runner may print
  // one per package); only the tail is kept.
  const counts = runner ? parseCounts(runner, input.output) : null;
  const info = db
    .prepare(
      `INSERT INTO test_runs (agent_id, directory, command, runner, passed, failed, skipped, exit_code, output_tail, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      input.agentId,
      input.directory,
      input.argv.join(' '),
      runner,
      counts?.passed ?? null,
      counts?.failed ?? null,
      counts?.skipped ?? null,
      input.exitCode,
      tail(input.output, OUTPUT_TAIL_BYTES),
      new Date().toISOString(),
    );
  return getRun(db, Number(info.lastInsertRowid));
}

function getRun(db: Db, id: number): TestRun | null {
  const row = db.prepare<[number], TestRunRow>('SELECT * FROM test_runs WHERE id = ?').get(id);
  return row ? toTestRun(row) : null;
}

/** The last 20 KB of the output, cut on a character boundary. */
function tail(output: string, bytes: number): string {
  const buffer = Buffer.from(output, 'utf8');
  if (buffer.length <= bytes) return output;
  return buffer.subarray(buffer.length - bytes).toString('utf8').replace(/^\uFFFD+/, '');
}

export function lastRun(db: Db, agentId: string, directory: string): TestRun | null {
  const row = db
    .prepare<[string, string], TestRunRow>('SELECT * FROM test_runs WHERE agent_id = ? AND directory = ? ORDER BY id DESC LIMIT 1')
    .get(agentId, directory);
  return row ? toTestRun(row) : null;
}

/** Oldest first, the last `limit` runs: what the window's small chart draws. */
export function history(db: Db, agentId: string, directory: string, limit = 50): TestRun[] {
  const rows = db
    .prepare<[string, string, number], TestRunRow>('SELECT * FROM test_runs WHERE agent_id = ? AND directory = ? ORDER BY id DESC LIMIT ?')
    .all(agentId, directory, limit);
  return rows.map(toTestRun).reverse();
}

export type FailingTests = { measurable: true; failing: number } | { measurable: false; reason: string };

/** The metric of one run, exactly per seed 003 §11: never a zero that was not counted. */
export function measureRun(run: TestRun | null): FailingTests {
  if (!run) return { measurable: false, reason: 'no test run is recorded for this workspace' };
  if (!run.runner) return { measurable: false, reason: `the last run (${run.command}) was not a test runner` };
  if (run.failed === null) {
    return run.exitCode === 0
      ? { measurable: false, reason: `the last run (${run.command}) printed no summary Paddock can read` }
      : { measurable: false, reason: `the last run (${run.command}) failed without saying how many tests failed` };
  }
  if (run.exitCode !== 0 && run.exitCode !== null && run.failed === 0) {
    return { measurable: false, reason: `the last run (${run.command}) failed (exit ${run.exitCode}) although its summary counted no failing test` };
  }
  return { measurable: true, failing: run.failed };
}

export function failingTests(db: Db, agentId: string, directory: string | null): FailingTests {
  if (directory === null) return { measurable: false, reason: 'this agent has no workspace' };
  return measureRun(lastRun(db, agentId, directory));
}
