// The JavaScript runners' own summary lines and failure blocks, read from output without escape
// sequences. Each reader needs its runner's own signature (vitest's "Tests  … (n)", mocha's
// "n passing"), so a package script is recognised by what it ran, not by its name.
import { labelled, num, sumCounts, summed, type RunnerReader, type TestCounts } from '../types';

const counted = (c: Record<string, number>, ...skipped: string[]): TestCounts => ({
  passed: c.passed ?? 0,
  failed: c.failed ?? 0,
  skipped: skipped.reduce((n, key) => n + (c[key] ?? 0), 0),
});

/** vitest: "      Tests  1 failed | 2 passed | 1 skipped (4)" (not "Test Files"); "Tests  no tests" is no count. */
export const vitest: RunnerReader = {
  runner: 'vitest',
  label: 'vitest',
  counts: (lines) =>
    summed(lines, /^\s*Tests\s{2,}(.*\d.*?)\s*\(\d+\)\s*$/, (m) => counted(labelled(m[1]!, /\|/), 'skipped', 'todo')),
  failures: [{ start: /^\s?FAIL\s+\S/, stopBefore: /^\s?FAIL\s+\S/, stopAt: /^⎯+\[\d+\/\d+\]⎯/ }],
};

/** jest: "Tests:       1 failed, 1 skipped, 2 passed, 4 total". */
export const jest: RunnerReader = {
  runner: 'jest',
  label: 'jest',
  counts: (lines) =>
    summed(lines, /^\s*Tests:\s+(.+total)\s*$/, (m) => counted(labelled(m[1]!, /,/), 'skipped', 'todo')),
  failures: [{ start: /^\s{2}● /, stopBefore: /^\s{2}● |^(PASS|FAIL) |^Test Suites:/ }],
};

/** mocha: "  2 passing (40ms)", "  1 pending", "  1 failing"; a run that crashed before them has no count. */
export const mocha: RunnerReader = {
  runner: 'mocha',
  label: 'mocha',
  counts(lines) {
    const found: TestCounts[] = [];
    for (const line of lines) {
      const passing = /^\s*(\d+) passing(?: \(\d+(?:\.\d+)?m?s\))?\s*$/.exec(line);
      if (passing) found.push({ passed: num(passing[1]), failed: 0, skipped: 0 });
      const other = /^\s*(\d+) (failing|pending)\s*$/.exec(line);
      if (other && found.length > 0) {
        const last = found[found.length - 1];
        if (other[2] === 'failing') last!.failed += num(other[1]);
        else last!.skipped += num(other[1]);
      }
    }
    return sumCounts(found);
  },
  failures: [{ start: /^\s{2}\d+\) \S/, armedBy: /^\s*\d+ failing\s*$/, stopBefore: /^\s{2}\d+\) \S|^\s*\d+ passing/ }],
};

/**
 * ava: "2 tests passed", "1 test failed", "1 test skipped", "1 known failure", "1 test todo". With
 * failures ava omits the passed line, so the ✔ lines are counted then. "1 uncaught exception"
 * alone (a file that did not load) counts no test.
 */
export const ava: RunnerReader = {
  runner: 'ava',
  label: 'ava',
  counts(lines) {
    const c: Record<string, number> = {};
    let summary = false;
    for (const line of lines) {
      const m = /^\s*(\d+) (?:tests? (passed|failed|skipped|todo)|(known failures?))\s*$/.exec(line);
      if (!m) continue;
      summary = true;
      const key = m[2] ?? 'known';
      c[key] = (c[key] ?? 0) + num(m[1]);
    }
    if (!summary) return null;
    const ticks = lines.filter((line) => /^\s*✔ /.test(line)).length;
    return {
      passed: c.passed ?? ticks,
      failed: c.failed ?? 0,
      skipped: (c.skipped ?? 0) + (c.todo ?? 0) + (c.known ?? 0),
    };
  },
  failures: [
    { start: /^\s*✘ \[fail\]: / },
    { start: /^\s{2}─\s*$/, stopBefore: /^\s{2}─\s*$|^\s*\d+ tests? (?:passed|failed)/ },
  ],
};

/** node-tap: "# { total: 4, pass: 2, fail: 1, skip: 1 }". */
export const tap: RunnerReader = {
  runner: 'tap',
  label: 'tap',
  counts: (lines) =>
    summed(lines, /^# \{ total: \d+((?:, \w+: \d+)*) \}\s*$/, (m) => {
      const c: Record<string, number> = {};
      for (const [, key, value] of m[1]!.matchAll(/(\w+): (\d+)/g)) c[key!] = num(value);
      return { passed: c.pass ?? 0, failed: c.fail ?? 0, skipped: (c.skip ?? 0) + (c.todo ?? 0) };
    }),
  failures: [{ start: /^\s*not ok \d+ - /, stopAt: /^\s*\.\.\.\s*$/, stopBefore: /^\s*(?:not )?ok \d+ - / }],
};

/** node --test: TAP "# tests 4 … # pass 2 # fail 1 # skipped 1", or the spec reporter's "ℹ pass 2". */
export const nodeTest: RunnerReader = {
  runner: 'node',
  label: 'node --test',
  counts(lines) {
    const found: TestCounts[] = [];
    for (const line of lines) {
      const m = /^[#ℹ] (tests|pass|fail|cancelled|skipped|todo) (\d+)\s*$/.exec(line.trim());
      if (!m) continue;
      if (m[1] === 'tests') {
        found.push({ passed: 0, failed: 0, skipped: 0 });
        continue;
      }
      const last = found[found.length - 1];
      if (!last) continue;
      if (m[1] === 'pass') last.passed += num(m[2]);
      if (m[1] === 'fail' || m[1] === 'cancelled') last.failed += num(m[2]);
      if (m[1] === 'skipped' || m[1] === 'todo') last.skipped += num(m[2]);
    }
    return sumCounts(found);
  },
  failures: [
    { start: /^\s*not ok \d+ - /, stopAt: /^\s*\.\.\.\s*$/, stopBefore: /^\s*(?:not )?ok \d+ - |^# Subtest: / },
    { start: /^\s*✖ (?!failing tests:)/, continueWhile: /^(\s|$)/ },
  ],
};

/** bun test: " 1 pass", " 1 skip", " 1 fail", then "Ran 3 tests across 1 files." */
export const bunTest: RunnerReader = {
  runner: 'bun',
  label: 'bun test',
  counts(lines) {
    if (!lines.some((l) => /^Ran \d+ tests? across \d+ files?/.test(l.trim()))) return null;
    const read = (kind: string) =>
      lines.reduce((n, l) => {
        const m = new RegExp(`^(\\d+) ${kind}$`).exec(l.trim());
        return m ? n + num(m[1]) : n;
      }, 0);
    return { passed: read('pass'), failed: read('fail'), skipped: read('skip') + read('todo') };
  },
  failures: [{ start: /^\s*(?:\(fail\)|✗) / }, { start: /^error: /, stopAt: /^\s*(?:\(fail\)|✗) / }],
};

/** deno test: "ok | 2 passed | 0 failed | 1 ignored (12ms)" or "FAILED | 1 passed | 1 failed (7ms)". */
export const denoTest: RunnerReader = {
  runner: 'deno',
  label: 'deno test',
  counts: (lines) =>
    summed(lines, /^(?:ok|FAILED) \| (.+) \(\d+(?:\.\d+)?m?s\)\s*$/, (m) => {
      const c = labelled(m[1]!, /\|/);
      return { passed: c.passed ?? 0, failed: c.failed ?? 0, skipped: c.ignored ?? 0 };
    }),
  failures: [
    {
      start: /^\S.* => \S+:\d+:\d+\s*$/,
      armedBy: /^\s*ERRORS\s*$/,
      stopBefore: /^\S.* => \S+:\d+:\d+\s*$|^\s*FAILURES\s*$/,
    },
  ],
};

/**
 * playwright test: after "Running 4 tests using 1 worker", "  1 failed", "  1 skipped",
 * "  2 passed (11.0s)", "  1 flaky", "  1 did not run", "  1 interrupted".
 */
export const playwright: RunnerReader = {
  runner: 'playwright',
  label: 'playwright test',
  counts(lines) {
    const runs = lines.reduce((n, l) => (/^Running \d+ tests? using \d+ workers?/.test(l.trim()) ? n + 1 : n), 0);
    if (runs === 0) return null;
    const c: Record<string, number> = {};
    let any = false;
    for (const line of lines) {
      const m = /^ {2}(\d+) (passed|failed|skipped|flaky|did not run|interrupted)(?: \(.+\))?\s*$/.exec(line);
      if (!m) continue;
      any = true;
      c[m[2]!] = (c[m[2]!] ?? 0) + num(m[1]);
    }
    if (!any) return null;
    return {
      passed: (c.passed ?? 0) + (c.flaky ?? 0),
      failed: (c.failed ?? 0) + (c.interrupted ?? 0),
      skipped: (c.skipped ?? 0) + (c['did not run'] ?? 0),
    };
  },
  failures: [{ start: /^\s{2}\d+\) .+ › /, stopBefore: /^\s{2}\d+\) .+ › |^\s{2}\d+ (?:passed|failed|flaky|skipped)/ }],
};

export const JAVASCRIPT_READERS: readonly RunnerReader[] = [
  vitest,
  jest,
  mocha,
  ava,
  tap,
  nodeTest,
  bunTest,
  denoTest,
  playwright,
];
