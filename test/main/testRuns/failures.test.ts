// The failing test's block survives a tail that dropped it (issue 24 §5), within the same bound.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { droppedLine, TailBuffer } from '../../../src/main/processes/tail';
import { withFailureBlocks } from '../../../src/main/testRuns/excerpt';
import { FailureCollector, joinedPattern } from '../../../src/main/testRuns/failures';
import { READERS } from '../../../src/main/testRuns/read';
import { nodeTest } from '../../../src/main/testRuns/readers/javascript';

const BOUND = 200 * 1024;

const failing = (n: number, name: string) =>
  `# Subtest: ${name}\nnot ok ${n} - ${name}\n  ---\n  duration_ms: 0.8\n  location: '/p/test/${name}.test.mjs:4:1'\n  failureType: 'testCodeFailure'\n  error: '1 == ${n + 1}'\n  code: 'ERR_ASSERTION'\n  ...\n`;
const passing = (n: number) => `# Subtest: passes ${n}\nok ${n} - passes ${n}\n  ---\n  duration_ms: 0.1\n  ...\n`;

/** Streams the text through a 200 KB tail and the collector, chunked as a pipe would. */
function stream(text: string, collector: FailureCollector) {
  const tail = new TailBuffer(BOUND);
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += 4096) {
    const chunk = bytes.subarray(i, i + 4096);
    tail.write(chunk);
    collector.push(chunk);
  }
  collector.end();
  const dropped = tail.droppedBytes;
  return { output: (dropped > 0 ? droppedLine(dropped, BOUND) : '') + tail.text(), droppedBytes: dropped };
}

function tap(failures: number[], passes: number): string {
  const body = [
    ...failures.map((n) => failing(n, `breaks${n}`)),
    ...Array.from({ length: passes }, (_, i) => passing(failures.length + i + 1)),
  ];
  const total = failures.length + passes;
  return `TAP version 13\n${body.join('')}1..${total}\n# tests ${total}\n# suites 0\n# pass ${passes}\n# fail ${failures.length}\n# cancelled 0\n# skipped 0\n# todo 0\n`;
}

describe('failure blocks ahead of the tail', () => {
  it('node --test printed 300 KB: the failing test dropped from the tail is kept, with its name, message and file:line', () => {
    const text = tap([1], 4200);
    expect(Buffer.byteLength(text)).toBeGreaterThan(300 * 1024);
    const collector = new FailureCollector(READERS);
    const result = stream(text, collector);
    expect(result.output).not.toContain('breaks1');
    const { blocks, leftOut } = collector.blocksOf(['node']);
    const shown = withFailureBlocks({ ...result, blocks, leftOut, label: 'node --test', maxBytes: BOUND });
    expect(shown).toMatch(
      /^\[Paddock kept 1 failure block of node --test from the [\d.]+ KB of earlier output the tail does not show\]\n/,
    );
    expect(shown).toContain(
      "not ok 1 - breaks1\n  ---\n  duration_ms: 0.8\n  location: '/p/test/breaks1.test.mjs:4:1'",
    );
    expect(shown).toContain("error: '1 == 2'");
    expect(shown).toContain('[end of the kept failure blocks]\n[');
    // The counts at the end are still there, and the whole stays within the bound (and its two notes).
    expect(shown).toMatch(/# fail 1\n/);
    expect(Buffer.byteLength(shown)).toBeLessThanOrEqual(BOUND + 200);
    expect(nodeTest.counts(shown.split('\n'))).toEqual({ passed: 4200, failed: 1, skipped: 0 });
  });

  it('output that fit in the tail is returned unchanged', () => {
    const text = tap([1], 10);
    const collector = new FailureCollector(READERS);
    const result = stream(text, collector);
    expect(
      withFailureBlocks({ ...result, ...collector.blocksOf(['node']), label: 'node --test', maxBytes: BOUND }),
    ).toBe(text);
  });

  it('a runner that failed everywhere: its budget is kept and the rest is counted as left out, never over the bound', () => {
    const failures = Array.from({ length: 3000 }, (_, i) => i + 1);
    const collector = new FailureCollector(READERS);
    const result = stream(tap(failures, 0), collector);
    const { blocks, leftOut } = collector.blocksOf(['node']);
    expect(leftOut).toBeGreaterThan(0);
    const shown = withFailureBlocks({ ...result, blocks, leftOut, label: 'node --test', maxBytes: BOUND });
    expect(shown).toMatch(new RegExp(`more failure blocks were left out to stay within the bound`));
    expect(shown).toContain('not ok 1 - breaks1');
    expect(Buffer.byteLength(shown)).toBeLessThanOrEqual(BOUND + 300);
  });

  it('a block longer than its limit is cut and says so', () => {
    const collector = new FailureCollector(READERS, {
      blockLines: 3,
      blockBytes: 1024,
      runnerBytes: 4096,
      lineBytes: 256,
    });
    collector.push(Buffer.from(failing(1, 'long')));
    collector.end();
    expect(collector.blocksOf(['node']).blocks[0]!.text).toBe(
      'not ok 1 - long\n  ---\n  duration_ms: 0.8\n[5 more lines of this block cut]\n',
    );
  });

  it('blocks are read through colour and carriage returns', () => {
    const collector = new FailureCollector(READERS);
    collector.push(Buffer.from('\u001b[31mnot ok 1 - red\u001b[39m\r\n  ---\n  error: x\n  ...\n'));
    collector.end();
    expect(collector.blocksOf(['node']).blocks.map((b) => b.text)).toEqual([
      'not ok 1 - red\n  ---\n  error: x\n  ...\n',
    ]);
  });
});

// Every runner's captured output (test/fixtures/runners/*.txt): the lines the readers were written for.
const FIXTURE_DIR = path.join(__dirname, '../../fixtures/runners');
const fixtureText = fs
  .readdirSync(FIXTURE_DIR)
  .filter((name) => name.endsWith('.txt'))
  .map((name) => fs.readFileSync(path.join(FIXTURE_DIR, name), 'utf8'))
  .join('\n');
const fixtureLines = fixtureText.split('\n');
const allStarts = READERS.flatMap((reader) =>
  reader.failures.flatMap((rule) => (rule.armedBy ? [rule.start, rule.armedBy] : [rule.start])),
);
/** Pieces the readers' patterns look for, so random lines often come near a match. */
const piece = fc.constantFrom(
  'FAIL ',
  ' FAIL ',
  'not ok 1 - ',
  'ok 2 - ',
  '  ● ',
  '  1) ',
  '2 failing',
  '✘ [fail]: ',
  '  ─',
  '✖ ',
  '(fail) ',
  '✗ ',
  'error: ',
  ' => a.js:1:2',
  'ERRORS',
  '___ t ___',
  'FAILED ',
  'ERROR: ',
  '--- FAIL: ',
  '---- x stdout ----',
  'TIMEOUT [ 1.0s] ',
  '── STDOUT: x',
  ' ',
  '\t',
  'a',
  'é',
  '1',
  '\r',
  '\u001b[31m',
  '›',
  '⎯⎯[1/2]⎯',
);
const line = fc.oneof(
  fc.constantFrom(...fixtureLines),
  fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')),
  fc.string(),
);

describe('the joined start pattern (a flood of plain lines costs one test per line)', () => {
  it("matches exactly the lines some reader's start or arming pattern matches", () => {
    const joined = joinedPattern(allStarts);
    expect(joined).not.toBeNull();
    for (const text of fixtureLines) expect(joined?.test(text)).toBe(allStarts.some((pattern) => pattern.test(text)));
    fc.assert(
      fc.property(line, (text) => joined?.test(text) === allStarts.some((pattern) => pattern.test(text))),
      { numRuns: 3000 },
    );
  });

  it('is not built when joining would change what a pattern means', () => {
    expect(joinedPattern([/^FAIL/, /^fail/i])).toBeNull();
    expect(joinedPattern([/^(a)\1/, /^b/])).toBeNull();
    expect(joinedPattern([/^(?<name>a)/, /^b/])).toBeNull();
    expect(joinedPattern([])).toBeNull();
    expect(joinedPattern([/^(?=a)x/, /^(?!b)y/])?.test('y')).toBe(true);
    // A top-level branch without the anchor keeps matching anywhere; a `|` in a class or group is no branch.
    expect(joinedPattern([/^a|b/, /^c/])?.test('xb')).toBe(true);
    expect(joinedPattern([/^a/, /^c/])?.test('xa')).toBe(false);
    expect(joinedPattern([/^[|]b/, /^(?:c|d)e/])?.test('|b')).toBe(true);
    expect(joinedPattern([/^[|]b/, /^(?:c|d)e/])?.test('xde')).toBe(false);
    expect(joinedPattern([/^\|b/, /^c/])?.test('|b')).toBe(true);
    expect(joinedPattern([/^\|b/, /^c/])?.test('x|b')).toBe(false);
  });

  it('chunked anywhere (inside a character, a line or its length bound), the collector keeps the same blocks as read whole', () => {
    const limits = { blockLines: 8, blockBytes: 512, runnerBytes: 2048, lineBytes: 40 };
    const blocksOf = (collector: FailureCollector) => collector.blocksOf(READERS.map((reader) => reader.runner));
    const whole = (bytes: Buffer) => {
      const collector = new FailureCollector(READERS, limits);
      collector.push(bytes);
      collector.end();
      return blocksOf(collector);
    };
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 12 }), (lines, cuts) => {
        const bytes = Buffer.from(lines.join('\n'));
        const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
        const collector = new FailureCollector(READERS, limits);
        let from = 0;
        for (const cut of [...at, bytes.length]) {
          collector.push(bytes.subarray(from, cut));
          from = cut;
        }
        collector.end();
        expect(blocksOf(collector)).toEqual(whole(bytes));
      }),
      { numRuns: 300 },
    );
  });

  it('a failing block in every fixture is still found among a flood of plain lines', () => {
    const plain = `${'x'.repeat(79)}\n`.repeat(20_000);
    const collector = new FailureCollector(READERS);
    collector.push(Buffer.from(plain + fixtureText));
    collector.end();
    const reference = new FailureCollector(READERS);
    reference.push(Buffer.from(fixtureText));
    reference.end();
    const texts = (c: FailureCollector) =>
      c.blocksOf(READERS.map((reader) => reader.runner)).blocks.map((block) => `${block.runner}: ${block.text}`);
    expect(texts(reference).length).toBeGreaterThan(5);
    expect(texts(collector)).toEqual(texts(reference));
  });
});
