// The formatters contained mode reads by what they walk (policy/containedFormatters.ts judges with
// it): per program, the files it takes below a folder, the folders it skips by default, and which of
// its options make it walk, rewrite, print what it reads, or take any file. Data only.
import { rewritesInPlace } from './fileConsumers';

export interface Formatter {
  /** Its subcommands that format (`cargo fmt`, `ruff format`), when it has any: the first word not an option. */
  subs?: readonly string[];
  /** The files it takes below a folder, by name (relative to the folder walked). */
  files: RegExp;
  /** The folders it does not descend into by default (a component's name, or a test of it). */
  skips: (component: string) => boolean;
  /** Whether, so given its options, it walks a folder it is given (black and ruff: only past .gitignore). */
  walks(words: readonly string[]): boolean;
  /** Whether it rewrites what it formats (`sub`: its subcommand, when it has them). */
  rewrites(words: readonly string[], sub?: string): boolean;
  /** Whether it prints what it reads (the file, a diff of it, messages quoting it) rather than names. */
  prints(words: readonly string[], rewrites: boolean): boolean;
  /** Whether its options or the line may make it take any file (a plugin, a configuration). */
  widened?(words: readonly string[]): boolean;
  /**
   * It only lays files out again, keeping what they mean (prettier, gofmt, black, rustfmt): a file
   * another program runs later (a workflow, .vscode/) is no card, unless a plugin or a configuration
   * may make it do more. Fixers (eslint --fix, ruff check, rubocop -a) are not.
   */
  layoutOnly?: boolean;
  /** With no folder given, it formats the folder it runs in (`eslint`, `rubocop -a`, `go fmt`). */
  bare?: boolean;
  /**
   * It formats the whole project whatever it is given (`cargo fmt`), or, given any file, every file
   * that one may declare (`rustfmt src/main.rs` follows its `mod`s and #[path]s): the workspace.
   */
  whole?: 'always' | 'given';
}

const has = (words: readonly string[], ...options: string[]): boolean =>
  words.some((w) => options.includes(w.split('=')[0]!));
const always = (): boolean => true;
const never = (): boolean => false;
const named = (...names: string[]): ((c: string) => boolean) => {
  const set = new Set(names);
  return (c) => set.has(c);
};
const VCS = ['.git', '.svn', '.hg', '.jj', '.sl'];
const PYTHON = /\.(py|pyi|pyx|pxd|ipynb)$/;
export const ANY = /./;
const inPlace = (words: readonly string[]): boolean => words.some((w) => /^-[a-zA-Z]*i/.test(w) || w === '--in-place');
const recursive = (words: readonly string[]): boolean =>
  words.some((w) => /^-[a-zA-Z]*r/.test(w) || w === '--recursive');

/** prettier 2's languages (`prettier --support-info`): by extension, and files by name. */
const PRETTIER_FILES = new RegExp(
  String.raw`\.(4DForm|4DProject|JSON-tmLanguage|_js|avsc|bones|[cm]?[jt]sx?|code-snippets|css|es6?|frag|geojson|gltf|gql|graphqls?|gs|handlebars|har|hbs|hta|html?|html\.hl|ice|importmap|inc|jake|javascript|js\.flow|jsb|jscad|jsfl|jslib|jsm|json5?|jsonc|jspre|jss|less|livemd|markdown|mcmeta|md|mdown|mdwn|mdx|mir|mjml|mkdn?|mkdown|njs|pac|p?css|postcss|reek|ronn|rviz|scd|scss|sjs|ssjs|sublime[-_]\w+|syntax|tfstate(\.backup)?|topojson|vue|webapp|webmanifest|workbook|wxss?|xht|xhtml|xsjs|xsjslib|ya?ml|yaml-tmlanguage|yaml\.sed|yml\.mysql|yyp?)$` +
    String.raw`|(^|/)(\.arcconfig|\.auto-changelog|\.babelrc|\.c8rc|\.clang-format|\.clang-tidy|\.devcontainer\.json|\.eslintrc(\.json)?|\.gemrc|\.htmlhintrc|\.imgbotconfig|\.jscsrc|\.jshintrc|\.jslintrc|\.lintstagedrc|\.nycrc|\.prettierrc|\.stylelintrc|\.swcrc|\.tern-config|\.tern-project|\.watchmanconfig|CITATION\.cff|Jakefile|Pipfile\.lock|README|contents\.lr|glide\.lock|mcmod\.info)$`,
);

export const FORMATTERS: ReadonlyMap<string, Formatter> = new Map<string, Formatter>([
  [
    'prettier',
    {
      files: PRETTIER_FILES,
      skips: named('node_modules', ...VCS),
      layoutOnly: true,
      walks: always,
      rewrites: (words) => rewritesInPlace('prettier', ['prettier', ...words]),
      prints: (words, rewrites) => !rewrites && !has(words, '--check', '-c', '--list-different', '-l'),
      // An override in a configuration gives any file a parser.
      widened: (words) => has(words, '--plugin', '--config'),
    },
  ],
  [
    'eslint',
    {
      files: /\.([cm]?[jt]sx?|vue|svelte|astro)$/,
      skips: named('node_modules', '.git'),
      walks: always,
      rewrites: (words) => rewritesInPlace('eslint', ['eslint', ...words]),
      // Its default report quotes the file's own words (`'hunter2' is not defined`); json its source.
      prints: always,
      widened: (words) =>
        has(words, '-c', '--config', '--plugin', '--ext', '--resolve-plugins-relative-to', '--rulesdir'),
      bare: true,
    },
  ],
  ...['gofmt', 'goimports', 'gofumpt'].map((name): [string, Formatter] => [
    name,
    {
      files: /(^|\/)[^./][^/]*\.go$/,
      skips: never,
      // goimports adds and removes imports.
      layoutOnly: name !== 'goimports',
      walks: always,
      rewrites: (words) => rewritesInPlace('gofmt', ['gofmt', ...words]),
      prints: (words, rewrites) => !rewrites && !words.some((w) => /^--?l(=|$)/.test(w)),
    },
  ]),
  // go fmt runs gofmt -l -w on the packages named (./... below a folder, skipping . and _ folders and testdata).
  [
    'go',
    {
      subs: ['fmt'],
      files: /(^|\/)[^./][^/]*\.go$/,
      skips: (c) => c.startsWith('.') || c.startsWith('_') || c === 'testdata',
      walks: always,
      rewrites: (words) => !has(words, '-n'),
      prints: never,
      bare: true,
    },
  ],
  [
    'isort',
    {
      files: PYTHON,
      skips: named(
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
      ),
      layoutOnly: true,
      walks: always,
      rewrites: (words) => !has(words, '--check', '--check-only', '-c', '--diff', '-d', '--stdout'),
      prints: (words) => has(words, '--diff', '-d', '--stdout'),
    },
  ],
  // black uses .gitignore only when no --exclude is given (nor one written into pyproject.toml first).
  [
    'black',
    {
      files: PYTHON,
      skips: named(...VCS, '.mypy_cache', '.nox', '.tox', '.venv', 'venv', '_build', 'buck-out', 'build', 'dist'),
      layoutOnly: true,
      walks: (words) => has(words, '--exclude'),
      rewrites: (words) => !has(words, '--check', '--diff'),
      prints: (words) => has(words, '--diff'),
    },
  ],
  [
    'ruff',
    {
      subs: ['check', 'format'],
      files: PYTHON,
      skips: named(...VCS, '.venv', 'venv', 'node_modules', '.tox', '.nox', 'build', 'dist'),
      walks: (words) => has(words, '--no-respect-gitignore', '--config', '--isolated'),
      rewrites: (words, sub) => rewritesInPlace('ruff', ['ruff', sub ?? '', ...words]),
      prints: (words) => has(words, '--diff'),
      bare: true,
    },
  ],
  ...['autopep8', 'yapf', 'yapf3', 'autoflake', 'docformatter'].map((name): [string, Formatter] => [
    name,
    {
      files: PYTHON,
      skips: never,
      walks: recursive,
      rewrites: inPlace,
      prints: (_words, rewrites) => !rewrites,
    },
  ]),
  [
    '2to3',
    {
      files: PYTHON,
      skips: never,
      walks: always,
      rewrites: (words) => words.some((w) => /^-[a-zA-Z]*w/.test(w) || w === '--write'),
      prints: (words) => !has(words, '--no-diffs'),
    },
  ],
  // rustfmt follows `mod` declarations (and #[path] attributes) from the file it is given: any .rs.
  [
    'rustfmt',
    {
      files: /\.rs$/,
      skips: named('target', ...VCS),
      layoutOnly: true,
      walks: always,
      rewrites: (words) => !has(words, '--check', '--emit'),
      prints: (words) => has(words, '--check', '--emit'),
      whole: 'given',
    },
  ],
  [
    'cargo',
    {
      subs: ['fmt'],
      files: /\.rs$/,
      skips: named('target', ...VCS),
      layoutOnly: true,
      walks: always,
      rewrites: (words) => !has(words, '--check'),
      prints: (words) => has(words, '--check'),
      whole: 'always',
    },
  ],
  [
    'shfmt',
    {
      // Shell files by extension, and any file whose first line names a shell.
      files: ANY,
      skips: named(...VCS, 'node_modules', 'vendor'),
      layoutOnly: true,
      walks: always,
      rewrites: (words) => words.some((w) => /^-[a-zA-Z]*w/.test(w) || w === '--write'),
      prints: (words, rewrites) => !rewrites && !words.some((w) => /^-[a-zA-Z]*l/.test(w)),
    },
  ],
  [
    'mdformat',
    {
      files: /\.(md|markdown)$/,
      skips: named(...VCS),
      layoutOnly: true,
      walks: always,
      rewrites: (words) => !has(words, '--check'),
      prints: never,
    },
  ],
  [
    'rubocop',
    {
      files: /\.(rb|rake|gemspec|ru|jbuilder|podspec)$|(^|\/)(Gemfile|Rakefile|Guardfile|Capfile|Podfile)$/,
      skips: named('node_modules', 'vendor', 'tmp', ...VCS),
      walks: always,
      rewrites: (words) =>
        words.some(
          (w) =>
            /^-[a-zA-Z]*[aAx]/.test(w) ||
            /^--(auto-?correct(-all)?|fix-layout)$/.test(w) ||
            w.startsWith('--autocorrect'),
        ),
      prints: always,
      bare: true,
    },
  ],
  [
    'biome',
    {
      subs: ['format', 'check', 'lint', 'ci'],
      files: /\.([cm]?[jt]sx?|jsonc?|css|graphql|gql|astro|svelte|vue|html)$/,
      skips: named('node_modules', ...VCS),
      walks: always,
      rewrites: (words) => has(words, '--write', '--apply', '--apply-unsafe', '--fix', '--unsafe'),
      prints: always,
      bare: true,
    },
  ],
  [
    'dart',
    {
      subs: ['format'],
      files: /\.dart$/,
      skips: (c) => c.startsWith('.'),
      layoutOnly: true,
      walks: always,
      rewrites: (words) => !words.some((w) => /^(--output|-o)(=(none|show|json))?$/.test(w)),
      prints: (words) => words.some((w) => /^--output=(show|json)$/.test(w)),
    },
  ],
  [
    'sqlfluff',
    {
      subs: ['fix', 'format'],
      files: /\.sql$/,
      skips: named(...VCS),
      walks: always,
      rewrites: always,
      prints: always,
    },
  ],
  [
    'taplo',
    {
      subs: ['fmt', 'format'],
      files: /\.toml$/,
      skips: named(...VCS),
      layoutOnly: true,
      walks: always,
      rewrites: (words) => !has(words, '--check'),
      prints: never,
      bare: true,
    },
  ],
  [
    'stylua',
    {
      files: /\.luau?$/,
      skips: named(...VCS),
      layoutOnly: true,
      walks: always,
      rewrites: (words) => !has(words, '--check', '-c'),
      prints: (words) => has(words, '--check', '-c'),
    },
  ],
  [
    'swiftformat',
    {
      files: /\.swift$/,
      skips: named(...VCS),
      layoutOnly: true,
      walks: always,
      rewrites: (words) => !has(words, '--lint', '--dryrun'),
      prints: never,
    },
  ],
  [
    'php-cs-fixer',
    {
      subs: ['fix'],
      files: /\.php$/,
      skips: named('vendor', ...VCS),
      walks: always,
      rewrites: (words) => !has(words, '--dry-run'),
      prints: (words) => has(words, '--diff'),
      bare: true,
    },
  ],
]);

/** Python modules that are a formatter of the table (`python3 -m lib2to3` is 2to3). */
export const MODULES: ReadonlyMap<string, string> = new Map([
  ['lib2to3', '2to3'],
  ['isort', 'isort'],
  ['black', 'black'],
  ['autopep8', 'autopep8'],
  ['yapf', 'yapf'],
  ['autoflake', 'autoflake'],
  ['docformatter', 'docformatter'],
  ['ruff', 'ruff'],
  ['mdformat', 'mdformat'],
]);
