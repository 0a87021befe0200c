// What a command is, for the failing-tests metric (seed 003 §11, SPEC §12): a runner started
// directly (its own summary is read), a script that may run any runners (a package script, make,
// just, tox, nox: recognised afterwards by what its output shows it ran), a check that is not a
// test run (a typecheck, a lint: recorded so the metric says "not measurable"), or nothing to record.
import path from 'node:path';
import type { TestRunner } from './types';
import { wordTable } from '../../shared/wordTable';

export type CommandKind =
  | { kind: 'runner'; runner: TestRunner }
  /** `testNamed`: the script's own name says test (`npm test`, `make test`, tox), so no count is "no count", not "no test run". */
  | { kind: 'script'; program: string; testNamed: boolean }
  | { kind: 'check' };

const DIRECT: Readonly<Record<string, TestRunner>> = wordTable({
  vitest: 'vitest',
  jest: 'jest',
  mocha: 'mocha',
  _mocha: 'mocha',
  ava: 'ava',
  tap: 'tap',
  pytest: 'pytest',
  'py.test': 'pytest',
});
const CHECKS: ReadonlySet<string> = new Set([
  'tsc',
  'mypy',
  'eslint',
  'ruff',
  'black',
  'prettier',
  'pyright',
  'flake8',
  'pylint',
  'biome',
  'vue-tsc',
  'svelte-check',
]);
const PACKAGE_MANAGERS: ReadonlySet<string> = new Set(['npm', 'pnpm', 'yarn', 'bun']);
/** Subcommands of pnpm and yarn that are not the name of a script (`yarn test:unit` runs a script). */
const NOT_SCRIPTS: ReadonlySet<string> = new Set([
  'install',
  'i',
  'add',
  'remove',
  'rm',
  'uninstall',
  'update',
  'up',
  'upgrade',
  'ci',
  'init',
  'create',
  'publish',
  'pack',
  'link',
  'unlink',
  'outdated',
  'audit',
  'info',
  'view',
  'why',
  'list',
  'ls',
  'config',
  'cache',
  'login',
  'logout',
  'version',
  'set',
  'dedupe',
  'prune',
  'store',
  'dlx',
  'exec',
  'x',
  'patch',
  'import',
  'licenses',
  'global',
  'bin',
  'root',
  'help',
]);
/** Programs that run a command named after them: `poetry run pytest` is pytest. */
const RUNS_NEXT: Readonly<Record<string, string>> = wordTable({
  poetry: 'run',
  uv: 'run',
  pdm: 'run',
  hatch: 'run',
  pipenv: 'run',
  rye: 'run',
});

const looksLikeTest = (word: string | undefined): boolean => word !== undefined && /test|spec/i.test(word);

function isPython(program: string): boolean {
  return /^python(?:\d+(?:\.\d+)?)?$/.test(program);
}

/** The kind of an argv; null when it is none of these (not recorded: `ls`, `git status`, `npm install`). */
export function classifyRun(argv: readonly string[]): CommandKind | null {
  if (argv.length === 0) return null;
  const program = path.basename(argv[0]!);
  const [, first, second] = argv;
  if (DIRECT[program]) return { kind: 'runner', runner: DIRECT[program] };
  if (CHECKS.has(program)) return { kind: 'check' };
  if (isPython(program)) {
    if (first !== '-m') return null;
    if (second === 'pytest' || second === 'unittest') return { kind: 'runner', runner: second };
    if (second === 'tox' || second === 'nox') return { kind: 'script', program: second, testNamed: true };
    return second && CHECKS.has(second) ? { kind: 'check' } : null;
  }
  switch (program) {
    case 'npx':
    case 'bunx':
      return execOf(program, argv.slice(1));
    case 'go':
      if (first === 'test') return { kind: 'runner', runner: 'go' };
      return first === 'vet' || first === 'build' ? { kind: 'check' } : null;
    case 'cargo':
      if (first === 'test') return { kind: 'runner', runner: 'cargo' };
      if (first === 'nextest') return { kind: 'runner', runner: 'nextest' };
      return ['check', 'clippy', 'build'].includes(first ?? '') ? { kind: 'check' } : null;
    case 'cargo-nextest':
      return { kind: 'runner', runner: 'nextest' };
    case 'node':
      return argv.slice(1).some((w) => w === '--test' || w.startsWith('--test='))
        ? { kind: 'runner', runner: 'node' }
        : null;
    case 'deno':
      return first === 'test'
        ? { kind: 'runner', runner: 'deno' }
        : first === 'check' || first === 'lint'
          ? { kind: 'check' }
          : null;
    case 'playwright':
      return first === 'test' ? { kind: 'runner', runner: 'playwright' } : null;
    case 'make':
    case 'just':
    case 'task':
      return { kind: 'script', program, testNamed: argv.slice(1).some(looksLikeTest) };
    case 'tox':
    case 'nox':
      return { kind: 'script', program, testNamed: true };
    default:
      break;
  }
  if (PACKAGE_MANAGERS.has(program)) return packageScript(program, argv.slice(1));
  if (RUNS_NEXT[program] !== undefined) {
    if (first !== RUNS_NEXT[program])
      return program === 'hatch' && first === 'test' ? { kind: 'script', program, testNamed: true } : null;
    return classifyRun(argv.slice(2)) ?? { kind: 'script', program, testNamed: looksLikeTest(argv[2]) };
  }
  // A project's own script named by path (./run-tests.sh, bin/test): whatever its output shows it ran.
  if (argv[0]!.includes('/') && looksLikeTest(program)) return { kind: 'script', program: argv[0]!, testNamed: true };
  return null;
}

/** npx/bunx/`pnpm exec`: a runner by name, else whatever the binary turns out to run. */
function execOf(program: string, rest: readonly string[]): CommandKind | null {
  const words = rest.filter((w) => !w.startsWith('-'));
  if (words.length === 0) return null;
  return classifyRun(words) ?? { kind: 'script', program, testNamed: looksLikeTest(words[0]) };
}

function packageScript(program: string, rest: readonly string[]): CommandKind | null {
  const [first, second] = rest;
  if (first === undefined) return null;
  if (program === 'bun' && first === 'test') return { kind: 'runner', runner: 'bun' };
  if (first === 'test' || first === 't' || first === 'tst') return { kind: 'script', program, testNamed: true };
  if (first === 'run' || first === 'run-script') {
    return second === undefined ? null : { kind: 'script', program, testNamed: looksLikeTest(second) };
  }
  if (first === 'exec' || first === 'dlx' || first === 'x') return execOf(program, rest.slice(1));
  if (program === 'npm' || first.startsWith('-') || NOT_SCRIPTS.has(first)) return null;
  // pnpm, yarn and bun run a script by its bare name; bun also runs a file so named.
  return { kind: 'script', program, testNamed: looksLikeTest(first) };
}

/** For bash: the first segment of a shell command (split at && || ; |) that is a test run or a check. */
export function classifyShellCommand(command: string): { kind: CommandKind; argv: string[] } | null {
  for (const segment of command.split(/&&|\|\||;|\||\n/)) {
    const words = segment
      .trim()
      .split(/\s+/)
      .filter((w) => w.length > 0);
    while (words.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!)) words.shift();
    if (words.length === 0 || words[0] === 'cd') continue;
    const kind = classifyRun(words);
    if (kind) return { kind, argv: words };
  }
  return null;
}
