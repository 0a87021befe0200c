// The Python, Go and Rust runners' own summary lines and failure blocks.
import { labelled, num, sumCounts, summed, type RunnerReader, type TestCounts } from '../types';

/** pytest: "==== 1 failed, 2 passed, 1 skipped in 1.59s ====" (also -q without the rules); errors fail. */
export const pytest: RunnerReader = {
  runner: 'pytest',
  label: 'pytest',
  counts: (lines) =>
    summed(
      lines.map((line) => line.trim()),
      /^=*\s*((?:\d+ (?:failed|passed|skipped|deselected|xfailed|xpassed|errors?|warnings?)(?:, )?)+) in [\d.]+s/,
      (m) => {
        const c = labelled(m[1]!, /,/);
        return {
          passed: (c.passed ?? 0) + (c.xpassed ?? 0),
          failed: (c.failed ?? 0) + (c.error ?? 0) + (c.errors ?? 0),
          skipped: (c.skipped ?? 0) + (c.xfailed ?? 0),
        };
      },
    ),
  failures: [{ start: /^_{3,} .+ _{3,}$/, stopBefore: /^_{3,} .+ _{3,}$|^={3,}/ }, { start: /^(?:FAILED|ERROR) \S/ }],
};

/** unittest: "Ran 4 tests in 0.003s" then "OK (skipped=1)" or "FAILED (failures=1, errors=1, skipped=1)". */
export const unittest: RunnerReader = {
  runner: 'unittest',
  label: 'unittest',
  counts(lines) {
    const found: TestCounts[] = [];
    lines.forEach((line, i) => {
      const ran = /^Ran (\d+) tests? in [\d.]+s$/.exec(line.trim());
      if (!ran) return;
      const verdict = lines.slice(i + 1).find((l) => /^(OK|FAILED)\b/.test(l.trim()));
      if (!verdict) return;
      const details: Record<string, number> = {};
      for (const m of verdict.matchAll(/(\w+)=(\d+)/g)) details[m[1]!] = num(m[2]);
      const failed = (details.failures ?? 0) + (details.errors ?? 0) + (details.unexpected_successes ?? 0);
      const skipped = (details.skipped ?? 0) + (details.expected_failures ?? 0);
      found.push({ passed: num(ran[1]) - failed - skipped, failed, skipped });
    });
    return sumCounts(found);
  },
  failures: [{ start: /^(?:FAIL|ERROR): \S/, stopBefore: /^={20,}$|^Ran \d+ tests? in / }],
};

/**
 * go test: "--- FAIL: Name" / "--- PASS:" / "--- SKIP:" at the start of a line (top-level tests;
 * subtests are indented). Without -v a passing package prints only "ok  pkg", so passed may be 0;
 * a package that failed to build prints "FAIL pkg [build failed]" and no count, which is not a count.
 */
export const goTest: RunnerReader = {
  runner: 'go',
  label: 'go test',
  counts(lines) {
    const count = (kind: string) => lines.filter((l) => l.startsWith(`--- ${kind}: `)).length;
    const packages = lines.filter(
      (l) => /^(ok|FAIL)\s+\S+\s+[\d.]+s/.test(l) || /^ok\s+\S+\s+\(cached\)/.test(l),
    ).length;
    if (lines.some((l) => /^FAIL\s+\S+\s+\[(build|setup) failed\]/.test(l))) return null;
    if (packages === 0 && count('FAIL') + count('PASS') === 0) return null;
    return { passed: count('PASS'), failed: count('FAIL'), skipped: count('SKIP') };
  },
  failures: [{ start: /^\s*--- FAIL: /, continueWhile: /^\s{4,}\S/ }],
};

/** cargo test: every "test result: ok. 2 passed; 0 failed; 1 ignored; …" line (unit, integration, doc tests). */
export const cargoTest: RunnerReader = {
  runner: 'cargo',
  label: 'cargo test',
  counts: (lines) =>
    summed(
      lines.map((line) => line.trim()),
      /^test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored/,
      (m) => ({
        passed: num(m[1]),
        failed: num(m[2]),
        skipped: num(m[3]),
      }),
    ),
  failures: [{ start: /^---- \S+ stdout ----$/, stopBefore: /^---- \S+ stdout ----$|^failures:$/ }],
};

/** cargo nextest: "     Summary [   0.006s] 4 tests run: 2 passed, 1 failed, 1 skipped" (timed out counts as failed). */
export const nextest: RunnerReader = {
  runner: 'nextest',
  label: 'cargo nextest',
  // nextest shows each failing test's captured libtest output, "test result:" lines included.
  supersedes: ['cargo'],
  counts: (lines) =>
    summed(lines, /^\s*Summary \[\s*[\d.]+s\] (\d+) tests? run: (.+)$/, (m) => {
      const c: Record<string, number> = {};
      for (const part of m[2]!.split(',')) {
        const p = /(\d+) (passed|failed|skipped|timed out|exec failed)/.exec(part.trim());
        if (p) c[p[2]!] = (c[p[2]!] ?? 0) + num(p[1]);
      }
      return {
        passed: c.passed ?? 0,
        failed: (c.failed ?? 0) + (c['timed out'] ?? 0) + (c['exec failed'] ?? 0),
        skipped: c.skipped ?? 0,
      };
    }),
  failures: [
    { start: /^\s*(?:FAIL|TIMEOUT|SIGSEGV|SIGABRT) \[\s*[\d.]+s\] / },
    {
      start: /^\s*(?:-{2,}|─{2,}) STD(?:OUT|ERR): +\S/,
      stopBefore:
        /^\s*(?:-{2,}|─{2,}) STD(?:OUT|ERR): +\S|^\s*(?:PASS|FAIL|SKIP|TIMEOUT|SIGSEGV|SIGABRT) \[|^\s*[-─]{5,}\s*$|^\s*Summary \[/,
    },
  ],
};

export const NATIVE_READERS: readonly RunnerReader[] = [pytest, unittest, goTest, cargoTest, nextest];
