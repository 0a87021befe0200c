// Test runs: detection, the runners' own summary lines (fixtures), recording and failing_tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectRunner, detectRunnerInShellCommand, parseCounts, type TestRunner } from '../../../src/main/git/testRunners';
import { openDatabase, type Db } from '../../../src/main/store/database';
import { failingTests, history, lastRun, OUTPUT_TAIL_BYTES, recordIfTestRun } from '../../../src/main/store/testRuns';

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'runners');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, `${name}.txt`), 'utf8');

describe('detectRunner', () => {
  const table: Array<[string, TestRunner | null]> = [
    ['vitest run', 'vitest'],
    ['/usr/local/bin/vitest', 'vitest'],
    ['npx vitest run src', 'vitest'],
    ['jest --ci', 'jest'],
    ['pytest -q', 'pytest'],
    ['python -m pytest tests', 'pytest'],
    ['python3 -m unittest', 'unittest'],
    ['go test ./...', 'go'],
    ['cargo test', 'cargo'],
    ['npm test', 'npm'],
    ['npm t', 'npm'],
    ['npm run test', 'npm'],
    ['pnpm test', 'pnpm'],
    ['yarn test', 'yarn'],
    ['bun test', 'bun'],
    ['node --test', 'node'],
    ['node --test test/a.test.mjs', 'node'],
    ['make test', 'make'],
    ['tsc --noEmit', null],
    ['npm run build', null],
    ['npm run test:unit', null],
    ['go vet ./...', null],
    ['cargo check', null],
    ['node script.js', null],
    ['make', null],
    ['python -m mypy .', null],
  ];
  for (const [command, runner] of table) {
    it(`${command} → ${runner}`, () => expect(detectRunner(command.split(' '))).toBe(runner));
  }

  it('finds the runner in a shell command for bash', () => {
    expect(detectRunnerInShellCommand('cd web && CI=1 npm test 2>&1')).toEqual({ runner: 'npm', argv: ['npm', 'test', '2>&1'] });
    expect(detectRunnerInShellCommand('tsc --noEmit')?.runner).toBeNull();
    expect(detectRunnerInShellCommand('ls -la')).toBeNull();
  });
});

describe("parseCounts from the runners' own summary lines", () => {
  const table: Array<[string, TestRunner, { passed: number; failed: number; skipped: number } | null]> = [
    ['vitest-pass', 'vitest', { passed: 2, failed: 0, skipped: 1 }],
    ['vitest-fail', 'vitest', { passed: 3, failed: 1, skipped: 1 }],
    ['jest-pass', 'jest', { passed: 2, failed: 0, skipped: 1 }],
    ['jest-fail', 'jest', { passed: 3, failed: 1, skipped: 1 }],
    ['pytest-pass', 'pytest', { passed: 2, failed: 0, skipped: 1 }],
    ['pytest-fail', 'pytest', { passed: 3, failed: 1, skipped: 1 }],
    ['unittest-pass', 'unittest', { passed: 2, failed: 0, skipped: 1 }],
    ['unittest-fail', 'unittest', { passed: 2, failed: 2, skipped: 1 }],
    ['go-test-pass', 'go', { passed: 2, failed: 0, skipped: 1 }],
    ['go-test-fail', 'go', { passed: 0, failed: 2, skipped: 0 }],
    ['go-test-build-failed', 'go', null],
    ['cargo-pass', 'cargo', { passed: 2, failed: 0, skipped: 1 }],
    ['cargo-fail', 'cargo', { passed: 1, failed: 1, skipped: 1 }],
    ['node-test-pass', 'node', { passed: 2, failed: 0, skipped: 1 }],
    ['node-test-fail', 'node', { passed: 3, failed: 2, skipped: 1 }],
    ['bun-test-fail', 'bun', { passed: 1, failed: 1, skipped: 1 }],
    // npm test ran vitest and then node --test: summed across both runners.
    ['npm-test-pass', 'npm', { passed: 4, failed: 0, skipped: 2 }],
    ['npm-test-fail', 'npm', { passed: 3, failed: 1, skipped: 1 }],
    ['npm-test-crash-no-count', 'npm', null],
  ];
  for (const [name, runner, counts] of table) {
    it(`${name}`, () => expect(parseCounts(runner, fixture(name))).toEqual(counts));
  }
});

describe('recording and the failing_tests metric', () => {
  let dir: string;
  let db: Db;
  const ws = '/work/project';
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-testruns-'));
    db = openDatabase(dir);
    db.prepare(
      "INSERT INTO agents (id, name, handle, provider, model, scopes, max_output_tokens, created_at) VALUES ('a1', 'Dev', 'dev', 'anthropic', 'm', '[]', 8192, '')",
    ).run();
  });
  afterEach(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const record = (argv: string, exitCode: number, output: string) =>
    recordIfTestRun(db, { agentId: 'a1', directory: ws, argv: argv.split(' '), exitCode, output });

  it('a passing run measures zero failing, counted', () => {
    record('npx vitest run', 0, fixture('vitest-pass'));
    expect(failingTests(db, 'a1', ws)).toEqual({ measurable: true, failing: 0 });
    expect(lastRun(db, 'a1', ws)).toMatchObject({ runner: 'vitest', passed: 2, failed: 0, skipped: 1, exitCode: 0 });
  });

  it('a failing run measures its failing count', () => {
    record('cargo test', 101, fixture('cargo-fail'));
    expect(failingTests(db, 'a1', ws)).toEqual({ measurable: true, failing: 1 });
  });

  it('not measurable: no workspace', () => {
    expect(failingTests(db, 'a1', null)).toMatchObject({ measurable: false, reason: expect.stringMatching(/no workspace/) });
  });

  it('not measurable: no recorded run', () => {
    expect(failingTests(db, 'a1', ws)).toMatchObject({ measurable: false, reason: expect.stringMatching(/no test run/) });
  });

  it('not measurable: the last run was a typecheck, not a test runner', () => {
    record('npx vitest run', 0, fixture('vitest-pass'));
    record('tsc --noEmit', 0, '');
    expect(failingTests(db, 'a1', ws)).toMatchObject({ measurable: false, reason: expect.stringMatching(/tsc --noEmit\) was not a test runner/) });
  });

  it('not measurable: a failed run that never said how many failed', () => {
    record('npm test', 1, fixture('npm-test-crash-no-count'));
    expect(failingTests(db, 'a1', ws)).toMatchObject({ measurable: false, reason: expect.stringMatching(/without saying how many/) });
  });

  it('not measurable: a go build failure', () => {
    record('go test ./...', 1, fixture('go-test-build-failed'));
    expect(failingTests(db, 'a1', ws).measurable).toBe(false);
  });

  it('commands that are neither are not recorded', () => {
    expect(record('ls -la', 0, 'x')).toBeNull();
    expect(history(db, 'a1', ws)).toEqual([]);
  });

  it('keeps only a 20 KB tail and the history oldest first', () => {
    const big = `${'x'.repeat(100_000)}\n${fixture('pytest-fail')}`;
    const run = record('pytest', 1, big);
    expect(Buffer.byteLength(run?.outputTail ?? '')).toBeLessThanOrEqual(OUTPUT_TAIL_BYTES);
    expect(run?.failed).toBe(1);
    record('pytest', 0, fixture('pytest-pass'));
    expect(history(db, 'a1', ws).map((r) => r.failed)).toEqual([1, 0]);
    expect(failingTests(db, 'a1', '/elsewhere').measurable).toBe(false);
  });
});
