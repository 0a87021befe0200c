// GNU's getopt_long, Python's argparse, gpg and git's parse-options take a long option by any prefix
// of it that no other option shares (`grep --recu` is `--recursive`, `sed --i` is `--in-place`,
// `python3 -m venv --cle` is `--clear`). The rules match options by their whole spelling, so before
// a command is judged its long options are written out whole: a word that is not one of the
// program's options listed here, and is the beginning of exactly one of them, becomes that option
// (its `=value` kept). Each list holds the options the rules read, and the program's other options
// that begin another's spelling (`--null` beside `--null-data`), so that a word spelled whole is
// never taken for a longer one.
import { wordTable } from '../../shared/wordTable';
import { gitSubcommand } from './containedNetwork';

const GREP = [
  '--regexp',
  '--file',
  '--recursive',
  '--dereference-recursive',
  '--directories',
  '--devices',
  '--include',
  '--exclude',
  '--exclude-dir',
  '--exclude-from',
  '--files-with-matches',
  '--files-without-match',
  '--count',
  '--null',
  '--null-data',
  '--quiet',
  '--silent',
  '--invert-match',
  '--only-matching',
  '--label',
  '--group-separator',
  '--no-group-separator',
  '--max-count',
  '--context',
  '--after-context',
  '--before-context',
  '--binary-files',
  '--line-buffered',
  '--line-number',
  '--line-regexp',
];

const COPIES = [
  '--suffix',
  '--backup',
  '--target-directory',
  '--no-target-directory',
  '--force',
  '--remove-destination',
  '--dereference',
  '--recursive',
  '--parents',
  '--link',
  '--symbolic-link',
  '--update',
  '--no-clobber',
];

const BY_PROGRAM: Readonly<Record<string, readonly string[]>> = wordTable({
  grep: GREP,
  egrep: GREP,
  fgrep: GREP,
  zgrep: GREP,
  sed: [
    '--expression',
    '--file',
    '--in-place',
    '--sandbox',
    '--null-data',
    '--separate',
    '--silent',
    '--quiet',
    '--regexp-extended',
    '--debug',
    '--posix',
    '--line-length',
    '--follow-symlinks',
    '--zero-terminated',
  ],
  // ag (getopt_long): what widens its walk, and the options that begin their spelling.
  ag: [
    '--hidden',
    '--unrestricted',
    '--skip-vcs-ignores',
    '--all-types',
    '--all-text',
    '--follow',
    '--files-with-matches',
    '--files-without-matches',
    '--count',
    '--search-binary',
    '--search-zip',
    '--heading',
    '--help',
    '--unicode',
    '--silent',
    '--stats',
    '--stats-only',
  ],
  diff: [
    '--recursive',
    '--new-file',
    '--unidirectional-new-file',
    '--from-file',
    '--to-file',
    '--exclude',
    '--exclude-from',
    '--brief',
    '--report-identical-files',
    '--text',
  ],
  gzip: ['--recursive', '--stdout', '--to-stdout', '--decompress', '--keep', '--force', '--list', '--test', '--suffix'],
  wc: ['--files0-from'],
  du: ['--files0-from', '--exclude-from', '--dereference', '--dereference-args'],
  file: ['--files-from', '--magic-file', '--mime', '--mime-type', '--dereference', '--uncompress', '--compile'],
  tar: [
    '--files-from',
    '--directory',
    '--create',
    '--extract',
    '--get',
    '--to-stdout',
    '--file',
    '--remove-files',
    '--use-compress-program',
    '--checkpoint',
    '--checkpoint-action',
    '--to-command',
    '--info-script',
    '--new-volume-script',
    '--rsh-command',
    '--exclude-from',
    '--transform',
    '--dereference',
    '--absolute-names',
    '--overwrite',
    '--unlink-first',
    '--recursive-unlink',
    '--list',
    '--append',
    '--update',
  ],
  zip: ['--names-stdin', '--unzip-command', '--move', '--test', '--recurse-paths', '--output-file'],
  cp: COPIES,
  mv: COPIES,
  install: COPIES,
  ln: COPIES,
  sort: ['--output', '--compress-program', '--files0-from', '--temporary-directory', '--merge', '--random-source'],
  iconv: ['--output', '--from-code', '--to-code'],
  gpg: ['--output', '--yes', '--dearmor', '--decrypt', '--batch', '--armor', '--export', '--export-secret-keys'],
  'python -m venv': [
    '--clear',
    '--upgrade',
    '--system-site-packages',
    '--symlinks',
    '--copies',
    '--without-pip',
    '--prompt',
    '--upgrade-deps',
  ],
  'python -m zipfile': ['--list', '--extract', '--create', '--test'],
  'python -m tarfile': ['--list', '--extract', '--create', '--test'],
  // The long options that run a command (containedRunners.ts RUNNING_FLAGS), where the program takes a prefix.
  split: ['--filter'],
  strace: ['--env', '--output'],
  npm: ['--call'],
  pnpm: ['--shell-mode'],
  'git rebase': ['--exec'],
  stat: ['--dereference', '--file-system', '--format', '--printf', '--terse', '--cached'],
  readlink: [
    '--canonicalize',
    '--canonicalize-existing',
    '--canonicalize-missing',
    '--no-newline',
    '--quiet',
    '--silent',
    '--verbose',
    '--zero',
  ],
  ls: [
    '--dereference',
    '--dereference-command-line',
    '--dereference-command-line-symlink-to-dir',
    '--directory',
    '--format',
  ],
  timeout: ['--signal', '--kill-after', '--verbose', '--preserve-status', '--foreground'],
  nice: ['--adjustment'],
  time: ['--output', '--append', '--format', '--portability', '--verbose', '--quiet'],
  perf: ['--output', '--append', '--pre', '--post', '--repeat', '--event'],
  valgrind: [
    '--log-file',
    '--xml-file',
    '--log-fd',
    '--xml',
    '--tool',
    '--callgrind-out-file',
    '--massif-out-file',
    '--cachegrind-out-file',
    '--dhat-out-file',
    '--suppressions',
  ],
  'git grep': [
    '--no-index',
    '--untracked',
    '--no-exclude-standard',
    '--exclude-standard',
    '--open-files-in-pager',
    '--recurse-submodules',
    '--cached',
    '--text',
    '--files-with-matches',
    '--files-without-match',
    '--count',
    '--extended-regexp',
    '--basic-regexp',
    '--fixed-strings',
    '--perl-regexp',
    '--invert-match',
    '--threads',
  ],
  // Every long option of git add (2.39), so that a prefix of one is never taken for another.
  'git add': [
    '--dry-run',
    '--verbose',
    '--interactive',
    '--patch',
    '--edit',
    '--force',
    '--update',
    '--renormalize',
    '--intent-to-add',
    '--all',
    '--ignore-removal',
    '--refresh',
    '--ignore-errors',
    '--ignore-missing',
    '--sparse',
    '--chmod',
    '--pathspec-from-file',
    '--pathspec-file-nul',
    '--no-warn-embedded-repo',
  ],
  'git stash': [
    '--all',
    '--include-untracked',
    '--keep-index',
    '--patch',
    '--quiet',
    '--message',
    '--staged',
    '--pathspec-from-file',
    '--no-keep-index',
    '--index',
  ],
});

/** Which list a command's long options are read with, and where its own words begin. */
function listFor(argv: readonly string[]): { list: readonly string[]; from: number } | null {
  // A system binary by its path is that program (`/usr/bin/grep`), as the rules read it.
  const first = argv[0] ?? '';
  const program = /^\/(usr\/(local\/)?)?s?bin\/[^/]+$/.test(first) ? first.slice(first.lastIndexOf('/') + 1) : first;
  if ((program === 'python' || program === 'python3') && argv[1] === '-m') {
    const list = BY_PROGRAM[`python -m ${argv[2]}`];
    return list ? { list, from: 3 } : null;
  }
  if (program === 'git') {
    // The subcommand is the first word after git's own options and their values
    // (`git --namespace stash grep …` runs grep).
    const at = argv.length - gitSubcommand(argv.slice(1)).length;
    const list = BY_PROGRAM[`git ${argv[at] ?? ''}`];
    return list ? { list, from: at + 1 } : null;
  }
  const list = BY_PROGRAM[program];
  return list ? { list, from: 1 } : null;
}

/** The long option a word spells, written out whole, or the word as it is. */
function whole(word: string, list: readonly string[]): string {
  const eq = word.indexOf('=');
  const name = eq < 0 ? word : word.slice(0, eq);
  if (name.length < 3 || list.includes(name)) return word;
  const matches = list.filter((option) => option.startsWith(name));
  if (matches.length !== 1) return word;
  return eq < 0 ? matches[0]! : `${matches[0]}${word.slice(eq)}`;
}

/** The argv with its long options written out whole (the same array when none was abbreviated). */
export function wholeLongOptions(argv: readonly string[]): readonly string[] {
  const found = listFor(argv);
  if (!found) return argv;
  let out: string[] | null = null;
  for (let i = found.from; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === '--') break;
    if (!w.startsWith('--')) continue;
    const spelled = whole(w, found.list);
    if (spelled === w) continue;
    out ??= [...argv];
    out[i] = spelled;
  }
  return out ?? argv;
}
