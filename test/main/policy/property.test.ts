// Property tests (STYLE: the policy modules get property tests): random argv built from program
// names, every flag of every program's real manual in every spelling, path shapes and
// metacharacters. The policy says "auto" exactly when the independent oracle (oracle.ts, written
// from the table) admits the command — and never when it does not.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyCommand, type RememberedCommand } from '../../../src/main/policy';
import { makeWorkspace, type Fixture } from './fixtures';
import { MANUAL_FLAGS } from './manuals';
import { oracleAdmits, type PathFacts } from './oracle';

let fx: Fixture;
beforeAll(() => {
  fx = makeWorkspace();
});
afterAll(() => fx.cleanup());

// What the fixture holds (fixtures.ts), written out by hand for the oracle.
const FILES = [
  'b.txt',
  'data.json',
  'notes.md',
  'run.js',
  'tsconfig.json',
  'src/a.ts',
  'src/b.ts',
  'src/deep/c.ts',
  'scripts/build.py',
  'tests/test_x.py',
  './b.txt',
  'pkg/main.go',
  'node_modules/.bin/vite',
];
const DIRS = ['.', './', 'src', 'src/', './src', 'src/deep', 'tests', 'pkg', 'web', 'node_modules'];
const MISSING = [
  'missing.txt',
  'missing.py',
  'src/new.ts',
  'src/*.ts',
  '*.py',
  'src/**/*.ts',
  'x.y',
  'foo',
  'test',
  'build',
  'Foo',
  'a:b',
  '5',
  'pytest',
  'left-pad',
  '=b.txt',
  'b.txt/x',
];
const BAD = [
  'link',
  'inlink',
  'dirlink',
  'dirlink/a.ts',
  '.git',
  '.git/config',
  '.GIT/config',
  'src/.Git',
  '.git./x',
  '/etc/passwd',
  '/tmp/x',
  '../outside.txt',
  'src/../b.txt',
  '..',
  '../*',
  '/abs/*',
  '/',
];

function facts(p: string): PathFacts {
  if (FILES.includes(p)) return { ok: true, file: true, dir: false };
  if (DIRS.includes(p)) return { ok: true, file: false, dir: true };
  // The resolver refuses a Windows drive prefix (`a:b`) as another volume.
  if (BAD.includes(p) || p.startsWith('/') || p.startsWith('~') || p === '' || /^[A-Za-z]:/.test(p))
    return { ok: false, file: false, dir: false };
  const parts = p.split('/');
  if (
    parts.includes('..') ||
    ['link', 'inlink', 'dirlink'].includes(parts[0]!) ||
    parts.some((c) => /^\.git[. ]*$/i.test(c))
  ) {
    return { ok: false, file: false, dir: false };
  }
  return { ok: true, file: false, dir: false }; // a name inside that does not exist (yet)
}

// Configuration found above the workspace, with none of its own inside, gates the program that would
// load it: any file of these names counts there, whatever it holds (written here from the rule, not
// imported). The fixture has none inside, so what decides is the machine above it: another suite, or
// anything else, writing /tmp/package.json or /tmp/pytest.ini changes the right answer, and the
// oracle must be told (this is why the test once failed beside other suites).
const ext = (base: string, exts: string[]): string[] => exts.map((e) => `${base}${e}`);
const CONFIG_ABOVE: Record<string, string[]> = {
  eslint: [
    ...ext('eslint.config', ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts']),
    ...ext('.eslintrc', ['', '.js', '.cjs', '.yaml', '.yml', '.json']),
  ],
  prettier: [
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
    'package.json',
  ],
  jest: [...ext('jest.config', ['.js', '.ts', '.mjs', '.cjs', '.cts', '.mts', '.json']), 'package.json'],
  pytest: ['pyproject.toml', 'pytest.ini', '.pytest.ini', 'tox.ini', 'setup.cfg', 'conftest.py'],
};

/** The program whose configuration the command loads: `python -m pytest` is pytest. */
function configuredProgram(words: string[]): string | null {
  const [program, ...args] = words;
  if ((program === 'python' || program === 'python3') && args[0] === '-m' && args[1] === 'pytest') return 'pytest';
  return program! in CONFIG_ABOVE ? program! : null;
}

/** Read at each decision: what lies above the fixture is not the test's to hold still. */
function configAbove(program: string): boolean {
  for (let dir = path.dirname(fx.paths.workspace); ; dir = path.dirname(dir)) {
    if (CONFIG_ABOVE[program]!.some((name) => fs.existsSync(path.join(dir, name)))) return true;
    if (dir === path.dirname(dir)) return false;
  }
}

const PROGRAMS = [
  ...Object.keys(MANUAL_FLAGS),
  'find',
  'npx',
  'python3',
  'rm',
  'env',
  'curl',
  'sh',
  'git',
  'GREP',
  './grep',
  '/usr/bin/grep',
  'X=1',
  'nodejs',
];
const SUBCOMMANDS = [
  'run',
  'test',
  'build',
  'lint',
  'typecheck',
  'vet',
  'fmt',
  'check',
  'clippy',
  'format',
  'install',
  'ci',
  'exec',
  'watch',
  'server',
  'push',
  'add',
  '-m',
  'pytest',
  'unittest',
  'mypy',
  'ruff',
  'black',
  'http.server',
  'vite',
  'cowsay',
  'webonly',
];
const WORDS = [
  'foo',
  'rust',
  'TestX',
  'slow',
  'no:cacheprovider',
  'a.b_c-d',
  'test:unit',
  'Build',
  '.',
  '..',
  'a/b',
  'x=1',
  'CC=evil',
  'data:text/javascript,1',
  'file:///etc/passwd',
  'http://x',
  '5',
  '10',
  '0',
  '+5',
  '5k',
  'f',
  'd',
  '*.ts',
  'src/**',
  '!*.md',
  '!/x',
  '/abs/*',
  '../*',
  '.git/*',
  'a/../b',
  './...',
  'pkg/...',
  '...',
  'x/...',
  'é',
  '@args.txt',
  'all',
  'std',
  '-o/tmp/x',
  '-o../x',
  // sed scripts, jq filters, tr sets, date formats, cut lists (issue 19's rows).
  '1p',
  '1,5p',
  '/x/p',
  '/a/,/b/p',
  'p',
  '1w',
  '1,5w/tmp/x',
  's/a/b/w',
  's/a/b/e',
  '1e',
  '1r/etc/passwd',
  '1R',
  '1W',
  '1pw',
  'keys',
  '.name',
  'env',
  'input',
  'import',
  '.a.env',
  '1+1',
  '+%s',
  '+%Y-%m-%d',
  '0101',
  'a-z',
  '1,3-5',
  '1-',
];
const META = [
  '$HOME',
  'a;b',
  'x|y',
  '`id`',
  'a>b',
  '<x',
  '~',
  '~/x',
  'a&b',
  '(x)',
  '{a}',
  '[x]',
  'a\\b',
  'a\tb',
  'a\u00a0b',
  'a\u200bb',
  'a\u202eb',
  'a\u3000b',
  'a\rb',
];
const VALUES = [...WORDS, ...FILES, ...DIRS, ...BAD, ...MISSING];

function flagSpellings(program: string): fc.Arbitrary<string[]> {
  const flags = MANUAL_FLAGS[program] ?? MANUAL_FLAGS.grep!;
  const letters = [...new Set(flags.filter((f) => /^-[A-Za-z0-9]$/.test(f)).map((f) => f[1]))];
  const value = fc.constantFrom(...VALUES);
  return fc.oneof(
    fc.constantFrom(...flags).map((f) => [f]),
    fc.tuple(fc.constantFrom(...flags), value).map(([f, v]) => [f, v]), // separate value
    fc.tuple(fc.constantFrom(...flags), value).map(([f, v]) => [`${f}=${v}`]), // =value
    fc.tuple(fc.constantFrom(...flags), value).map(([f, v]) => [`${f}${v}`]), // attached
    letters.length === 0
      ? fc.constant<string[]>(['-x'])
      : fc.array(fc.constantFrom(...letters), { minLength: 2, maxLength: 4 }).map((ls) => [`-${ls.join('')}`]), // cluster
  );
}

function commandArb(): fc.Arbitrary<string[]> {
  return fc.constantFrom(...PROGRAMS).chain((program) => {
    const piece = fc.oneof(
      { weight: 4, arbitrary: flagSpellings(program === 'python3' ? 'python' : program) },
      { weight: 4, arbitrary: fc.constantFrom(...FILES, ...DIRS, ...MISSING).map((w) => [w]) },
      { weight: 2, arbitrary: fc.constantFrom(...BAD).map((w) => [w]) },
      { weight: 2, arbitrary: fc.constantFrom(...WORDS).map((w) => [w]) },
      { weight: 1, arbitrary: fc.constantFrom(...META).map((w) => [w]) },
      { weight: 1, arbitrary: fc.constantFrom('--', '-').map((w) => [w]) },
    );
    const head = fc.option(fc.constantFrom(...SUBCOMMANDS), { nil: undefined, freq: 2 });
    return fc
      .tuple(head, fc.array(piece, { maxLength: 5 }))
      .map(([sub, pieces]) => [program, ...(sub === undefined ? [] : [sub]), ...pieces.flat()]);
  });
}

describe('the policy agrees with an independent oracle written from the table', () => {
  it('auto exactly when the oracle admits it (random argv, manual flags, path shapes, metacharacters)', () => {
    fc.assert(
      fc.property(commandArb(), (words) => {
        const command = words.join(' ');
        const d = classifyCommand(command, fx.ctx('run'));
        const configured = configuredProgram(words);
        const admitted = oracleAdmits(words, facts, ['vite']) && !(configured !== null && configAbove(configured));
        if ((d.tier === 'auto') !== admitted) {
          throw new Error(
            `${JSON.stringify(command)}: policy ${d.tier} (${d.reason}), oracle ${admitted ? 'admits' : 'refuses'}`,
          );
        }
        if (d.argv !== null) expect(d.argv).toEqual(words);
      }),
      { numRuns: 20_000 },
    );
  });

  it('the auto forms the oracle admits are reached often enough to mean something', () => {
    let auto = 0;
    fc.assert(
      fc.property(commandArb(), (words) => {
        if (classifyCommand(words.join(' '), fx.ctx('run')).tier === 'auto') auto++;
      }),
      { numRuns: 2_000, seed: 42 },
    );
    expect(auto).toBeGreaterThan(100);
  });

  it('ask never runs anything; edit runs only what the owner remembered', () => {
    const remembered: RememberedCommand[] = [
      { id: 1, agentId: 'a', directory: fx.paths.workspace, argv: ['npm', 'install'], kind: 'prefix', createdAt: '' },
    ];
    fc.assert(
      fc.property(commandArb(), (words) => {
        const command = words.join(' ');
        expect(classifyCommand(command, fx.ctx('ask', undefined, remembered)).tier).toBe('gated');
        const edit = classifyCommand(command, fx.ctx('edit', undefined, remembered));
        expect(edit.tier).toBe(
          words[0] === 'npm' &&
            words[1] === 'install' &&
            !command.match(/[\t\r\u00a0\u200b\u202e\u3000$`~|;&<>(){}[\]\\]/)
            ? 'auto'
            : 'gated',
        );
      }),
      { numRuns: 3_000 },
    );
  });
});
