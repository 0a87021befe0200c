// The run list, exactly as seed 003 §5's table has it, one declaration per program — plus SPEC §7's
// stricter additions (uniq takes one operand, diff -r is gated). Which flags take a value is written
// per program, from each program's own manual, because a letter that is a switch in one program
// takes a value in another (`rg -c` counts, `head -c` takes a number).
// find and python are read by their own code in grammar.ts (an expression; a module hand-off).
import type { ConfigName, ProgramGrammar, RowExamples } from './types';
import { READERS } from './readers';

const PACKAGE_SCRIPT_SUBCOMMANDS = ['run', 'test', 'build', 'lint', 'typecheck'] as const;

/**
 * npm pnpm yarn bun: a listed subcommand, no flags at all, at most one script name. bun also reads
 * that word as a file when one is there (`bun run x.ts`, `bun build x`), so it is resolved as well:
 * a link named like a script would otherwise run or bundle whatever it points at.
 */
function packageManager(name: string, wordIsAlsoPath = false): ProgramGrammar {
  return {
    name,
    examples: {
      auto: [`${name} test`, `${name} run build`, `${name} lint`, `${name} run test:unit`],
      gated: [
        [`${name} install left-pad`, 'subcommand-not-on-run-list'],
        [`${name} test --watch`, 'flag-not-on-run-list'],
        [`${name} run build extra`, 'operand-not-allowed'],
        [`${name} run a/b`, 'operand-not-allowed'],
      ],
    },
    subcommand: { names: PACKAGE_SCRIPT_SUBCOMMANDS, required: true },
    operands: { kind: 'words', pattern: /^[a-z0-9:_.-]+$/, max: 1, alsoPath: wordIsAlsoPath },
    // Scripts come from the nearest package.json up from the cwd: with none inside the workspace,
    // the runner would climb out and run some other project's scripts.
    findsUp: { file: 'package.json', unless: [], evenWithOperands: true },
  };
}

/** The checkers and formatters walk the directories they are given, or their cwd when given none. */
const WALKS_OPERANDS = { fromCwd: 'whenNone' } as const;
/** Test runners that always search from their cwd; operands only filter. */
const WALKS_CWD = { fromCwd: 'always' } as const;

/**
 * Configuration that is code, or names code to load, searched upward from the command's directory
 * (ProgramGrammar.configUp): ESLint's flat and legacy files, Prettier's, Jest's, pytest's ini files
 * (whose directory becomes the root whose conftest.py is imported) and, for a pytest that found no
 * ini, the conftest.py files of every directory above.
 */
const ext = (base: string, exts: readonly string[]): ConfigName[] => exts.map((e) => ({ name: `${base}${e}` }));
const ESLINT_CONFIG: readonly ConfigName[] = [
  ...ext('eslint.config', ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts']),
  // ESLint 9 ignores these, and ESLint 8 merges every one above unless one says root: true: found
  // inside they stop nothing; found above, they are another project's code all the same.
  ...ext('.eslintrc', ['', '.js', '.cjs', '.yaml', '.yml', '.json']).map((c) => ({ ...c, aboveOnly: true })),
];
const PRETTIER_CONFIG: readonly ConfigName[] = [
  ...ext('.prettierrc', [
    '',
    '.json',
    '.yaml',
    '.yml',
    '.json5',
    '.js',
    '.cjs',
    '.mjs',
    '.ts',
    '.mts',
    '.cts',
    '.toml',
  ]),
  ...ext('prettier.config', ['.js', '.cjs', '.mjs', '.ts', '.mts', '.cts']),
  { name: 'package.json', holds: { jsonKey: 'prettier' } },
];
const JEST_CONFIG: readonly ConfigName[] = [
  ...ext('jest.config', ['.js', '.ts', '.mjs', '.cjs', '.cts', '.mts', '.json']),
  { name: 'package.json', holds: { jsonKey: 'jest' } },
];
const PYTEST_CONFIG: readonly ConfigName[] = [
  // The most common first: any one found stops the search, whatever pytest's own order among them.
  { name: 'pyproject.toml', holds: { section: 'tool.pytest.ini_options' } },
  { name: 'pytest.ini' },
  { name: '.pytest.ini' },
  { name: 'tox.ini', holds: { section: 'pytest' } },
  { name: 'setup.cfg', holds: { section: 'tool:pytest' } },
  { name: 'conftest.py', aboveOnly: true },
];

const DECLARATIONS: ProgramGrammar[] = [
  {
    name: 'node',
    long: { '--test': null },
    // `node dir --test` runs dir's package.json "main", wherever it points: options come first.
    optionsBeforeOperands: true,
    operands: {
      kind: 'paths',
      script: { unlessFlag: '--test' },
      recursive: { fromCwd: 'whenNone', onlyWith: '--test' },
    },
    examples: {
      auto: ['node run.js', 'node --test', 'node --test src'],
      gated: [
        ['node -e 1', 'flag-not-on-run-list'],
        ['node src', 'not-project-file'],
        ['node link', 'link'],
        ['node run.js --test', 'flag-not-on-run-list'],
      ],
    },
  },
  packageManager('npm'),
  packageManager('pnpm'),
  packageManager('yarn'),
  packageManager('bun', true),
  {
    name: 'pytest',
    configUp: PYTEST_CONFIG,
    // -p names a plugin module to import: one of the project's, or `no:<name>` (see grammar.ts).
    short: { q: null, x: null, v: null, k: 'word', p: 'word' },
    long: { '--maxfail': 'n' },
    responseFiles: true,
    operands: { kind: 'paths', recursive: WALKS_OPERANDS, testIds: true },
    examples: {
      auto: ['pytest', 'pytest -qx tests', 'pytest -k slow', 'pytest --maxfail=2', 'pytest -p no:cacheprovider'],
      gated: [
        ['pytest --rootdir=/tmp', 'flag-not-on-run-list'],
        ['pytest @args.txt', 'flag-not-on-run-list'],
        ['pytest -p antigravity', 'not-project-file'],
        // pytest's early plugin loading reads `-p=web` as `=web` (no project module), whatever argparse does later.
        ['pytest -p=web', 'not-project-file'],
        ['pytest /etc', 'absolute'],
      ],
    },
  },
  {
    name: 'unittest',
    operands: { kind: 'words', modules: true },
    examples: { auto: [], gated: [['unittest tests', 'not-on-run-list']] },
  },
  {
    name: 'go',
    subcommand: { names: ['test', 'build', 'vet', 'fmt'], required: true },
    // Module mode climbs to the nearest go.mod: one above the workspace would be another project's.
    findsUp: { file: 'go.mod', unless: [], evenWithOperands: true },
    // Go's flag package reads a single-dash word whole (`-vx` is one unknown flag, not -v -x).
    words: { '-v': null, '-run': 're' },
    wordsTakeEquals: true,
    operands: { kind: 'goPackages' },
    examples: {
      auto: ['go test ./...', 'go test -v -run TestX ./...', 'go vet ./pkg/...', 'go build ./pkg'],
      gated: [
        ['go run .', 'subcommand-not-on-run-list'],
        ['go test -exec x ./...', 'flag-not-on-run-list'],
        ['go test all', 'operand-not-allowed'],
        ['go test ../...', 'climbs-out'],
      ],
    },
  },
  {
    name: 'cargo',
    subcommand: { names: ['test', 'build', 'check', 'clippy', 'fmt'], required: true },
    // cargo climbs to the nearest Cargo.toml and runs that package's build.rs: it must be the project's.
    findsUp: { file: 'Cargo.toml', unless: [], evenWithOperands: true },
    short: { v: null },
    long: { '--release': null },
    words: { '-run': 're' },
    operands: { kind: 'words' },
    examples: {
      auto: ['cargo test', 'cargo build --release', 'cargo check -v'],
      gated: [
        ['cargo run', 'subcommand-not-on-run-list'],
        ['cargo build --target-dir /tmp', 'flag-not-on-run-list'],
        ['cargo test a/b', 'operand-not-allowed'],
      ],
    },
  },
  {
    name: 'make',
    operands: { kind: 'words', pattern: /^[A-Za-z0-9:_.-]+$/ },
    examples: {
      auto: ['make', 'make test', 'make build lint'],
      gated: [
        ['make -C /tmp', 'flag-not-on-run-list'],
        ['make CC=evil', 'operand-not-allowed'],
      ],
    },
  },
  {
    name: 'tsc',
    // Without -p or files, tsc climbs to the nearest tsconfig.json (and writes its outDir there).
    findsUp: { file: 'tsconfig.json', unless: ['-p', '--project'] },
    short: { p: 'path' },
    long: { '--project': 'path', '--noEmit': null },
    shortWhole: true,
    responseFiles: true,
    operands: { kind: 'paths', recursive: WALKS_OPERANDS },
    examples: {
      auto: ['tsc', 'tsc --noEmit', 'tsc -p tsconfig.json'],
      gated: [
        ['tsc --outDir /tmp', 'flag-not-on-run-list'],
        ['tsc -p /tmp/tsconfig.json', 'absolute'],
        ['tsc -ptsconfig.json', 'flag-not-on-run-list'],
      ],
    },
  },
  {
    name: 'vitest',
    subcommand: {
      names: ['run'],
      required: false,
      reserved: ['watch', 'dev', 'bench', 'init', 'list', 'related', 'typecheck', 'help'],
    },
    short: { t: 'word' },
    shortWhole: true,
    shortEquals: true,
    operands: { kind: 'paths', recursive: WALKS_CWD },
    examples: {
      auto: ['vitest', 'vitest run src', 'vitest run -t name'],
      gated: [
        ['vitest watch', 'subcommand-not-on-run-list'],
        ['vitest run --config /tmp/x', 'flag-not-on-run-list'],
        ['vitest -tc x', 'flag-not-on-run-list'],
      ],
    },
  },
  {
    name: 'jest',
    configUp: JEST_CONFIG,
    subcommand: { names: ['run'], required: false },
    short: { t: 'word' },
    shortWhole: true,
    shortEquals: true,
    operands: { kind: 'paths', recursive: WALKS_CWD },
    examples: {
      auto: ['jest', 'jest src', 'jest -t name'],
      gated: [
        ['jest -c x', 'flag-not-on-run-list'],
        ['jest /tmp', 'absolute'],
      ],
    },
  },
  {
    name: 'eslint',
    configUp: ESLINT_CONFIG,
    long: { '--fix': null },
    operands: { kind: 'paths', recursive: WALKS_OPERANDS },
    examples: {
      auto: ['eslint', 'eslint --fix src'],
      gated: [
        ['eslint --rulesdir /tmp src', 'flag-not-on-run-list'],
        ['eslint dirlink', 'link'],
      ],
    },
  },
  {
    name: 'prettier',
    configUp: PRETTIER_CONFIG,
    long: { '--check': null, '--write': null },
    operands: { kind: 'paths', recursive: WALKS_OPERANDS },
    examples: {
      auto: ['prettier --check src', 'prettier --write src/a.ts'],
      gated: [
        ['prettier -w src', 'flag-not-on-run-list'],
        ['prettier --write ../x', 'climbs-out'],
      ],
    },
  },
  {
    name: 'ruff',
    // ruff reads its first word as a subcommand: only check and format are on the list.
    subcommand: {
      names: ['check', 'format'],
      required: false,
      reserved: [
        'server',
        'clean',
        'rule',
        'config',
        'linter',
        'version',
        'help',
        'analyze',
        'generate-shell-completion',
      ],
    },
    long: { '--check': null, '--fix': null },
    // Not known to expand `@file`, but a Python tool's CLI that might: held to the same rule, at no cost.
    responseFiles: true,
    operands: { kind: 'paths', recursive: WALKS_OPERANDS },
    examples: {
      auto: ['ruff check src', 'ruff format --check'],
      gated: [
        ['ruff server', 'subcommand-not-on-run-list'],
        ['ruff check --config /tmp/x', 'flag-not-on-run-list'],
      ],
    },
  },
  {
    name: 'black',
    long: { '--check': null },
    operands: { kind: 'paths', recursive: WALKS_OPERANDS },
    examples: { auto: ['black src', 'black --check src'], gated: [['black -c x', 'flag-not-on-run-list']] },
  },
  {
    name: 'mypy',
    long: { '--check': null },
    responseFiles: true,
    operands: { kind: 'paths', recursive: WALKS_OPERANDS },
    examples: {
      auto: ['mypy src'],
      gated: [
        ['mypy --config-file /tmp/x src', 'flag-not-on-run-list'],
        ['mypy @args.txt', 'flag-not-on-run-list'],
      ],
    },
  },
  ...READERS,
];

export const RUN_LIST: ReadonlyMap<string, ProgramGrammar> = new Map(DECLARATIONS.map((g) => [g.name, g]));

/** python -m <module>: the modules the table names, each read by its own row (or black/mypy's). */
export const PYTHON_MODULES: ReadonlySet<string> = new Set(['pytest', 'unittest', 'mypy', 'ruff', 'black']);
/** Rows that are reached only through `python -m`: no program of that name is on the list. */
export const MODULE_ONLY: ReadonlySet<string> = new Set(['unittest']);
export const PYTHON_PROGRAMS: ReadonlySet<string> = new Set(['python', 'python3']);

/**
 * The run list's rows that only read, derived from the rows themselves: every reader row
 * (readers.ts: no flag that writes, runs anything or follows a link) and find (its expression
 * admits no -delete, -exec or -fprint). The sandbox (what runs uncontained), checkpoints (what may
 * change files) and the policy all read this one set, so a new reader row is read-only everywhere.
 */
export const READ_ONLY_PROGRAMS: ReadonlySet<string> = new Set([...READERS.map((row) => row.name), 'find']);

/** Every program name the run list knows, for tests and the owner-facing list. */
export const RUN_LIST_PROGRAMS: readonly string[] = [
  ...[...RUN_LIST.keys()].filter((name) => !MODULE_ONLY.has(name)),
  'find',
  'python',
  'python3',
];

/** python and python3 are read by grammar.ts (a module hand-off or one script); their proof. */
export const PYTHON_EXAMPLES: RowExamples = {
  auto: ['python -m pytest -q', 'python3 -mpytest tests', 'python -m unittest tests.test_x', 'python scripts/build.py'],
  gated: [
    ['python -c 1', 'flag-not-on-run-list'],
    ['python -I -m pytest', 'flag-not-on-run-list'],
    ['python -m http.server', 'subcommand-not-on-run-list'],
    ['python scripts/build.py x', 'operand-not-allowed'],
    ['python missing.py', 'not-project-file'],
    ['python', 'operand-not-allowed'],
  ],
};
