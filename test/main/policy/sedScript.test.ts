// The sed script reading (policy/sedScript.ts): a table of scripts agents write and scripts that
// run or open files, and a differential property test against GNU sed's own reading of the same
// script (`sed --debug` prints the program it compiled, one command per line): whatever this rule
// admits, sed compiles with no `e`, `r`, `R`, `w`, `W` command and no `s///e` or `s///w` flag.
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sedScriptProblem } from '../../../src/main/policy/sedScript';

const ADMITTED = [
  's/return a + b/return a + b  # sum/',
  's/^## Usage/## Getting started/',
  's/# TODO: validate schema/# validated/',
  '/^#/d',
  's#src/pkg#src/lib#g',
  '3i import os',
  '3i hello world',
  '1a import sys',
  '$a\\',
  'a\\\ntext line\\\nsecond line',
  '1,5p',
  '1~2d',
  '/start/,/end/{/x/d;p}',
  '/a/,+3!d',
  's/[/]/X/',
  's/[]/]/X/',
  's/[[:alpha:]/]/X/g',
  '\\%a/b%d',
  '/x/I,$p',
  ':a;N;$!ba;s/\\n/ /g',
  'y/abc/xyz/',
  's/a/b/2g',
  's/a/b/I',
  'q5',
  '$=',
  'l 40',
  '#n\np',
  'p # a comment after a command',
  's/a\\/b/c/',
  '1{h;d};G',
];

const REFUSED: [string, RegExp][] = [
  ['s/a/b/w /tmp/x', /writes to another file/],
  ['s/x/id/e', /runs the line as a command/],
  ['s#a#b#e', /runs the line as a command/],
  ['s/a/b/gw out', /writes to another file/],
  ['1e id', /`e` command runs a command/],
  ['e id', /`e` command runs a command/],
  ['r /etc/passwd', /`r` command opens another file/],
  ['R x', /`R` command opens another file/],
  ['w x', /`w` command opens another file/],
  ['W x', /`W` command opens another file/],
  ['1!e id', /`e` command/],
  ['/x/,/y/{e id\n}', /`e` command/],
  ['s/[/]/x/w f', /writes to another file/],
  ['y/abc/xyz/;e id', /`e` command/],
  ['a foo\nw /tmp/x', /`w` command/],
  ['#comment\ne id', /`e` command/],
  ['s/a/b/;s/c/d/ew x', /runs the line/],
  ['p;r x', /`r` command/],
  // Not followed to its end: not read.
  ['s/a/b', /not one this rule can read/],
  ['s/[a\\]/]/X/', /not one this rule can read/],
  ['k', /not one this rule can read/],
  ['s/a/b/ x', /not one this rule can read/],
];

describe('sedScriptProblem', () => {
  it.each(ADMITTED)('admits %j', (script) => {
    expect(sedScriptProblem(script)).toBeNull();
  });
  it.each(REFUSED)('refuses %j', (script, why) => {
    expect(sedScriptProblem(script)).toMatch(why);
  });
});

/** GNU sed's compiled program for `script`, or null when it refuses to compile it. */
function sedProgram(script: string): string[] | null {
  try {
    const out = execFileSync('sed', ['--debug', '-n', '-e', script], {
      input: '',
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    return out.split('\n').slice(1);
  } catch {
    return null;
  }
}

/** Whether a line of sed's program is a command that runs something or opens a file. */
function reachesOut(line: string): boolean {
  const command = line
    .trim()
    // The address, as sed prints it: numbers, $, /re/ (escaped), ~, +, a comma, then ! and a blank.
    .replace(
      /^((\d+(~\d+)?|\$|\/(\\.|[^\\/])*\/[IM]*)(,(\d+(~\d+)?|\$|\/(\\.|[^\\/])*\/[IM]*|[+~]\d+))?)?\s*!?\s*/,
      '',
    );
  if (/^[eRrWw]/.test(command)) return true;
  const s = /^s\/(?:\\.|[^\\/])*\/(?:\\.|[^\\/])*\/(.*)$/.exec(command);
  return s !== null && /[ew]/.test(s[1]!);
}

const GNU_SED = (() => {
  try {
    return execFileSync('sed', ['--version'], { encoding: 'utf8' }).includes('GNU sed');
  } catch {
    return false;
  }
})();

describe.skipIf(!GNU_SED)('what the rule admits, GNU sed compiles with nothing that runs or opens a file', () => {
  it('holds for the table', () => {
    for (const script of ADMITTED) {
      const program = sedProgram(script);
      if (program === null) continue;
      expect(program.filter(reachesOut), script).toEqual([]);
    }
  });

  it('holds for scripts built from sed’s own pieces', () => {
    const piece = fc.constantFrom(
      's',
      'y',
      '/',
      '#',
      ';',
      '\n',
      '\\',
      '[',
      ']',
      ':',
      '^',
      '!',
      ',',
      '{',
      '}',
      ' ',
      'a',
      'i',
      'c',
      'e',
      'w',
      'r',
      'R',
      'W',
      'p',
      'd',
      'g',
      'x',
      '1',
      '$',
      '+',
      '~',
      'I',
      'M',
      'b',
      't',
      'q',
      'l',
      '=',
      'N',
      'id',
      '.',
      '|',
      'f',
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 14 }), (pieces) => {
        const script = pieces.join('');
        // sed --debug prints a text of several lines (a, i, c) as those lines, which would read as commands here.
        fc.pre(!(script.includes('\n') && /[aic]/.test(script)));
        if (sedScriptProblem(script) !== null) return;
        const program = sedProgram(script);
        if (program === null) return;
        expect(program.filter(reachesOut), JSON.stringify(script)).toEqual([]);
      }),
      { numRuns: Number(process.env.SED_RUNS ?? 400) },
    );
  });
});
