// Which commands are test runs, and what their own summary lines say (seed 003 §11, SPEC §12).
// Only a real test runner is believed: a green typecheck counted as "0 failing" would settle a goal
// with nothing tested. Counts come from the runners' own summary lines, summed across runners.
import path from 'node:path';

export const TEST_RUNNERS = ['vitest', 'jest', 'pytest', 'unittest', 'go', 'cargo', 'npm', 'pnpm', 'yarn', 'bun', 'node', 'make'] as const;
export type TestRunner = (typeof TEST_RUNNERS)[number];

export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The runner an argv starts, or null. `npx`/`pnpm exec`/`yarn` of vitest or jest count as those. */
export function detectRunner(argv: readonly string[]): TestRunner | null {
  const words = argv.map((word, i) => (i === 0 ? path.basename(word) : word));
  const [program, first, second] = words;
  switch (program) {
    case 'vitest':
    case 'jest':
    case 'pytest':
      return program;
    case 'npx':
    case 'bunx':
      return first === 'vitest' || first === 'jest' || first === 'pytest' ? first : null;
    case 'python':
    case 'python3':
      if (first === '-m' && (second === 'pytest' || second === 'unittest')) return second;
      return null;
    case 'go':
    case 'cargo':
      return first === 'test' ? program : null;
    case 'npm':
    case 'pnpm':
    case 'yarn':
      if (first === 'test' || (program === 'npm' && first === 't') || (first === 'run' && second === 'test')) return program;
      if ((first === 'exec' || program === 'yarn') && (second === 'vitest' || second === 'jest' || first === 'vitest' || first === 'jest')) {
        return (first === 'exec' ? second : first) as 'vitest' | 'jest';
      }
      return null;
    case 'bun':
      return first === 'test' || (first === 'run' && second === 'test') ? 'bun' : null;
    case 'node':
      return words.slice(1).some((w) => w === '--test' || w.startsWith('--test=')) ? 'node' : null;
    case 'make':
      return words.slice(1).includes('test') ? 'make' : null;
    default:
      return null;
  }
}

/** Checks that are not test runs (typecheck, lint, build): recorded so the metric says "not measurable". */
export function isCheckCommand(argv: readonly string[]): boolean {
  const program = argv[0] ? path.basename(argv[0]) : '';
  const first = argv[1];
  if (['tsc', 'mypy', 'eslint', 'ruff', 'black', 'prettier', 'pyright', 'flake8'].includes(program)) return true;
  if (program === 'npx') return argv[1] !== undefined && isCheckCommand(argv.slice(1));
  if (program === 'cargo') return ['check', 'clippy', 'build'].includes(first ?? '');
  if (program === 'go') return ['vet', 'build'].includes(first ?? '');
  if (['npm', 'pnpm', 'yarn', 'bun'].includes(program)) return first === 'run' || ['build', 'lint', 'typecheck'].includes(first ?? '');
  if (program === 'make') return true;
  if ((program === 'python' || program === 'python3') && first === '-m') return ['mypy', 'ruff', 'black'].includes(argv[2] ?? '');
  return false;
}

/** For bash: the first segment of a shell command (split at && || ; |) that starts a runner. */
export function detectRunnerInShellCommand(command: string): { runner: TestRunner | null; argv: string[] } | null {
  for (const segment of command.split(/&&|\|\||;|\||\n/)) {
    const words = segment.trim().split(/\s+/).filter((w) => w.length > 0);
    while (words.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) words.shift();
    if (words.length === 0) continue;
    const runner = detectRunner(words);
    if (runner) return { runner, argv: words };
    if (isCheckCommand(words)) return { runner: null, argv: words };
  }
  return null;
}

type Parser = (output: string) => TestCounts | null;

const num = (text: string | undefined): number => (text ? Number.parseInt(text, 10) : 0);

function sum(list: TestCounts[]): TestCounts | null {
  if (list.length === 0) return null;
  return list.reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }));
}

function labelled(body: string, separator: RegExp): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of body.split(separator)) {
    const m = /(\d+)\s+([a-z]+)/i.exec(part.trim());
    if (m) out[m[2].toLowerCase()] = (out[m[2].toLowerCase()] ?? 0) + num(m[1]);
  }
  return out;
}

const lines = (output: string) => output.split(/\r?\n/);

/** vitest: " Tests  1 failed | 3 passed | 1 skipped (5)" (not the "Test Files" line). */
const vitest: Parser = (output) =>
  sum(lines(output).flatMap((line) => {
    const m = /^\s*Tests\s{2,}(.+?)\s*\(\d+\)\s*$/.exec(line);
    if (!m) return [];
    const c = labelled(m[1], /\|/);
    return [{ passed: c.passed ?? 0, failed: c.failed ?? 0, skipped: (c.skipped ?? 0) + (c.todo ?? 0) }];
  }));

/** jest: "Tests:       1 failed, 1 skipped, 3 passed, 5 total". */
const jest: Parser = (output) =>
  sum(lines(output).flatMap((line) => {
    const m = /^\s*Tests:\s+(.+total)\s*$/.exec(line);
    if (!m) return [];
    const c = labelled(m[1], /,/);
    return [{ passed: c.passed ?? 0, failed: c.failed ?? 0, skipped: (c.skipped ?? 0) + (c.todo ?? 0) }];
  }));

/** pytest: "==== 1 failed, 3 passed, 1 skipped in 1.63s ====" (also -q without the rules); errors fail. */
const pytest: Parser = (output) =>
  sum(lines(output).flatMap((line) => {
    const m = /^=*\s*((?:\d+ (?:failed|passed|skipped|deselected|xfailed|xpassed|errors?|warnings?)(?:, )?)+) in [\d.]+s/.exec(line.trim());
    if (!m) return [];
    const c = labelled(m[1], /,/);
    return [{ passed: (c.passed ?? 0) + (c.xpassed ?? 0), failed: (c.failed ?? 0) + (c.error ?? 0) + (c.errors ?? 0), skipped: (c.skipped ?? 0) + (c.xfailed ?? 0) }];
  }));

/** unittest: "Ran 5 tests in 0.005s" then "OK (skipped=1)" or "FAILED (failures=1, errors=1, skipped=1)". */
const unittest: Parser = (output) => {
  const all = lines(output);
  const found: TestCounts[] = [];
  all.forEach((line, i) => {
    const ran = /^Ran (\d+) tests? in [\d.]+s$/.exec(line.trim());
    if (!ran) return;
    const verdict = all.slice(i + 1).find((l) => /^(OK|FAILED)\b/.test(l.trim()));
    if (!verdict) return;
    const details: Record<string, number> = {};
    for (const m of verdict.matchAll(/(\w+)=(\d+)/g)) details[m[1]] = num(m[2]);
    const failed = (details.failures ?? 0) + (details.errors ?? 0) + (details.unexpected_successes ?? 0);
    const skipped = (details.skipped ?? 0) + (details.expected_failures ?? 0);
    found.push({ passed: num(ran[1]) - failed - skipped, failed, skipped });
  });
  return sum(found);
};

/**
 * go test: "--- FAIL: Name" / "--- PASS:" / "--- SKIP:" at the start of a line (top-level tests;
 * subtests are indented). Without -v a passing package prints only "ok  pkg", so passed may be 0;
 * a package that failed to build prints "FAIL pkg [build failed]" and no count, which is not a count.
 */
const go: Parser = (output) => {
  const all = lines(output);
  const count = (kind: string) => all.filter((l) => l.startsWith(`--- ${kind}: `)).length;
  const packages = all.filter((l) => /^(ok|FAIL)\s+\S+\s+[\d.]+s/.test(l) || /^ok\s+\S+\s+\(cached\)/.test(l)).length;
  if (all.some((l) => /^FAIL\s+\S+\s+\[(build|setup) failed\]/.test(l))) return null;
  if (packages === 0 && count('FAIL') + count('PASS') === 0) return null;
  return { passed: count('PASS'), failed: count('FAIL'), skipped: count('SKIP') };
};

/** cargo: every "test result: ok. 2 passed; 0 failed; 1 ignored; ..." line (unit, integration, doc tests). */
const cargo: Parser = (output) =>
  sum(lines(output).flatMap((line) => {
    const m = /^test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored/.exec(line.trim());
    return m ? [{ passed: num(m[1]), failed: num(m[2]), skipped: num(m[3]) }] : [];
  }));

/** node --test: TAP "# pass 3" / "# fail 2" / "# skipped 1", or the spec reporter's "ℹ pass 3". */
const nodeTest: Parser = (output) => {
  const found: TestCounts[] = [];
  let current: Partial<Record<string, number>> | null = null;
  for (const line of lines(output)) {
    const m = /^[#ℹ] (tests|pass|fail|cancelled|skipped|todo) (\d+)\s*$/.exec(line.trim());
    if (!m) continue;
    if (m[1] === 'tests') {
      current = {};
      found.push({ passed: 0, failed: 0, skipped: 0 });
      continue;
    }
    if (!current) continue;
    const last = found[found.length - 1];
    if (m[1] === 'pass') last.passed += num(m[2]);
    if (m[1] === 'fail' || m[1] === 'cancelled') last.failed += num(m[2]);
    if (m[1] === 'skipped' || m[1] === 'todo') last.skipped += num(m[2]);
  }
  return sum(found);
};

/** bun test: " 1 pass", " 1 skip", " 1 fail" followed by "Ran 3 tests across 1 files." */
const bunTest: Parser = (output) => {
  const all = lines(output);
  if (!all.some((l) => /^Ran \d+ tests? across \d+ files?/.test(l.trim()))) return null;
  const read = (kind: string) => all.reduce((n, l) => {
    const m = new RegExp(`^(\\d+) ${kind}$`).exec(l.trim());
    return m ? n + num(m[1]) : n;
  }, 0);
  return { passed: read('pass'), failed: read('fail'), skipped: read('skip') + read('todo') };
};

const OWN_PARSER: Partial<Record<TestRunner, Parser>> = { vitest, jest, pytest, unittest, go, cargo, node: nodeTest, bun: bunTest };
const EVERY_PARSER: Parser[] = [vitest, jest, pytest, unittest, go, cargo, nodeTest, bunTest];

/**
 * A direct runner is read with its own parser only. A package script or make target may run any
 * runners (npm test running vitest, then node --test): every parser is tried and the counts summed.
 */
export function parseCounts(runner: TestRunner, output: string): TestCounts | null {
  const own = OWN_PARSER[runner];
  if (own && runner !== 'bun') return own(output);
  return sum(EVERY_PARSER.map((parse) => parse(output)).filter((c): c is TestCounts => c !== null));
}
