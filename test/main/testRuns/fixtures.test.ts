// Every recorded runner output parses to the runner's own counts, with colour and without, read as
// the runner itself (`vitest run`) and as a script that ran it (`npm test`), and keeps the failing
// test's block. Fixtures: test/fixtures/runners (README there says which were captured, which written).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FailureCollector } from '../../../src/main/testRuns/failures';
import { READERS, readOutput } from '../../../src/main/testRuns/read';
import { stripTerminalCodes } from '../../../src/main/testRuns/terminal';
import type { TestCounts, TestRunner } from '../../../src/main/testRuns/types';

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'runners');
const read = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

const PASS: TestCounts = { passed: 2, failed: 0, skipped: 1 };
const FAIL: TestCounts = { passed: 2, failed: 1, skipped: 1 };

/** The tiny projects under capture/projects: pass = 2 passed 1 skipped; fail adds "breaks"; crash = a syntax error. */
const CAPTURED: Array<{ dir: string; runner: TestRunner; crash: TestCounts | null; colour: boolean; escapes?: false }> =
  [
    { dir: 'vitest', runner: 'vitest', crash: null, colour: true },
    { dir: 'jest', runner: 'jest', crash: { passed: 0, failed: 0, skipped: 0 }, colour: true },
    { dir: 'mocha', runner: 'mocha', crash: null, colour: true },
    { dir: 'ava', runner: 'ava', crash: null, colour: true },
    { dir: 'tap', runner: 'tap', crash: { passed: 0, failed: 1, skipped: 0 }, colour: true },
    // Node 20's TAP reporter and unittest print no colour at all, FORCE_COLOR or not.
    { dir: 'node-test', runner: 'node', crash: { passed: 0, failed: 1, skipped: 0 }, colour: true, escapes: false },
    { dir: 'node-test-spec', runner: 'node', crash: { passed: 0, failed: 1, skipped: 0 }, colour: true },
    { dir: 'playwright', runner: 'playwright', crash: null, colour: true },
    { dir: 'pytest', runner: 'pytest', crash: { passed: 0, failed: 1, skipped: 0 }, colour: true },
    { dir: 'unittest', runner: 'unittest', crash: { passed: 0, failed: 1, skipped: 0 }, colour: true, escapes: false },
    { dir: 'cargo', runner: 'cargo', crash: null, colour: true },
    // Written from the runners' documented formats (not installed here): plain only.
    { dir: 'deno', runner: 'deno', crash: null, colour: false },
    { dir: 'nextest', runner: 'nextest', crash: null, colour: false },
    { dir: 'bun', runner: 'bun', crash: { passed: 0, failed: 1, skipped: 0 }, colour: false },
  ];

describe.each(CAPTURED)('$dir', ({ dir, runner, crash, colour, escapes }) => {
  const cases: Array<[string, TestCounts | null]> = [
    ['pass', PASS],
    ['fail', FAIL],
    ['crash', crash],
  ];
  for (const [name, counts] of cases) {
    for (const variant of colour ? ['plain', 'color'] : ['plain']) {
      const file = `${dir}/${name}.${variant}.txt`;
      it(`${file}: read as ${runner} itself and as a script that ran it`, () => {
        const output = read(file);
        expect(readOutput(output, runner).counts).toEqual(counts);
        // A script (npm test, make test) is recognised by the summary: the same counts, this runner only.
        expect(readOutput(output)).toEqual(counts ? { runners: [runner], counts } : { runners: [], counts: null });
      });
    }
  }

  if (colour && escapes !== false) {
    it('the coloured capture carries escape sequences, and reads the same once they are stripped', () => {
      expect(read(`${dir}/fail.color.txt`)).toMatch(/\u001b\[/);
      expect(readOutput(stripTerminalCodes(read(`${dir}/fail.color.txt`)), runner).counts).toEqual(FAIL);
    });
  }

  it("keeps the failing test's block: its name and where it failed", () => {
    const collector = new FailureCollector(READERS);
    collector.push(Buffer.from(read(`${dir}/fail.plain.txt`)));
    collector.end();
    const { blocks } = collector.blocksOf([runner]);
    const text = blocks.map((b) => b.text).join('\n');
    expect(text).toMatch(/breaks/);
    expect(text).toMatch(/a[._]?(?:test|spec)?\.?\w*:\d+|lib\.rs:\d+|line \d+/);
  });
});

describe('the earlier fixtures (other projects, captured or written before)', () => {
  const table: Array<[string, TestRunner | undefined, TestCounts | null]> = [
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
    ['npm-test-pass', undefined, { passed: 4, failed: 0, skipped: 2 }],
    ['npm-test-fail', undefined, { passed: 3, failed: 1, skipped: 1 }],
    ['npm-test-crash-no-count', undefined, null],
  ];
  for (const [name, runner, counts] of table) {
    it(name, () => expect(readOutput(read(`${name}.txt`), runner).counts).toEqual(counts));
  }

  it('npm test running vitest then node --test names both', () => {
    expect(readOutput(read('npm-test-pass.txt')).runners).toEqual(['vitest', 'node']);
  });
});
