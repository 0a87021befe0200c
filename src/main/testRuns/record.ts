// Recording a finished command as a test run (seed 003 §11, SPEC §12). A run of a real test runner
// is stored with the counts its own summary lines gave; a check that is not a test run (a
// typecheck, a lint, a script that ran no runner) is stored with no runner, so the metric after it
// reads "not measurable" instead of a zero that would mean "nothing is failing" with nothing tested.
import type { Db } from '../store/database';
import { insertTestRun, type TestRun } from '../store/testRuns';
import { readRun } from './read';

/** The output tail kept per run: enough for the summary lines, never the whole log. */
export const OUTPUT_TAIL_BYTES = 20 * 1024;

export interface RecordInput {
  agentId: string;
  directory: string;
  argv: readonly string[];
  exitCode: number | null;
  output: string;
}

/** Records the command when it is a test run or a check; returns the row, or null when neither. */
export function recordIfTestRun(db: Db, input: RecordInput): TestRun | null {
  const reading = readRun(input.argv, input.output);
  if (!reading.testRun && !reading.recorded) return null;
  // Counts are read from the whole output the command left (summary lines sit at the end, but a
  // runner may print one per package); only the tail is stored.
  const counts = reading.testRun ? reading.counts : null;
  return insertTestRun(db, {
    agentId: input.agentId,
    directory: input.directory,
    command: input.argv.join(' '),
    // The runners by name ("vitest", "vitest, node"), or the script's program when it printed no count.
    runner: reading.testRun ? (reading.runners.length > 0 ? reading.runners.join(', ') : reading.label) : null,
    passed: counts?.passed ?? null,
    failed: counts?.failed ?? null,
    skipped: counts?.skipped ?? null,
    exitCode: input.exitCode,
    outputTail: tail(input.output, OUTPUT_TAIL_BYTES),
  });
}

/** The last `bytes` of the output, cut on a character boundary. */
function tail(output: string, bytes: number): string {
  const buffer = Buffer.from(output, 'utf8');
  if (buffer.length <= bytes) return output;
  return buffer
    .subarray(buffer.length - bytes)
    .toString('utf8')
    .replace(/^\uFFFD+/, '');
}

export interface TestRunRecorder {
  /** An agent's command finished: recorded when a test run; the bytes of output kept, or null when none was. */
  commandFinished(finished: RecordInput): number | null;
  /** The owner's own test run finished: true when one was recorded. */
  ownerRunFinished(finished: RecordInput): boolean;
}

/** Every run whose program is a real test runner is recorded, its tail with it; `onRecorded` hears an agent's. */
export function createTestRunRecorder(db: Db, onRecorded: (agentId: string) => void): TestRunRecorder {
  return {
    commandFinished(finished) {
      const recorded = recordIfTestRun(db, finished);
      if (recorded === null) return null;
      onRecorded(finished.agentId);
      return Buffer.byteLength(recorded.outputTail, 'utf8');
    },
    ownerRunFinished: (finished) => recordIfTestRun(db, finished) !== null,
  };
}
