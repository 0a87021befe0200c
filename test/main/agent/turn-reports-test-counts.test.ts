// A turn's end notification says "tests pass" from the call's outcome, never from text: the run
// tool reads a test runner's own summary into counts, which the call's outcome carries
// (command.failingTests); shared/attention.ts reads that.
import { describe, expect, it } from 'vitest';
import { testCounts } from '../../../src/main/tools/run';

describe('test counts as data', () => {
  it("the run tool reads a runner's own summary into counts, and nothing from a command that is no test run", () => {
    const vitest = ' Test Files  1 failed | 2 passed (3)\n      Tests  2 failed | 5 passed (7)\n';
    expect(testCounts(['npx', 'vitest', 'run'], vitest)).toEqual({ failed: 2, passed: 5, skipped: 0 });
    expect(testCounts(['echo', 'Tests  2 failed | 5 passed (7)'], 'Tests  2 failed | 5 passed (7)\n')).toBeNull();
  });
});
