// A finished command read as a test run: which runners its output shows, and their counts. A
// runner started directly is read with its own reader only; a script is read with every reader
// and recognised by the summaries it printed (npm test running vitest, then node --test, sums both).
import { classifyRun, type CommandKind } from './detect';
import { JAVASCRIPT_READERS } from './readers/javascript';
import { NATIVE_READERS } from './readers/native';
import { displayLines } from './terminal';
import { sumCounts, type RunnerReader, type TestCounts, type TestRunner } from './types';

export const READERS: readonly RunnerReader[] = [...JAVASCRIPT_READERS, ...NATIVE_READERS];

export function readerFor(runner: TestRunner): RunnerReader {
  return READERS.find((reader) => reader.runner === runner) as RunnerReader;
}

export interface OutputReading {
  /** The runners whose own summary the output holds, in reader order. */
  runners: TestRunner[];
  /** Their counts, summed; null when none printed one. */
  counts: TestCounts | null;
}

/** The output's counts: `only` a runner's own, or every runner whose summary is there. */
export function readOutput(output: string, only?: TestRunner): OutputReading {
  const lines = displayLines(output);
  const readers = only ? [readerFor(only)] : READERS;
  const read = readers.flatMap((reader) => {
    const counts = reader.counts(lines);
    return counts ? [{ reader, counts }] : [];
  });
  const superseded = new Set(read.flatMap(({ reader }) => reader.supersedes ?? []));
  const kept = read.filter(({ reader }) => !superseded.has(reader.runner));
  return { runners: kept.map(({ reader }) => reader.runner), counts: sumCounts(kept.map(({ counts }) => counts)) };
}

/** What the command was, as a test run. */
export type RunReading =
  /** A test run: `label` names what ran ("vitest", "npm test (vitest, node --test)"); counts may be null (it printed none). */
  | { testRun: true; runners: TestRunner[]; label: string; counts: TestCounts | null }
  /** A check or a script that ran no runner Paddock knows: recorded, but not a test run. */
  | { testRun: false; recorded: boolean };

const labelOf = (runner: TestRunner): string => READERS.find((r) => r.runner === runner)?.label ?? runner;

export function readRun(
  argv: readonly string[],
  output: string,
  kind: CommandKind | null = classifyRun(argv),
): RunReading {
  if (kind === null) return { testRun: false, recorded: false };
  switch (kind.kind) {
    case 'check':
      return { testRun: false, recorded: true };
    case 'runner': {
      const read = readOutput(output, kind.runner);
      return { testRun: true, runners: [kind.runner], label: labelOf(kind.runner), counts: read.counts };
    }
    case 'script': {
      const read = readOutput(output);
      if (read.runners.length > 0)
        return {
          testRun: true,
          runners: read.runners,
          label: read.runners.map(labelOf).join(', '),
          counts: read.counts,
        };
      return kind.testNamed
        ? { testRun: true, runners: [], label: kind.program, counts: null }
        : { testRun: false, recorded: true };
    }
    default:
      return kind satisfies never;
  }
}
