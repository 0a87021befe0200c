// The run list's readers of what a file is and holds byte by byte (readers.ts joins every reader
// row): file, stat, du, tree, realpath, basename, dirname, cmp, checksums, xxd, od, hexdump, strings.
import { reader, WALKS, pathGates } from './readerRow';
import type { ProgramGrammar } from './types';

export const FILE_READERS: readonly ProgramGrammar[] = [
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
];
