// On macOS the readers are BSD's, which stop reading options at the first operand: `head b.txt -n 5`
// opens files named `-n` and `5` there (fuzzing read a key through a link named `-n`, emulated with
// POSIXLY_CORRECT). So on BSD every reader takes its options before its operands.
import { describe, expect, it } from 'vitest';
import { readArgs } from '../../../src/main/policy/grammar';
import { readersFor } from '../../../src/main/policy/readers';

const bsd = new Map(readersFor(true).map((row) => [row.name, row]));
const gnu = new Map(readersFor(false).map((row) => [row.name, row]));

describe('reader rows on BSD', () => {
  it.each([
    ['head', ['b.txt', '-n', '5']],
    ['tail', ['b.txt', '-n', '5']],
    ['sed', ['-n', 'p', 'b.txt', '-E']],
    ['ls', ['src', '-l']],
    ['wc', ['b.txt', '-l']],
    ['nl', ['b.txt', '-w', '5']],
    ['grep', ['foo', 'b.txt', '-n']],
  ] as const)('gate %s with an option after an operand, and read it with the option first', (name, args) => {
    const row = bsd.get(name);
    expect(row, name).toBeDefined();
    const verdict = readArgs(row!, name, args);
    expect(verdict.ok, `${name} ${args.join(' ')}`).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toMatch(/reads options only before/);
    // GNU permutes: the same words are read as the options they are.
    expect(readArgs(gnu.get(name)!, name, args).ok).toBe(true);
  });

  it('keeps every row, each reading options first', () => {
    expect([...bsd.keys()]).toEqual([...gnu.keys()]);
    for (const row of bsd.values()) expect(row.optionsBeforeOperands, row.name).toBe(true);
  });
});
