// The failing_tests metric (seed 003 §11, SPEC §12): the last run's own count, or "not measurable"
// with the reason — never a zero that was not counted.
import type { Db } from '../store/database';
import { lastRun, type TestRun } from '../store/testRuns';

export type FailingTests = { measurable: true; failing: number } | { measurable: false; reason: string };

/** The metric of one run, exactly per seed 003 §11. */
export function measureRun(run: TestRun | null): FailingTests {
  if (!run) return { measurable: false, reason: 'no test run is recorded for this workspace' };
  if (!run.runner) return { measurable: false, reason: `the last run (${run.command}) was not a test runner` };
  if (run.failed === null) {
    return run.exitCode === 0
      ? { measurable: false, reason: `the last run (${run.command}) printed no summary Paddock can read` }
      : { measurable: false, reason: `the last run (${run.command}) failed without saying how many tests failed` };
  }
  if (run.exitCode !== 0 && run.exitCode !== null && run.failed === 0) {
    return {
      measurable: false,
      reason: `the last run (${run.command}) failed (exit ${run.exitCode}) although its summary counted no failing test`,
    };
  }
  return { measurable: true, failing: run.failed };
}

export function failingTests(db: Db, agentId: string, directory: string | null): FailingTests {
  if (directory === null) return { measurable: false, reason: 'this agent has no workspace' };
  return measureRun(lastRun(db, agentId, directory));
}
