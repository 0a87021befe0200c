// A command's output, watched as a test run while it streams (issue 24 §5): the failure blocks of
// every runner it may be running are kept, and once it has finished and its runners are known,
// the blocks the tail lost go back ahead of the tail.
import { classifyRun } from './detect';
import { withFailureBlocks } from './excerpt';
import { FailureCollector } from './failures';
import { READERS, readerFor, readRun } from './read';
import { stripTerminalCodes } from './terminal';

/** Past this much output the collector stops reading lines (a flood is not a test report). */
export const WATCH_MAX_BYTES = 256 * 1024 * 1024;

export interface TestRunWatch {
  onRawOutput(chunk: Buffer): void;
  /** The text the model reads: the tail without escape sequences, with the lost failure blocks ahead of it when there were any. */
  resultOutput(result: { output: string; droppedBytes: number }, maxBytes: number): string;
}

/** A watch for a command that may be a test run; null for anything else (no cost for `ls`). */
export function watchTestRun(argv: readonly string[]): TestRunWatch | null {
  const kind = classifyRun(argv);
  if (kind === null || kind.kind === 'check') return null;
  // A runner started directly is read by its own reader only; a script by every reader.
  const collector = new FailureCollector(kind.kind === 'runner' ? [readerFor(kind.runner)] : READERS);
  let streamed = 0;
  return {
    onRawOutput(chunk) {
      if (streamed > WATCH_MAX_BYTES) return;
      streamed += chunk.length;
      collector.push(chunk);
    },
    resultOutput(result, maxBytes) {
      collector.end();
      const reading = readRun(argv, result.output, kind);
      // The model reads the runner's words, not its colours (vitest colours even a pipe under CI=1).
      if (!reading.testRun || reading.runners.length === 0) return stripTerminalCodes(result.output);
      const kept = collector.blocksOf(reading.runners);
      return stripTerminalCodes(
        withFailureBlocks({
          output: result.output,
          droppedBytes: result.droppedBytes,
          blocks: kept.blocks,
          leftOut: kept.leftOut,
          label: reading.label,
          maxBytes,
        }),
      );
    },
  };
}
