// find's row (seed 003 §5): one path operand, first, then an expression made only of
// -name <glob> -iname <glob> -type <word> -maxdepth <n> -mindepth <n> -path <glob> -newer <path>
// -size <word> -not -o -a. Everything else — -exec, -delete, -fprint, -files0-from, -L, `!`, a second
// path — is gated by name. find reads its primaries whole (never as clusters) and takes values as
// the next word only, so that is the only spelling read here.
import { flagReason } from './reasons';
import type { GrammarVerdict, PathCheck, RowExamples, ValueKind } from './types';
import { checkValue, show } from './values';
import { wordTable } from '../../shared/wordTable';

const PRIMARIES: Readonly<Record<string, ValueKind | null>> = wordTable({
  '-name': 'glob',
  '-iname': 'glob',
  '-type': 'word',
  '-maxdepth': 'n',
  '-mindepth': 'n',
  '-path': 'glob',
  '-newer': 'path',
  '-size': 'word',
  '-not': null,
  '-o': null,
  '-a': null,
});

/** find's row carries its proof like every other row (types.ts RowExamples). */
export const FIND_EXAMPLES: RowExamples = {
  auto: ['find', 'find src -name *.ts', 'find . -type f -maxdepth 2', 'find . -newer b.txt'],
  gated: [
    ['find / -name x', 'absolute'],
    ['find . -exec rm {} +', 'not-plain'],
    ['find . -exec rm x', 'flag-not-on-run-list'],
    ['find . -delete', 'flag-not-on-run-list'],
    ['find -L .', 'flag-not-on-run-list'],
    ['find . -newer link', 'link'],
    ['find dirlink', 'link'],
    ['find . src', 'operand-not-allowed'],
    ['find . -maxdepth x', 'value-not-allowed'],
  ],
};

/** What GNU find reads as the start of the expression rather than a path (`!`, `(`, `)`, `,`). */
function startsExpression(word: string): boolean {
  return word.startsWith('-') || word === '!' || word === ',' || word === '(' || word === ')';
}

export function readFind(argv: readonly string[]): GrammarVerdict {
  const checks: PathCheck[] = [];
  let i = 1;
  const first = argv[1];
  if (first !== undefined && !startsExpression(first)) {
    checks.push({ path: first, role: "find's path operand", recursive: true });
    i = 2;
  } else {
    checks.push({ path: '.', role: "find's search of the working directory", recursive: true });
  }
  for (; i < argv.length; i++) {
    const word = argv[i];
    if (!Object.prototype.hasOwnProperty.call(PRIMARIES, word!)) {
      if (word === '!')
        return { ok: false, code: 'flag-not-on-run-list', reason: 'find ! is not on the run list (-not is)' };
      if (word!.startsWith('-'))
        return { ok: false, code: 'flag-not-on-run-list', reason: flagReason('find', 'find', word!, word!) };
      return {
        ok: false,
        code: 'operand-not-allowed',
        reason: `find takes one path and it comes first; ${show(word!)} stands where the expression is`,
      };
    }
    const takes = PRIMARIES[word!];
    if (takes === null) continue;
    const value = argv[i + 1];
    if (value === undefined)
      return { ok: false, code: 'value-not-allowed', reason: `find ${word} needs a value, and none follows it` };
    const problem = checkValue(takes!, value, `find ${word}`, checks);
    if (problem !== null) return { ok: false, code: 'value-not-allowed', reason: problem };
    i++;
  }
  return { ok: true, checks, summary: 'find' };
}
