// The run list's read-only tools (seed 003 §5's readers, and issue 19's): one row per program, every
// flag spelled, values typed, operands inside the workspace. Each flag is here only when it neither
// writes, nor runs anything, nor reads a file named by its value, nor follows a link, in GNU's and in
// BSD's (macOS) reading of it: a letter that means "follow links" or "read FILE" in either is left out,
// and so gated. Which flags take a value is written per program (`head -c` takes a number, `wc -c` is
// a switch). Adding a row touches one row file (readersText.ts, readersFiles.ts, readersWords.ts)
// and nothing else of the policy; the tests that hold the oracle and the corpus to the rows are
// named in docs/architecture.md.
import { FILE_READERS } from './readersFiles';
import { TEXT_READERS } from './readersText';
import { WORD_PRINTERS } from './readersWords';
import type { ProgramGrammar } from './types';

const ROWS: readonly ProgramGrammar[] = [...TEXT_READERS, ...FILE_READERS, ...WORD_PRINTERS];

/**
 * BSD's tools (macOS) stop reading options at the first operand: `head b.txt -n 5` opens files named
 * `-n` and `5`, which no check saw (a link named `-n` read a key on macOS). There every reader takes
 * its options before its operands, as uniq and xxd already do everywhere.
 */
export function readersFor(bsd: boolean): readonly ProgramGrammar[] {
  return bsd ? ROWS.map((row) => ({ ...row, optionsBeforeOperands: true })) : ROWS;
}

export const READERS: readonly ProgramGrammar[] = readersFor(process.platform === 'darwin');
