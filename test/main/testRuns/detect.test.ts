// Which commands are test runs: a runner by its program, a script by what it printed (issue 24 §3).
import { describe, expect, it } from 'vitest';
import { classifyRun, classifyShellCommand, type CommandKind } from '../../../src/main/testRuns/detect';
import { readRun } from '../../../src/main/testRuns/read';

describe('classifyRun', () => {
  const runner = (r: string): CommandKind => ({ kind: 'runner', runner: r }) as CommandKind;
  const script = (program: string, testNamed: boolean): CommandKind => ({ kind: 'script', program, testNamed });
  const table: Array<[string, CommandKind | null]> = [
    ['vitest run', runner('vitest')],
    ['/usr/local/bin/vitest', runner('vitest')],
    ['npx vitest run src', runner('vitest')],
    ['npx mocha', runner('mocha')],
    ['./node_modules/.bin/mocha test', runner('mocha')],
    ['jest --ci', runner('jest')],
    ['ava', runner('ava')],
    ['tap', runner('tap')],
    ['pytest -q', runner('pytest')],
    ['.venv/bin/pytest -q', runner('pytest')],
    ['python -m pytest tests', runner('pytest')],
    ['.venv/bin/python -m pytest', runner('pytest')],
    ['python3 -m unittest', runner('unittest')],
    ['poetry run pytest', runner('pytest')],
    ['uv run pytest -x', runner('pytest')],
    ['go test ./...', runner('go')],
    ['cargo test', runner('cargo')],
    ['cargo nextest run', runner('nextest')],
    ['bun test', runner('bun')],
    ['deno test', runner('deno')],
    ['npx playwright test', runner('playwright')],
    ['node --test', runner('node')],
    ['npm test', script('npm', true)],
    ['npm t', script('npm', true)],
    ['npm run test', script('npm', true)],
    ['npm run test:nodejs', script('npm', true)],
    ['pnpm test', script('pnpm', true)],
    ['yarn test:unit', script('yarn', true)],
    ['bun run test', script('bun', true)],
    ['make test', script('make', true)],
    ['just test', script('just', true)],
    ['tox', script('tox', true)],
    ['nox -s tests', script('nox', true)],
    ['make', script('make', false)],
    ['npm run build', script('npm', false)],
    ['./run-tests.sh', script('./run-tests.sh', true)],
    ['tsc --noEmit', { kind: 'check' }],
    ['go vet ./...', { kind: 'check' }],
    ['cargo check', { kind: 'check' }],
    ['python -m mypy .', { kind: 'check' }],
    ['node script.js', null],
    ['npm install', null],
    ['yarn', null],
    ['ls -la', null],
  ];
  for (const [command, kind] of table) {
    it(`${command}`, () => expect(classifyRun(command.split(' '))).toEqual(kind));
  }

  it('finds the test run in a shell command for bash', () => {
    expect(classifyShellCommand('cd web && CI=1 npm test 2>&1')).toEqual({
      kind: script('npm', true),
      argv: ['npm', 'test', '2>&1'],
    });
    expect(classifyShellCommand('tsc --noEmit')?.kind).toEqual({ kind: 'check' });
    expect(classifyShellCommand('ls -la')).toBeNull();
  });
});

describe('readRun: a script is a test run by what it printed, not by its name', () => {
  const JEST = 'PASS src/a.test.js\nTests:       167 passed, 167 total\nTime:        3 s\n';
  it('npm run test:nodejs that ran jest is a jest run with its count', () => {
    expect(readRun(['npm', 'run', 'test:nodejs'], JEST)).toEqual({
      testRun: true,
      runners: ['jest'],
      label: 'jest',
      counts: { passed: 167, failed: 0, skipped: 0 },
    });
  });
  it('npm run ci that ran jest is a test run too', () => {
    expect(readRun(['npm', 'run', 'ci'], JEST)).toMatchObject({ testRun: true, runners: ['jest'] });
  });
  it('npm run build that ran no runner is a check', () => {
    expect(readRun(['npm', 'run', 'build'], 'vite v8 building for production...\n')).toEqual({
      testRun: false,
      recorded: true,
    });
  });
  it('npm test that printed no count is a test run with no count, never a zero', () => {
    expect(readRun(['npm', 'test'], 'Segmentation fault\n')).toEqual({
      testRun: true,
      runners: [],
      label: 'npm',
      counts: null,
    });
  });
  it('mocha under npm test: "52 passing", "1 failing"', () => {
    expect(readRun(['npm', 'test'], '\n  52 passing (1s)\n  1 failing\n\n  1) thing:\n     Error: x\n')).toMatchObject({
      label: 'mocha',
      counts: { passed: 52, failed: 1, skipped: 0 },
    });
  });
  it('a direct runner is read with its own reader only', () => {
    expect(readRun(['pytest'], JEST)).toEqual({ testRun: true, runners: ['pytest'], label: 'pytest', counts: null });
  });
});
