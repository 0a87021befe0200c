// The run list's readers of files' text and of folders' listings (readers.ts joins every reader
// row): ls, cat, head, tail, wc, grep, rg, diff, sort, uniq, sed, and the line tools.
import { reader, pathGates } from './readerRow';
import type { ProgramGrammar } from './types';

export const TEXT_READERS: readonly ProgramGrammar[] = [
  reader(
    'ls',
    {
      l: null,
      a: null,
      A: null,
      '1': null,
      h: null,
      R: null,
      t: null,
      S: null,
      r: null,
      d: null,
      F: null,
      p: null,
      i: null,
      s: null,
      n: null,
    },
    {
      auto: ['ls', 'ls -1', 'ls -la src', 'ls -lhtr', 'ls -R src', 'ls --color=never -l', 'ls -- src'],
      gated: [
        ['ls -L src', 'flag-not-on-run-list'],
        ['ls -H', 'flag-not-on-run-list'],
        ['ls --dereference', 'flag-not-on-run-list'],
        ['ls --color=always', 'flag-not-on-run-list'],
        ['ls dirlink', 'link'],
        ['ls -R -- -x', 'operand-not-allowed'],
        ['ls /', 'absolute'],
      ],
    },
    // -R descends, never following links (GNU and BSD alike); it must not start above a denied place.
    {
      long: { '--color=never': null },
      operands: { kind: 'paths', recursive: { fromCwd: 'whenNone', onlyWith: '-R' } },
    },
  ),
  reader(
    'cat',
    {},
    {
      auto: ['cat b.txt', 'cat -- b.txt'],
      gated: [['cat -n b.txt', 'flag-not-on-run-list'], ['cat -', 'operand-not-allowed'], ...pathGates('cat')],
    },
  ),
  reader(
    'head',
    { n: 'n', c: 'n' },
    {
      auto: ['head -n 5 b.txt', 'head -c10 b.txt'],
      gated: [
        ['head -n x b.txt', 'value-not-allowed'],
        ['head -5 b.txt', 'flag-not-on-run-list'],
      ],
    },
  ),
  reader(
    'tail',
    { n: 'n', c: 'n' },
    {
      auto: ['tail -n 5 b.txt'],
      gated: [
        ['tail -f b.txt', 'flag-not-on-run-list'],
        ['tail inlink', 'link'],
      ],
    },
  ),
  reader(
    'wc',
    { l: null, c: null, w: null },
    { auto: ['wc -l b.txt', 'wc -lcw b.txt src/a.ts'], gated: [['wc --files0-from=b.txt', 'flag-not-on-run-list']] },
  ),
  reader(
    'grep',
    { n: null, i: null, r: null, E: null, F: null, w: null, c: null, l: null },
    {
      auto: ['grep foo b.txt', 'grep -rn foo src', 'grep --include=*.ts -r foo src'],
      gated: [
        ['grep -R foo', 'flag-not-on-run-list'],
        ['grep -f /etc/passwd x', 'flag-not-on-run-list'],
        ['grep --include=../* foo', 'value-not-allowed'],
        ['grep x dirlink', 'link'],
      ],
    },
    { long: { '--include': 'glob' }, operands: { kind: 'patternThenPaths', recursive: '-r' } },
  ),
  reader(
    'rg',
    { n: null, i: null, w: null, l: null, c: null, g: 'glob', t: 'word' },
    {
      auto: ['rg foo', 'rg -n -g *.ts foo src'],
      gated: [
        ['rg -L foo', 'flag-not-on-run-list'],
        ['rg --pre cat foo', 'flag-not-on-run-list'],
        ['rg -g /etc/* foo', 'value-not-allowed'],
      ],
    },
    { long: { '--no-follow': null }, operands: { kind: 'patternThenPaths', recursive: 'always' } },
  ),
  // The table lists -r for diff; SPEC §7 removes it (GNU diff follows links met inside both trees),
  // and a directory operand is refused for the same reason (diff a b compares the files inside).
  reader(
    'diff',
    { u: null },
    {
      auto: ['diff -u b.txt notes.md'],
      gated: [
        ['diff -r src web', 'flag-not-on-run-list'],
        ['diff b.txt src', 'operand-not-allowed'],
        ['diff b.txt link', 'link'],
      ],
    },
    { operands: { kind: 'paths', notDirectory: true } },
  ),
  // sort: no -o/--output (writes), -T (a temp directory anywhere), --compress-program (runs one),
  // --files0-from and --random-source (read a file named by a flag). -k and -t take words.
  reader(
    'sort',
    {
      n: null,
      r: null,
      u: null,
      f: null,
      b: null,
      d: null,
      g: null,
      h: null,
      M: null,
      V: null,
      s: null,
      c: null,
      k: 'word',
      t: 'word',
    },
    {
      auto: ['sort b.txt', 'sort -nru b.txt', 'sort -t : -k 2,2n b.txt', 'sort -k2 -h b.txt'],
      gated: [
        ['sort -o out b.txt', 'flag-not-on-run-list'],
        ['sort b.txt -o /tmp/x', 'flag-not-on-run-list'],
        ['sort --output=x b.txt', 'flag-not-on-run-list'],
        ['sort -T /tmp b.txt', 'flag-not-on-run-list'],
        ['sort --compress-program=sh b.txt', 'flag-not-on-run-list'],
        ['sort --compress-prog=sh b.txt', 'flag-not-on-run-list'],
        ['sort --random-source=/dev/urandom b.txt', 'flag-not-on-run-list'],
      ],
    },
  ),
  // uniq's second operand is an output file (SPEC §7), and BSD's uniq stops reading options at the
  // first operand: `uniq b.txt -c` writes to a file named -c there. So options come first.
  reader(
    'uniq',
    { c: null },
    {
      auto: ['uniq -c b.txt'],
      gated: [
        ['uniq b.txt out.txt', 'operand-not-allowed'],
        ['uniq b.txt -c', 'flag-not-on-run-list'],
        ['uniq b.txt --', 'flag-not-on-run-list'],
      ],
    },
    { operands: { kind: 'paths', max: 1 }, optionsBeforeOperands: true },
  ),
  // sed: only -n with a print-only script (scripts.ts); -i, -f, -e, -s, --follow-symlinks are absent.
  reader(
    'sed',
    { n: null, E: null },
    {
      auto: [
        'sed -n 1,5p b.txt',
        'sed -n 3p b.txt',
        'sed -n /foo/p src/a.ts',
        'sed -n /a/,/b/p b.txt',
        'sed -nE 2,4p b.txt',
        'sed -n p b.txt',
      ],
      gated: [
        ['sed 1,5p b.txt', 'flag-not-on-run-list'],
        ['sed -n 1w/tmp/x b.txt', 'script-not-allowed'],
        ['sed -n 1,5w out.txt b.txt', 'script-not-allowed'],
        ['sed -n s/a/b/w b.txt', 'script-not-allowed'],
        ['sed -n s/a/id/e b.txt', 'script-not-allowed'],
        ['sed -n 1e b.txt', 'script-not-allowed'],
        ['sed -n 1r/etc/passwd b.txt', 'script-not-allowed'],
        ['sed -n 1R/etc/passwd b.txt', 'script-not-allowed'],
        ['sed -n 1W/tmp/x b.txt', 'script-not-allowed'],
        ['sed -i -n 1p b.txt', 'flag-not-on-run-list'],
        ['sed -n 1p b.txt -i', 'flag-not-on-run-list'],
        ['sed -n --in-place 1p b.txt', 'flag-not-on-run-list'],
        ['sed -n -s 1p b.txt', 'flag-not-on-run-list'],
        ['sed -n --follow-symlinks 1p b.txt', 'flag-not-on-run-list'],
        ['sed -n -f script.sed b.txt', 'flag-not-on-run-list'],
        ['sed -n -e 1p b.txt', 'flag-not-on-run-list'],
        ['sed -n 1p link', 'link'],
        ['sed -n 1p /etc/passwd', 'absolute'],
      ],
    },
    { requires: ['-n'], operands: { kind: 'scriptThenPaths', language: 'sed-print' } },
  ),
  reader(
    'nl',
    { b: 'word', n: 'word', w: 'n', s: 'word', v: 'n', i: 'n' },
    { auto: ['nl b.txt', 'nl -ba -w 3 b.txt'], gated: [['nl -f a b.txt', 'flag-not-on-run-list'], ...pathGates('nl')] },
  ),
  reader(
    'tac',
    { b: null, r: null, s: 'word' },
    { auto: ['tac b.txt'], gated: [['tac --separator=x b.txt', 'flag-not-on-run-list'], ...pathGates('tac')] },
  ),
  reader('rev', {}, { auto: ['rev b.txt'], gated: [['rev -0 b.txt', 'flag-not-on-run-list'], ...pathGates('rev')] }),
  reader(
    'fold',
    { w: 'n', s: null, b: null },
    {
      auto: ['fold -w 40 -s b.txt'],
      gated: [
        ['fold -w x b.txt', 'value-not-allowed'],
        ['fold link', 'link'],
      ],
    },
  ),
  reader(
    'expand',
    { t: 'n', i: null },
    {
      auto: ['expand -t 4 b.txt'],
      gated: [
        ['expand -t 4,8 b.txt', 'value-not-allowed'],
        ['expand ../x', 'climbs-out'],
      ],
    },
  ),
  reader(
    'cut',
    { b: 'list', c: 'list', f: 'list', d: 'word', s: null, n: null },
    {
      auto: ['cut -d : -f 1 b.txt', 'cut -f1,3-5 b.txt', 'cut -c 1-10 b.txt', 'cut --complement -f 2 b.txt'],
      gated: [
        ['cut -f -3 b.txt', 'value-not-allowed'],
        ['cut -f x b.txt', 'value-not-allowed'],
        ['cut -f 1 link', 'link'],
      ],
    },
    { long: { '--complement': null } },
  ),
  // tr reads only standard input: its operands are its two sets, never paths.
  {
    name: 'tr',
    short: { d: null, s: null, c: null, C: null, t: null },
    operands: { kind: 'strings', min: 1, max: 2 },
    examples: {
      auto: ['tr a-z A-Z', 'tr -d x', 'tr -s " "'],
      gated: [
        ['tr a b b.txt', 'operand-not-allowed'],
        ['tr', 'operand-not-allowed'],
        ['tr -- -a b', 'flag-not-on-run-list'],
      ],
    },
  },
  reader(
    'column',
    { t: null, x: null, s: 'word', c: 'n' },
    {
      auto: ['column -t b.txt', 'column -t -s : b.txt'],
      gated: [['column -J b.txt', 'flag-not-on-run-list'], ...pathGates('column')],
    },
  ),
  reader(
    'paste',
    { d: 'word', s: null },
    {
      auto: ['paste b.txt notes.md', 'paste -s -d , b.txt'],
      gated: [['paste -z b.txt', 'flag-not-on-run-list'], ...pathGates('paste')],
    },
  ),
  reader(
    'join',
    { '1': 'n', '2': 'n', t: 'word', a: 'n', v: 'n', i: null, j: 'n' },
    {
      auto: ['join b.txt notes.md', 'join -t : -1 2 b.txt notes.md'],
      gated: [
        ['join b.txt notes.md src/a.ts', 'operand-not-allowed'],
        ['join -o 1.1 b.txt notes.md', 'flag-not-on-run-list'],
        ['join b.txt link', 'link'],
      ],
    },
    { operands: { kind: 'paths', max: 2 } },
  ),
  reader(
    'comm',
    { '1': null, '2': null, '3': null },
    {
      auto: ['comm -12 b.txt notes.md'],
      gated: [
        ['comm b.txt notes.md x', 'operand-not-allowed'],
        ['comm b.txt /etc/passwd', 'absolute'],
      ],
    },
    { operands: { kind: 'paths', max: 2 } },
  ),
];
