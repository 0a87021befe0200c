// What a formatter given a folder, or a pattern it expands itself, reaches below it in contained
// mode (policy/contained.ts): `prettier --write .`, `eslint --fix 'src/**/*.js'`, `gofmt -w .`,
// `isort .`, `autopep8 -i -r .`. Each file of its languages outside the folders it skips by default
// is rewritten (one no checkpoint holds, a link, one inside .git or an always-card file: a card) or,
// where it prints what it formats, shown (a secrets file: a card). Files it is given by name are
// judged with the other operands (containedChanges.ts lossTargets, containedShown.ts). black, ruff
// and standard skip what .gitignore names, and are not read here; prettier 3 does too, but which
// prettier runs is not known at decision, so it is read as prettier 2, which does not.
import type { FileView } from './containedFiles';
import { card, type OperandPlace, type Where } from './containedJudging';
import { rewritesInPlace } from './fileConsumers';
import type { SearchFilter } from './searchFilters';

interface Formatter {
  /** The files it takes below a folder, by name. */
  files: RegExp;
  /** The folders it does not descend into by default. */
  skips: ReadonlySet<string>;
  /** Whether, so given its options, it walks a folder it is given. */
  walks(words: readonly string[]): boolean;
  rewrites(argv: readonly string[]): boolean;
  /** Whether it prints what it formats (the file, or a diff of it) rather than names or messages. */
  prints(words: readonly string[], rewrites: boolean): boolean;
}

const has = (words: readonly string[], ...options: string[]): boolean =>
  words.some((w) => options.includes(w.split('=')[0]!));
const always = (): boolean => true;
const VCS = ['.git', '.svn', '.hg', '.jj', '.sl'];
const PYTHON = /\.(py|pyi|pyx|pxd)$/;

const FORMATTERS: Readonly<Record<string, Formatter>> = {
  prettier: {
    files:
      /\.([cm]?[jt]sx?|json5?|jsonc|css|scss|less|html?|vue|md|mdx|markdown|ya?ml|graphql|gql|hbs|handlebars)$|(^|\/)\.(prettierrc|babelrc|swcrc|jshintrc|jscsrc|jsbeautifyrc)$/,
    skips: new Set(['node_modules', ...VCS]),
    walks: always,
    rewrites: (argv) => rewritesInPlace('prettier', argv),
    prints: (words, rewrites) => !rewrites && !has(words, '--check', '-c', '--list-different', '-l'),
  },
  eslint: {
    files: /\.([cm]?[jt]sx?|vue|svelte|astro|json5?|jsonc|md|mdx|html?|ya?ml)$/,
    skips: new Set(['node_modules', '.git']),
    walks: always,
    rewrites: (argv) => rewritesInPlace('eslint', argv),
    // Its report is messages, but a machine-readable one carries each file's source (json's "source").
    prints: (words) =>
      words.some(
        (w, k) =>
          (w === '-f' || w === '--format' || w.startsWith('--format=')) &&
          !/^(stylish|compact|unix)$/.test(w.includes('=') ? w.split('=')[1]! : (words[k + 1] ?? '')),
      ),
  },
  gofmt: {
    files: /(^|\/)[^./][^/]*\.go$/,
    skips: new Set(),
    walks: always,
    rewrites: (argv) => rewritesInPlace('gofmt', argv),
    prints: (words, rewrites) => !rewrites && !words.some((w) => /^--?l(=|$)/.test(w)),
  },
  isort: {
    files: PYTHON,
    skips: new Set([
      ...VCS,
      '.bzr',
      '.direnv',
      '.eggs',
      '.mypy_cache',
      '.nox',
      '.pants.d',
      '.tox',
      '.venv',
      '_build',
      'buck-out',
      'build',
      'dist',
      'node_modules',
      'venv',
    ]),
    walks: always,
    rewrites: (argv) => !has(argv, '--check', '--check-only', '-c', '--diff', '-d', '--stdout'),
    prints: (words) => has(words, '--diff', '-d', '--stdout'),
  },
  autopep8: {
    files: PYTHON,
    skips: new Set(),
    walks: (words) => words.some((w) => /^-[a-zA-Z]*r/.test(w) || w === '--recursive'),
    rewrites: (argv) => argv.some((w) => /^-[a-zA-Z]*i/.test(w) || w === '--in-place'),
    prints: (_words, rewrites) => !rewrites,
  },
  yapf: {
    files: PYTHON,
    skips: new Set(),
    walks: (words) => words.some((w) => /^-[a-zA-Z]*r/.test(w) || w === '--recursive'),
    rewrites: (argv) => argv.some((w) => /^-[a-zA-Z]*i/.test(w) || w === '--in-place'),
    prints: (_words, rewrites) => !rewrites,
  },
  '2to3': {
    files: PYTHON,
    skips: new Set(),
    walks: always,
    rewrites: (argv) => argv.some((w) => /^-[a-zA-Z]*w/.test(w) || w === '--write'),
    prints: (words) => !has(words, '--no-diffs'),
  },
};

/** The literal folder a pattern a program expands itself starts from: its components before the first with a pattern character. */
function patternBase(word: string): string {
  const parts = word.split('/');
  const first = parts.findIndex((p) => /[*?[{]/.test(p));
  const base = parts.slice(0, first).join('/');
  return base === '' ? (word.startsWith('/') ? '/' : '.') : base;
}

/**
 * A formatter given a folder or a pattern (`python -m isort .` too): a card for a file it would
 * rewrite that no checkpoint holds (or a link, or one inside .git or always a card), or for a
 * secrets file where it prints what it formats. clang-format's list of files from a file and a
 * style file are judged here too.
 */
export function judgeFormatterTrees(
  program: string,
  argv: readonly string[],
  places: readonly OperandPlace[],
  view: FileView,
  where: Where,
): void {
  const module = /^python[\d.]*$/.test(program) && argv[1] === '-m' ? argv[2] : undefined;
  const name = module ?? program;
  const words = module === undefined ? argv.slice(1) : argv.slice(3);
  if (name === 'clang-format') return judgeClangFormat(words, view, where);
  const key = name === 'yapf3' ? 'yapf' : name;
  const formatter = Object.hasOwn(FORMATTERS, key) ? FORMATTERS[key] : undefined;
  if (!formatter || !formatter.walks(words)) return;
  const rewrites = formatter.rewrites([name, ...words]);
  const prints = formatter.prints(words, rewrites);
  if (!rewrites && !prints) return;
  const offset = module === undefined ? 1 : 3;
  const starts: string[] = [];
  for (const [k, word] of words.entries()) {
    if (word.startsWith('-')) continue;
    if (/[*?[{]/.test(word)) starts.push(patternBase(word));
    else {
      const given = places.find((p) => p.index === k + offset);
      const place = given?.place ?? view.place(word, where.cwd);
      if (place.kind === 'inside' && place.stat?.isDirectory()) starts.push(word);
    }
  }
  // Given no file, isort and 2to3 need one; prettier, eslint and gofmt read standard input.
  const filter: SearchFilter = {
    filtersFiles: true,
    reads: (below) => formatter.files.test(below),
    skipsDir: (below) => below.split('/').some((c) => formatter.skips.has(c)),
  };
  for (const start of starts) {
    const place = view.place(start, where.cwd);
    if (place.kind === 'outside')
      card('place-outside', `${name} would format the files below ${start}: ${place.reason}`);
    if (place.kind !== 'inside' || !place.stat?.isDirectory()) continue;
    const problem = view.listProblem(place, { hidden: true, ignoredToo: true }, filter, {
      content: prints,
      links: false,
      split: false,
      bareNames: false,
      writes: rewrites ? 'in-place' : 'no',
    });
    if (problem)
      card(
        problem.code,
        `${name} would ${rewrites ? 'rewrite' : 'print'} each file of its languages below ${place.rel || '.'}, and ${problem.sentence.replace(/^it rewrites each one, and /, '')}${problem.code === 'shows-secret' ? ', and what it prints goes to the model' : ''}`,
      );
  }
}

/** clang-format's `--files=LIST` (the files it formats, read from a file) and `--style=file:PATH`. */
function judgeClangFormat(words: readonly string[], view: FileView, where: Where): void {
  for (const [k, word] of words.entries()) {
    if (/^--?files(=|$)/.test(word))
      card(
        'shell-construct',
        'clang-format --files reads the files it formats from a file, which this rule does not read',
      );
    const style =
      /^--?style=file:(.+)$/.exec(word) ?? (/^--?style$/.test(word) ? /^file:(.+)$/.exec(words[k + 1] ?? '') : null);
    if (style) {
      const place = view.place(style[1]!, where.cwd);
      if (place.kind === 'outside')
        card('place-outside', `clang-format's style file ${style[1]} is outside the workspace: ${place.reason}`);
    }
  }
}
