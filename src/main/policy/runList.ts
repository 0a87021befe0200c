// The run list, exactly as seed 003 §5's table has it, one declaration per program — plus SPEC §7's
// stricter additions (uniq takes one operand, diff -r is gated). Which flags take a value is written
// per program, from each program's own manual, because a letter that is a switch in one program
// takes a value in another (`rg -c` counts, `head -c` takes a number).
// find and python are read by their own code in grammar.ts (an expression; a module hand-off).
import type { ProgramGrammar } from './types';

const PACKAGE_SCRIPT_SUBCOMMANDS = ['run', 'test', 'build', 'lint', 'typecheck'] as const;

/**
 * npm pnpm yarn bun: a listed subcommand, no flags at all, at most one script name. bun also reads
 * that word as a file when one is there (`bun run x.ts`, `bun build x`), so it is resolved as well:
 * a link named like a script would otherwise run or bundle whatever it points at.
 */
function packageManager(name: string, wordIsAlsoPath = false): ProgramGrammar {
  return {
    name,
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

/** Read-only GNU tools: permuted options, `--` accepted, path operands. */
function reader(name: string, short: Record<string, ValueKindOrSwitch>, extra: Partial<ProgramGrammar> = {}): ProgramGrammar {
  return { name, short, operands: { kind: 'paths' }, doubleDash: true, ...extra };
}
type ValueKindOrSwitch = NonNullable<ProgramGrammar['short']>[string];

const DECLARATIONS: ProgramGrammar[] = [
  {
    name: 'node',
    long: { '--test': null },
    // `node dir --test` runs dir's package.json "main", wherever it points: options come first.
    optionsBeforeOperands: true,
    operands: { kind: 'paths', script: { unlessFlag: '--test' }, recursive: { fromCwd: 'whenNone', onlyWith: '--test' } },
  },
  packageManager('npm'),
  packageManager('pnpm'),
  packageManager('yarn'),
  packageManager('bun', true),
  {
    name: 'pytest',
    // -p names a plugin module to import: one of the project's, or `no:<name>` (see grammar.ts).
    short: { q: null, x: null, v: null, k: 'word', p: 'word' },
    long: { '--maxfail': 'n' },
    responseFiles: true,
    operands: { kind: 'paths', recursive: WALKS_OPERANDS },
  },
  { name: 'unittest', operands: { kind: 'words', modules: true } },
  {
    name: 'go',
    subcommand: { names: ['test', 'build', 'vet', 'fmt'], required: true },
    // Module mode climbs to the nearest go.mod: one above the workspace would be another project's.
    findsUp: { file: 'go.mod', unless: [], evenWithOperands: true },
    // Go's flag package reads a single-dash word whole (`-vx` is one unknown flag, not -v -x).
    words: { '-v': null, '-run': 're' },
    wordsTakeEquals: true,
    operands: { kind: 'goPackages' },
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
  },
  { name: 'make', operands: { kind: 'words', pattern: /^[A-Za-z0-9:_.-]+$/ } },
  {
    name: 'tsc',
    // Without -p or files, tsc climbs to the nearest tsconfig.json (and writes its outDir there).
    findsUp: { file: 'tsconfig.json', unless: ['-p', '--project'] },
    short: { p: 'path' },
    long: { '--project': 'path', '--noEmit': null },
    shortWhole: true,
    responseFiles: true,
    operands: { kind: 'paths', recursive: WALKS_OPERANDS },
  },
  {
    name: 'vitest',
    subcommand: { names: ['run'], required: false, reserved: ['watch', 'dev', 'bench', 'init', 'list', 'related', 'typecheck', 'help'] },
    short: { t: 'word' },
    shortWhole: true,
    shortEquals: true,
    operands: { kind: 'paths', recursive: WALKS_CWD },
  },
  {
    name: 'jest',
    subcommand: { names: ['run'], required: false },
    short: { t: 'word' },
    shortWhole: true,
    shortEquals: true,
    operands: { kind: 'paths', recursive: WALKS_CWD },
  },
  { name: 'eslint', long: { '--fix': null }, operands: { kind: 'paths', recursive: WALKS_OPERANDS } },
  { name: 'prettier', long: { '--check': null, '--write': null }, operands: { kind: 'paths', recursive: WALKS_OPERANDS } },
  {
    name: 'ruff',
    // ruff reads its first word as a subcommand: only check and format are on the list.
    subcommand: {
      names: ['check', 'format'],
      required: false,
      reserved: ['server', 'clean', 'rule', 'config', 'linter', 'version', 'help', 'analyze', 'generate-shell-completion'],
    },
    long: { '--check': null, '--fix': null },
    // Not known to expand `@file`, but a Python tool's CLI that might: held to the same rule, at no cost.
    responseFiles: true,
    operands: { kind: 'paths', recursive: WALKS_OPERANDS },
  },
  { name: 'black', long: { '--check': null }, operands: { kind: 'paths', recursive: WALKS_OPERANDS } },
  { name: 'mypy', long: { '--check': null }, responseFiles: true, operands: { kind: 'paths', recursive: WALKS_OPERANDS } },
  reader('ls', { l: null, a: null }),
  reader('cat', {}),
  reader('head', { n: 'n', c: 'n' }),
  reader('tail', { n: 'n', c: 'n' }),
  reader('wc', { l: null, c: null, w: null }),
  reader('grep', { n: null, i: null, r: null, E: null, F: null, w: null, c: null, l: null }, {
    long: { '--include': 'glob' },
    operands: { kind: 'patternThenPaths', recursive: '-r' },
  }),
  reader('rg', { n: null, i: null, w: null, l: null, c: null, g: 'glob', t: 'word' }, {
    long: { '--no-follow': null },
    operands: { kind: 'patternThenPaths', recursive: 'always' },
  }),
  // The table lists -r for diff; SPEC §7 removes it (GNU diff follows links met inside both trees),
  // and a directory operand is refused for the same reason (diff a b compares the files inside).
  reader('diff', { u: null }, { operands: { kind: 'paths', notDirectory: true } }),
  reader('sort', { n: null, r: null, u: null }),
  // uniq's second operand is an output file (SPEC §7).
  reader('uniq', { c: null }, { operands: { kind: 'paths', max: 1 } }),
  { name: 'echo', operands: { kind: 'anyWords' } },
  { name: 'pwd', operands: { kind: 'none' } },
  { name: 'which', operands: { kind: 'words', min: 1, max: 1 } },
];

export const RUN_LIST: ReadonlyMap<string, ProgramGrammar> = new Map(DECLARATIONS.map((g) => [g.name, g]));

/** python -m <module>: the modules the table names, each read by its own row (or black/mypy's). */
export const PYTHON_MODULES: ReadonlySet<string> = new Set(['pytest', 'unittest', 'mypy', 'ruff', 'black']);
/** Rows that are reached only through `python -m`: no program of that name is on the list. */
export const MODULE_ONLY: ReadonlySet<string> = new Set(['unittest']);
export const PYTHON_PROGRAMS: ReadonlySet<string> = new Set(['python', 'python3']);

/** Every program name the run list knows, for tests and the owner-facing list. */
export const RUN_LIST_PROGRAMS: readonly string[] = [
  ...[...RUN_LIST.keys()].filter((name) => !MODULE_ONLY.has(name)),
  'find',
  'python',
  'python3',
];
