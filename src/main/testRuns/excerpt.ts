// The result text of a recognised runner whose output outgrew the tail (issue 24 §5): its failure
// blocks from the dropped head first, then the tail, shortened by what they take, so the whole
// stays within the same bound; and a line that says what was left out.
import { droppedLine, formatBytes } from '../processes/tail';
import type { FailureBlock } from './failures';

export interface ExcerptInput {
  /** The bounded result's output: the dropped-line note (when bytes were dropped) and the tail. */
  output: string;
  droppedBytes: number;
  blocks: readonly FailureBlock[];
  /** Blocks the collector saw but did not keep. */
  leftOut: number;
  /** "vitest", "node --test". */
  label: string;
  /** The bound of the tail (200 KB). */
  maxBytes: number;
}

/** The output with the failure blocks the tail lost put back ahead of it; unchanged when none was lost. */
export function withFailureBlocks(input: ExcerptInput): string {
  const { output, droppedBytes } = input;
  if (droppedBytes <= 0) return output;
  const lost = input.blocks.filter((block) => block.offset < droppedBytes);
  if (lost.length === 0) return output;
  const blocksText = lost.map((block) => block.text).join('\n');
  const more =
    input.leftOut > 0
      ? `; ${input.leftOut} more failure block${input.leftOut === 1 ? ' was' : 's were'} left out to stay within the bound`
      : '';
  const head = `[Paddock kept ${lost.length} failure block${lost.length === 1 ? '' : 's'} of ${input.label} from the ${formatBytes(droppedBytes)} of earlier output the tail does not show${more}]\n`;
  const kept = `${head}${blocksText}[end of the kept failure blocks]\n`;

  // The tail without its note, shortened at a line start by what the blocks take.
  const noteEnd = output.indexOf('\n');
  const tail = Buffer.from(noteEnd >= 0 ? output.slice(noteEnd + 1) : output, 'utf8');
  const room = Math.max(0, input.maxBytes - Buffer.byteLength(kept));
  let start = Math.max(0, tail.length - room);
  if (start > 0) {
    const newline = tail.indexOf(10, start);
    start = newline < 0 ? tail.length : newline + 1;
  }
  const shortened = tail.subarray(start).toString('utf8');
  return kept + droppedLine(droppedBytes + start, Buffer.byteLength(shortened)) + shortened;
}
