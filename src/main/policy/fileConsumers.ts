// The programs contained mode lets consume a list of files (`PRODUCER | xargs CMD`, `find -exec
// CMD {} +`, fileLists.ts reads the producers): those that only read each file, those that print
// only its name, and those that rewrite it in place or write beside it, their options read as the
// programs read them (GNU sed's clusters and abbreviations among them).
import { wordTable } from '../../shared/wordTable';

/** The consumers that print of each file only its name, a count or a digest (never what it holds). */
export const SHOWS_NAMES_ONLY: ReadonlySet<string> = new Set([
  'md5sum',
  'sha1sum',
  'sha256sum',
  'sha512sum',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'echo',
  'printf',
]);

/**
 * Programs that read the files they are given and nothing else, or only check them: given a list,
 * each does to every file what it does to one. Runners and interpreters are not here; those that
 * rewrite each file in place are in REWRITES.
 */
const FILE_CONSUMERS: ReadonlySet<string> = new Set([
  'cat',
  'head',
  'tail',
  'wc',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ls',
  'stat',
  'file',
  'du',
  'nl',
  'sed',
  'eslint',
  'prettier',
  'flake8',
  'mypy',
  'shellcheck',
  'pylint',
  'ruff',
  'black',
  'isort',
  'gofmt',
  ...SHOWS_NAMES_ONLY,
]);

/** Options that make a consumer rewrite each file it is given in place, or a prefix of one (`--fix` as `--fi`). */
const REWRITES: Readonly<Record<string, readonly string[]>> = wordTable({
  prettier: ['--write', '-w'],
  eslint: ['--fix', '--fix-type'],
});

/** Whether `word` is one of `options`, with a value (`--fix=true`) or as an abbreviation of three characters or more. */
function namesOption(word: string, options: readonly string[]): boolean {
  const name = word.split('=')[0]!;
  return options.some((o) => name === o || (name.length >= 3 && name.startsWith('--') && o.startsWith(name)));
}

/**
 * Whether a formatter or a fixer given files rewrites them in place, its options read as it reads
 * them: prettier's and eslint's (a value, `--fix=true`, or an abbreviation); gofmt's `-w` and
 * clang-format's `-i`, as Go's flags and LLVM's read them (one dash or two, `-w=true`); ruff check
 * unless --no-fix or --diff (the project's configuration may say `fix = true`), ruff format unless
 * --check or --diff.
 */
export function rewritesInPlace(program: string, argv: readonly string[]): boolean {
  const words = argv.slice(1);
  const rewrites = REWRITES[program];
  if (rewrites) return words.some((w) => namesOption(w, rewrites));
  if (program === 'gofmt' || program === 'clang-format') {
    const letter = program === 'gofmt' ? 'w' : 'i';
    return words.some((w) => new RegExp(`^--?${letter}(=|$)`).test(w));
  }
  if (program === 'ruff') {
    if (words.includes('format')) return !words.some((w) => w === '--check' || w === '--diff');
    if (words.includes('check')) return !words.some((w) => w === '--no-fix' || w === '--diff');
    return words.some((w) => w === '--fix');
  }
  return false;
}

/** Consumers that may rewrite each file whatever their options: ruff check fixes when the project's configuration says `fix = true`. */
const ALWAYS_REWRITES: ReadonlySet<string> = new Set(['ruff', 'black', 'isort']);

/**
 * How a consumer given a list of files treats each: reads it (`no`), rewrites it in place, or
 * writes beside it (py_compile's `__pycache__`).
 */
export type ConsumerWrites = 'no' | 'in-place' | 'beside';
export type ConsumerReading = { ok: true; writes: ConsumerWrites } | { ok: false; reason: string };

/** GNU sed's long options, each taken by a unique prefix. */
const SED_LONG = [
  'debug',
  'expression',
  'file',
  'follow-symlinks',
  'help',
  'in-place',
  'line-length',
  'null-data',
  'zero-terminated',
  'posix',
  'quiet',
  'silent',
  'regexp-extended',
  'separate',
  'sandbox',
  'unbuffered',
  'version',
];

/** How sed given a list treats it: its options as GNU sed reads them (clusters, abbreviations). */
function readSed(words: readonly string[]): ConsumerReading {
  let writes: ConsumerWrites = 'no';
  const backup = (w: string): ConsumerReading => ({
    ok: false,
    reason: `sed ${w} writes a backup beside each file, over what may be there`,
  });
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') break;
    if (w.startsWith('--')) {
      const name = w.slice(2).split('=')[0]!;
      const known = SED_LONG.filter((o) => o === name || o.startsWith(name));
      const option = known.includes(name) ? name : known.length === 1 ? known[0]! : null;
      if (option === null) return { ok: false, reason: `sed ${w} is not an option this rule reads` };
      if (option === 'follow-symlinks') return { ok: false, reason: `sed ${w} rewrites what each link leads to` };
      if (option === 'in-place') {
        if (w.includes('=')) return backup(w);
        writes = 'in-place';
      }
      continue;
    }
    if (!w.startsWith('-') || w === '-') continue;
    // A cluster of short options: -i takes what follows it in the word as a backup suffix; -e, -f
    // and -l take the next word (or the rest of this one).
    for (let k = 1; k < w.length; k++) {
      const c = w[k]!;
      if (c === 'i') {
        if (k < w.length - 1) return backup(w);
        writes = 'in-place';
      } else if (c === 'e' || c === 'f' || c === 'l') {
        if (k === w.length - 1) i++;
        break;
      } else if (!'Enrsuz'.includes(c)) return { ok: false, reason: `sed -${c} is not an option this rule reads` };
    }
  }
  return { ok: true, writes };
}

/** Whether `argv` (the program with its words) may consume a list of files, and how. */
export function readConsumer(argv: readonly string[]): ConsumerReading {
  let words = argv;
  if (words[0] === 'npx' && words[1] !== undefined && !words[1].startsWith('-')) words = words.slice(1);
  const program = words[0] ?? '';
  // `python3 -m py_compile`: compiles each file, writing its __pycache__ beside it, printing a line of one it cannot.
  if (/^python3?$/.test(program) && words[1] === '-m' && words[2] === 'py_compile' && words.length === 3)
    return { ok: true, writes: 'beside' };
  if (!FILE_CONSUMERS.has(program))
    return { ok: false, reason: `${program || 'nothing'} is not a program this rule lets run on a list of files` };
  if (program === 'ruff' && !/^(check|format)$/.test(words[1] ?? ''))
    return { ok: false, reason: `ruff ${words[1] ?? ''} is not a ruff command this rule lets run on a list of files` };
  if (program === 'sed') return readSed(words);
  // gofmt prints each file formatted (-l: the names, -d: a diff), rewrites it with -w; -cpuprofile writes a file it names.
  if (program === 'gofmt') {
    if (words.some((w) => /^--?cpuprofile(=|$)/.test(w)))
      return { ok: false, reason: 'gofmt -cpuprofile writes a file it names, which this rule does not read' };
    return { ok: true, writes: rewritesInPlace(program, words) ? 'in-place' : 'no' };
  }
  // ruff's --config takes a file or a setting (`cache-dir=".git/x"`), which may say where it writes.
  const setting = words.find((w) => /^--(config|cache-dir|settings|settings-path|settings-file|sp)(=|$)/.test(w));
  if (setting)
    return { ok: false, reason: `${program} ${setting} may say where it writes, which this rule does not read` };
  const rewrites = REWRITES[program];
  // Asked only to check or show a diff, black, isort and ruff write nothing.
  const checksOnly =
    (program === 'black' && words.some((w) => w === '--check' || w === '--diff')) ||
    (program === 'isort' && words.some((w) => /^(--check-only|--check|-c|--diff)$/.test(w))) ||
    (program === 'ruff' && (words.includes('check') || words.includes('format')) && !rewritesInPlace('ruff', words));
  const writes =
    (ALWAYS_REWRITES.has(program) && !checksOnly) ||
    (rewrites !== undefined && words.slice(1).some((w) => namesOption(w, rewrites)));
  return { ok: true, writes: writes ? 'in-place' : 'no' };
}
