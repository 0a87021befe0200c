// Recording a finished command and the failing_tests metric (seed 003 §11, SPEC §12).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src/main/store/database';
import { createAgentsRepository } from '../../../src/main/store/agents';
import { history, lastRun } from '../../../src/main/store/testRuns';
import { failingTests } from '../../../src/main/testRuns/measure';
import { OUTPUT_TAIL_BYTES, recordIfTestRun } from '../../../src/main/testRuns/record';

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'runners');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, `${name}.txt`), 'utf8');

describe('recording and the failing_tests metric', () => {
  let dir: string;
  let db: Db;
  const ws = '/work/project';
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-testruns-'));
    db = openDatabase(dir);
    createAgentsRepository(db).create({
      id: 'a1',
      name: 'Dev',
      handle: 'dev',
      provider: 'anthropic',
      model: 'm',
      scopes: [],
    });
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
    expect(failingTests(db, 'a1', null)).toMatchObject({
      measurable: false,
      reason: expect.stringMatching(/no workspace/),
    });
  });

  it('not measurable: no recorded run', () => {
    expect(failingTests(db, 'a1', ws)).toMatchObject({
      measurable: false,
      reason: expect.stringMatching(/no test run/),
    });
  });

  it('not measurable: the last run was a typecheck, not a test runner', () => {
    record('npx vitest run', 0, fixture('vitest-pass'));
    record('tsc --noEmit', 0, '');
    expect(failingTests(db, 'a1', ws)).toMatchObject({
      measurable: false,
      reason: expect.stringMatching(/tsc --noEmit\) was not a test runner/),
    });
  });

  it('not measurable: a failed run that never said how many failed', () => {
    record('npm test', 1, fixture('npm-test-crash-no-count'));
    expect(failingTests(db, 'a1', ws)).toMatchObject({
      measurable: false,
      reason: expect.stringMatching(/without saying how many/),
    });
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
