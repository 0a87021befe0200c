// The words of test runs (seed 003 §11, SPEC §12): which runners Paddock reads, what a count is,
// and how a runner's failure blocks are found in its output.

export const TEST_RUNNERS = [
  'vitest',
  'jest',
  'mocha',
  'node',
  'ava',
  'tap',
  'bun',
  'deno',
  'playwright',
  'pytest',
  'unittest',
  'go',
  'cargo',
  'nextest',
] as const;
export type TestRunner = (typeof TEST_RUNNERS)[number];

export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * Where one failure block of a runner begins and ends (a failing test's name, its assertion
 * message, file:line). Lines are read without escape sequences.
 */
export interface BlockRule {
  start: RegExp;
  /** A line that ends the block without being part of it. */
  stopBefore?: RegExp;
  /** A line that ends the block and is its last line. */
  stopAt?: RegExp;
  /** After the first line, the block goes on only while lines match this. */
  continueWhile?: RegExp;
  /** The rule starts blocks only after a line matching this was seen (mocha's "1 failing"). */
  armedBy?: RegExp;
}

export interface RunnerReader {
  runner: TestRunner;
  /** How the owner and the model read its name: "node --test". */
  label: string;
  /** The counts its own summary lines give, summed when it printed several; null without one. */
  counts(lines: readonly string[]): TestCounts | null;
  failures: readonly BlockRule[];
  /** Runners whose summary lines this one's output carries inside it (nextest shows libtest's): not counted again. */
  supersedes?: readonly TestRunner[];
}

export const num = (text: string | undefined): number => (text ? Number.parseInt(text, 10) : 0);

export function sumCounts(list: readonly TestCounts[]): TestCounts | null {
  if (list.length === 0) return null;
  return list.reduce((a, b) => ({
    passed: a.passed + b.passed,
    failed: a.failed + b.failed,
    skipped: a.skipped + b.skipped,
  }));
}

/** "1 failed | 3 passed | 1 skipped" → { failed: 1, passed: 3, skipped: 1 } (the first number and word of each part). */
export function labelled(body: string, separator: RegExp): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of body.split(separator)) {
    const m = /(\d+)\s+([a-z]+)/i.exec(part.trim());
    if (m) out[m[2]!.toLowerCase()] = (out[m[2]!.toLowerCase()] ?? 0) + num(m[1]);
  }
  return out;
}

/** Each line matching `pattern`, read by `read`, summed. */
export function summed(
  lines: readonly string[],
  pattern: RegExp,
  read: (m: RegExpExecArray) => TestCounts | null,
): TestCounts | null {
  const found: TestCounts[] = [];
  for (const line of lines) {
    const m = pattern.exec(line);
    if (!m) continue;
    const counts = read(m);
    if (counts) found.push(counts);
  }
  return sumCounts(found);
}
