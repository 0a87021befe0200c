// The run list's read-only tools (seed 003 §5's readers, and issue 19's): one row per program, every
// flag spelled, values typed, operands inside the workspace. Each flag is here only when it neither
// writes, nor runs anything, nor reads a file named by its value, nor follows a link, in GNU's and in
// BSD's (macOS) reading of it: a letter that means "follow links" or "read FILE" in either is left out,
// and so gated. Which flags take a value is written per program (`head -c` takes a number, `wc -c` is
// a switch). Adding a row touches this file and nothing else of the policy; the tests that hold the
// oracle and the corpus to the rows are named in docs/architecture.md.
import type { ProgramGrammar } from './types';

type Short = NonNullable<ProgramGrammar['short']>;

/** GNU readers: permuted options, `--` accepted, path operands. */
function reader(
  name: string,
  short: Short,
  examples: ProgramGrammar['examples'],
  extra: Partial<ProgramGrammar> = {},
): ProgramGrammar {
  return { name, short, operands: { kind: 'paths' }, doubleDash: true, examples, ...extra };
}

/** Operands the program descends into (and its cwd when given none): no deny-listed place may lie below. */
const WALKS = { fromCwd: 'whenNone' } as const;

/** Gated forms every path-reading row shares: outside, climbing, a link, .git, a device or process file. */
function pathGates(program: string): [string, 'absolute' | 'climbs-out' | 'link' | 'git-dir' | 'home-tilde'][] {
  return [
    [`${program} /etc/passwd`, 'absolute'],
    [`${program} ../outside.txt`, 'climbs-out'],
    [`${program} link`, 'link'],
    [`${program} .git/config`, 'git-dir'],
    [`${program} /proc/self/environ`, 'absolute'],
  ];
}

const ROWS: readonly ProgramGrammar[] = [
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
  // file: no -L (follows), -f (reads names from a file), -m (a magic file), -C (writes one), -z/-Z
  // (runs decompressors), -s (reads devices).
  reader(
    'file',
    { b: null, i: null, k: null, h: null },
    {
      auto: ['file b.txt', 'file -b src/a.ts', 'file --mime-type b.txt'],
      gated: [
        ['file -L b.txt', 'flag-not-on-run-list'],
        ['file -f names.txt', 'flag-not-on-run-list'],
        ['file -m /tmp/magic b.txt', 'flag-not-on-run-list'],
        ['file -C', 'flag-not-on-run-list'],
        ['file -z b.txt', 'flag-not-on-run-list'],
        ['file -s b.txt', 'flag-not-on-run-list'],
        ...pathGates('file'),
      ],
    },
    { long: { '--mime-type': null, '--mime': null, '--brief': null } },
  ),
  // stat: no -L/--dereference (follows); -c and --format take a format, never a path.
  reader(
    'stat',
    { c: 're', t: null },
    {
      auto: ['stat b.txt', 'stat -c %s b.txt', 'stat --format=%n src'],
      gated: [
        ['stat -L b.txt', 'flag-not-on-run-list'],
        ['stat --dereference b.txt', 'flag-not-on-run-list'],
        ...pathGates('stat'),
      ],
    },
    { long: { '--format': 're', '--terse': null } },
  ),
  // du descends, never following links without -L/-H/-D (gated); --files0-from and -X read a file.
  reader(
    'du',
    { s: null, h: null, a: null, c: null, k: null, m: null, x: null, d: 'n' },
    {
      auto: ['du', 'du -sh src', 'du -h -d 1'],
      gated: [
        ['du -L src', 'flag-not-on-run-list'],
        ['du -H src', 'flag-not-on-run-list'],
        ['du --files0-from=b.txt', 'flag-not-on-run-list'],
        ['du -X b.txt', 'flag-not-on-run-list'],
        ['du dirlink', 'link'],
        ['du /', 'absolute'],
      ],
    },
    { long: { '--max-depth': 'n' }, operands: { kind: 'paths', recursive: WALKS } },
  ),
  // tree: no -l (follows links), -o (writes a file), -R/-H (write HTML files), --fromfile. -L is a
  // depth here. tree takes a value-taking letter's value from the next word only.
  {
    name: 'tree',
    short: {
      a: null,
      d: null,
      f: null,
      i: null,
      s: null,
      h: null,
      p: null,
      D: null,
      F: null,
      C: null,
      n: null,
      x: null,
      L: 'n',
      I: 'glob',
      P: 'glob',
    },
    long: { '--noreport': null, '--dirsfirst': null },
    valuesSeparate: true,
    operands: { kind: 'paths', recursive: WALKS },
    examples: {
      auto: ['tree', 'tree -L 2 src', 'tree -a -I node_modules', 'tree -dL 2', 'tree --dirsfirst src'],
      gated: [
        ['tree -l', 'flag-not-on-run-list'],
        ['tree -o out.txt', 'flag-not-on-run-list'],
        ['tree -R -H x', 'flag-not-on-run-list'],
        ['tree --fromfile b.txt', 'flag-not-on-run-list'],
        ['tree -L2', 'flag-not-on-run-list'],
        ['tree -I a src -L', 'value-not-allowed'],
        ['tree dirlink', 'link'],
      ],
    },
  },
  reader(
    'realpath',
    { e: null, m: null, s: null, q: null, z: null },
    {
      auto: ['realpath b.txt', 'realpath -m src/new.ts'],
      gated: [['realpath --relative-to=/ b.txt', 'flag-not-on-run-list'], ...pathGates('realpath')],
    },
    { operands: { kind: 'paths', min: 1 } },
  ),
  reader(
    'basename',
    { a: null, s: 'word', z: null },
    {
      auto: ['basename src/a.ts', 'basename src/a.ts .ts', 'basename -s .ts src/a.ts'],
      gated: [
        ['basename /etc/passwd', 'absolute'],
        ['basename', 'operand-not-allowed'],
      ],
    },
    { operands: { kind: 'paths', min: 1 } },
  ),
  reader(
    'dirname',
    { z: null },
    {
      auto: ['dirname src/a.ts'],
      gated: [
        ['dirname /x', 'absolute'],
        ['dirname', 'operand-not-allowed'],
      ],
    },
    { operands: { kind: 'paths', min: 1 } },
  ),
  // cmp's third and fourth operands are byte offsets, not paths: at most the two files.
  reader(
    'cmp',
    { b: null, l: null, s: null, n: 'n', i: 'n' },
    {
      auto: ['cmp b.txt notes.md', 'cmp -s b.txt notes.md'],
      gated: [
        ['cmp b.txt notes.md 1 2', 'operand-not-allowed'],
        ['cmp b.txt link', 'link'],
      ],
    },
    { operands: { kind: 'paths', max: 2 } },
  ),
  // The checksum tools: no -c/--check (reads the files a list names).
  ...['md5sum', 'sha1sum', 'sha256sum'].map((name) =>
    reader(
      name,
      { b: null, t: null, z: null },
      {
        auto: [`${name} b.txt src/a.ts`, `${name} --tag b.txt`],
        gated: [
          [`${name} -c sums.txt`, 'flag-not-on-run-list'],
          [`${name} --check sums.txt`, 'flag-not-on-run-list'],
          ...pathGates(name),
        ],
      },
      { long: { '--tag': null } },
    ),
  ),
  // xxd: one operand (a second is a file it writes), no -r (writes binary). xxd reads a word by its
  // first letters (`-cols`, `-ps`), so each letter stands alone with its value as the next word; and
  // it stops reading options at its first operand (`xxd b.txt -p` writes a file named -p).
  {
    name: 'xxd',
    short: { c: 'n', g: 'n', l: 'n', s: 'n', o: 'n', u: null, p: null, i: null, b: null, e: null, d: null },
    shortWhole: true,
    optionsBeforeOperands: true,
    operands: { kind: 'paths', max: 1 },
    examples: {
      auto: ['xxd b.txt', 'xxd -l 64 b.txt', 'xxd -p b.txt'],
      gated: [
        ['xxd b.txt out.bin', 'operand-not-allowed'],
        ['xxd b.txt -p', 'flag-not-on-run-list'],
        ['xxd -r b.txt', 'flag-not-on-run-list'],
        ['xxd -revert b.txt', 'flag-not-on-run-list'],
        ['xxd -ps b.txt', 'flag-not-on-run-list'],
        ...pathGates('xxd'),
      ],
    },
  },
  reader(
    'od',
    { A: 'word', t: 'word', N: 'n', j: 'n', v: null, c: null, x: null, b: null, d: null, o: null },
    {
      auto: ['od -c b.txt', 'od -A x -t x1 b.txt'],
      gated: [['od -w b.txt', 'flag-not-on-run-list'], ...pathGates('od')],
    },
  ),
  // hexdump: no -f (a format file) or -e.
  reader(
    'hexdump',
    { C: null, v: null, x: null, c: null, d: null, o: null, b: null, n: 'n', s: 'n' },
    {
      auto: ['hexdump -C b.txt', 'hexdump -n 64 -C b.txt'],
      gated: [
        ['hexdump -f fmt b.txt', 'flag-not-on-run-list'],
        ['hexdump -e x b.txt', 'flag-not-on-run-list'],
        ...pathGates('hexdump'),
      ],
    },
  ),
  // strings (binutils) expands `@file` into more arguments.
  reader(
    'strings',
    { a: null, f: null, w: null, n: 'n', t: 'word' },
    {
      auto: ['strings b.txt', 'strings -n 8 -t x b.txt'],
      gated: [
        ['strings @args.txt', 'flag-not-on-run-list'],
        ['strings -T x b.txt', 'flag-not-on-run-list'],
        ...pathGates('strings'),
      ],
    },
    { responseFiles: true },
  ),
  // jq: the filter first (scripts.ts: no import, include, env, input…), then files inside. No -f,
  // -L, --rawfile, --slurpfile, --arg (two values), --args.
  {
    name: 'jq',
    short: { r: null, j: null, c: null, n: null, s: null, e: null, S: null, M: null, a: null, C: null, R: null },
    long: {
      '--raw-output': null,
      '--compact-output': null,
      '--slurp': null,
      '--null-input': null,
      '--sort-keys': null,
      '--tab': null,
      '--exit-status': null,
      '--join-output': null,
      '--ascii-output': null,
      '--monochrome-output': null,
      '--raw-input': null,
    },
    operands: { kind: 'scriptThenPaths', language: 'jq' },
    examples: {
      auto: ['jq . data.json', 'jq -r .name data.json', 'jq -c .a.b data.json', 'jq keys data.json', 'jq -n 1+1'],
      gated: [
        ['jq -f prog.jq data.json', 'flag-not-on-run-list'],
        ['jq --from-file prog.jq', 'flag-not-on-run-list'],
        ['jq -L /tmp . data.json', 'flag-not-on-run-list'],
        ['jq --rawfile x /etc/passwd .', 'flag-not-on-run-list'],
        ['jq --slurpfile x /etc/passwd .', 'flag-not-on-run-list'],
        ['jq --arg x y . data.json', 'flag-not-on-run-list'],
        ['jq -n env', 'script-not-allowed'],
        ['jq \'import "x" as y\' data.json', 'script-not-allowed'],
        ['jq -n \'include "x"\'', 'script-not-allowed'],
        ['jq -n input', 'script-not-allowed'],
        ['jq -n inputs data.json', 'script-not-allowed'],
        ['jq -n \'"x" modulemeta\'', 'script-not-allowed'],
        ['jq -n get_search_list', 'script-not-allowed'],
        ["jq '.a | env' data.json", 'not-plain'],
        ['jq . /etc/passwd', 'absolute'],
        ['jq . link', 'link'],
      ],
    },
  },
  // date: no -s/--set, no operand but a +FORMAT (any other sets the clock), no -d/-f/-r (BSD reads
  // them as setting the kernel's clock state, GNU as a file or a date to parse).
  {
    name: 'date',
    short: { u: null, R: null, I: null },
    long: { '--utc': null },
    operands: { kind: 'dateFormat' },
    examples: {
      auto: ['date', 'date -u', 'date +%Y-%m-%d', 'date -u +%s', 'date -I'],
      gated: [
        ['date -s 2020-01-01', 'flag-not-on-run-list'],
        ['date --set=x', 'flag-not-on-run-list'],
        ['date 0101000020', 'operand-not-allowed'],
        ['date -f b.txt', 'flag-not-on-run-list'],
        ['date -r b.txt', 'flag-not-on-run-list'],
        ['date -d now', 'flag-not-on-run-list'],
      ],
    },
  },
  {
    name: 'pwd',
    short: { L: null, P: null },
    operands: { kind: 'none' },
    examples: { auto: ['pwd', 'pwd -P'], gated: [['pwd x', 'operand-not-allowed']] },
  },
  {
    name: 'true',
    operands: { kind: 'none' },
    examples: {
      auto: ['true'],
      gated: [
        ['true --help', 'flag-not-on-run-list'],
        ['true x', 'operand-not-allowed'],
      ],
    },
  },
  {
    name: 'false',
    operands: { kind: 'none' },
    examples: { auto: ['false'], gated: [['false --version', 'flag-not-on-run-list']] },
  },
  // printf and echo are the programs on the captured PATH (/usr/bin/printf), not a shell's builtins:
  // they write their words to standard output and nothing else. A backslash escape never lexes.
  {
    name: 'printf',
    operands: { kind: 'strings', min: 1 },
    examples: {
      auto: ['printf %s hello', 'printf "%s " a b', 'printf x'],
      gated: [
        ['printf -v x y', 'flag-not-on-run-list'],
        ['printf', 'operand-not-allowed'],
        ['printf "a\\nb"', 'not-plain'],
      ],
    },
  },
  {
    name: 'echo',
    short: { n: null },
    operands: { kind: 'anyWords' },
    examples: {
      auto: ['echo', 'echo hello world', 'echo -n hi'],
      gated: [
        ['echo -e x', 'flag-not-on-run-list'],
        ['echo $HOME', 'not-plain'],
      ],
    },
  },
  {
    name: 'which',
    operands: { kind: 'words', min: 1, max: 1 },
    examples: {
      auto: ['which node'],
      gated: [
        ['which -a node', 'flag-not-on-run-list'],
        ['which ./x', 'operand-not-allowed'],
      ],
    },
  },
];

/**
 * BSD's tools (macOS) stop reading options at the first operand: `head b.txt -n 5` opens files named
 * `-n` and `5`, which no check saw (a link named `-n` read a key on macOS). There every reader takes
 * its options before its operands, as uniq and xxd already do everywhere.
 */
export function readersFor(bsd: boolean): readonly ProgramGrammar[] {
  return bsd ? ROWS.map((row) => ({ ...row, optionsBeforeOperands: true })) : ROWS;
}

export const READERS: readonly ProgramGrammar[] = readersFor(process.platform === 'darwin');
