// What every reader row of the run list is built from (readersText.ts, readersFiles.ts,
// readersWords.ts): a GNU reader's shape, the walk a recursive one makes, and the gated forms every
// path-reading row shares.
import type { ProgramGrammar } from './types';

type Short = NonNullable<ProgramGrammar['short']>;

/** GNU readers: permuted options, `--` accepted, path operands. */
export function reader(
  name: string,
  short: Short,
  examples: ProgramGrammar['examples'],
  extra: Partial<ProgramGrammar> = {},
): ProgramGrammar {
  return { name, short, operands: { kind: 'paths' }, doubleDash: true, examples, ...extra };
}

/** Operands the program descends into (and its cwd when given none): no deny-listed place may lie below. */
export const WALKS = { fromCwd: 'whenNone' } as const;

/** Gated forms every path-reading row shares: outside, climbing, a link, .git, a device or process file. */
export function pathGates(program: string): [string, 'absolute' | 'climbs-out' | 'link' | 'git-dir' | 'home-tilde'][] {
  return [
    [`${program} /etc/passwd`, 'absolute'],
    [`${program} ../outside.txt`, 'climbs-out'],
    [`${program} link`, 'link'],
    [`${program} .git/config`, 'git-dir'],
    [`${program} /proc/self/environ`, 'absolute'],
  ];
}
