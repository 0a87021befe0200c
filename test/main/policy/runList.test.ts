// seed 003 §5's table, row by row: the allowed forms are auto, every flag of the program's real
// manual that the row does not list is gated by name, and the operands are of the row's kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/main/policy';
import { makeWorkspace, type Fixture } from './fixtures';
import { MANUAL_FLAGS } from './manuals';

let fx: Fixture;
beforeAll(() => {
  fx = makeWorkspace();
});
afterAll(() => fx.cleanup());

const decide = (command: string, cwd?: string) => classifyCommand(command, fx.ctx('run', cwd));

/** Each row: commands the table admits, and commands it does not (with a word the reason must name). */
const ROWS: Record<string, { auto: string[]; gated: [string, string][] }> = {
  node: {
    auto: ['node run.js', 'node --test', 'node --test src', 'node run.js b.txt'],
    gated: [
      ['node', 'script'],
      ['node src', 'not a file'],
      ['node missing.js', 'not a file'],
      ['node --test=x', '--test'],
      ['node link', 'link'],
    ],
  },
  'npm pnpm yarn bun': {
    auto: [
      '{pm} test',
      '{pm} run build',
      '{pm} run',
      '{pm} build',
      '{pm} lint',
      '{pm} typecheck',
      '{pm} run test:unit',
      '{pm} test a.b_c-d',
    ],
    gated: [
      ['{pm} frobnicate', 'frobnicate'],
      ['{pm} run build extra', 'at most 1'],
      ['{pm} run Build', 'not a bare name'],
      ['{pm} run ..', 'directory'],
      ['{pm} test --watch', '--watch'],
      ['{pm} test -- --watch', '--'],
      ['{pm} --silent test', 'subcommand'],
      ['{pm} exec x', 'exec'],
      ['{pm} start', 'start'],
      ['{pm} run a/b', 'path separator'],
    ],
  },
  'python python3': {
    auto: [
      '{pm} -m pytest',
      '{pm} -mpytest -q',
      '{pm} -m unittest',
      '{pm} -m unittest tests.test_x',
      '{pm} -m mypy src',
      '{pm} -m ruff check src',
      '{pm} -m black --check src',
      '{pm} scripts/build.py',
    ],
    gated: [
      ['{pm} -c 1', '-c'],
      ['{pm} -I -m pytest', '-I'],
      ['{pm} -m pip install x', 'pip'],
      ['{pm} -m http.server', 'http.server'],
      ['{pm} scripts/build.py --fast', '--fast'],
      ['{pm} scripts/build.py x', 'no arguments'],
      ['{pm} run.js', '.py'],
      ['{pm} missing.py', 'not a file'],
      ['{pm} -m unittest discover -s /tmp', '-s'],
      ['{pm} -m unittest a/b', 'path separator'],
      ['{pm}', 'interpreter'],
    ],
  },
  pytest: {
    auto: [
      'pytest',
      'pytest -q -x -v tests',
      'pytest -qxv',
      'pytest -k slow',
      'pytest -kslow',
      'pytest -vk slow tests',
      'pytest --maxfail=2',
      'pytest --maxfail 2',
      'pytest -p no:cacheprovider',
      'pytest tests/test_x.py',
    ],
    gated: [
      ['pytest --maxfail=x', 'number'],
      ['pytest -k a/b', 'path separator'],
      ['pytest --rootdir=/tmp', '--rootdir'],
      ['pytest -c /tmp/x.ini', '-c'],
      ['pytest /etc', 'absolute'],
    ],
  },
  unittest: { auto: [], gated: [['unittest tests', 'unittest']] },
  go: {
    auto: [
      'go test',
      'go test ./...',
      'go test -v ./...',
      'go test -run TestX ./...',
      'go test -run=TestX pkg/...',
      'go build ./pkg',
      'go vet ./...',
      'go fmt ./...',
    ],
    gated: [
      ['go', 'subcommand'],
      ['go run .', 'go run'],
      ['go generate', 'go generate'],
      ['go test -vx', '-vx'],
      ['go test -v=true', '-v'],
      ['go test --v', '--v'],
      ['go test -exec x', '-exec'],
      ['go test ../...', '..'],
      ['go test ...', '...'],
      ['go test -C /tmp', '-C'],
    ],
  },
  cargo: {
    auto: [
      'cargo test',
      'cargo build --release',
      'cargo check -v',
      'cargo clippy',
      'cargo fmt',
      'cargo test -run foo',
      'cargo test my_test',
      'cargo test -vv',
    ],
    gated: [
      ['cargo', 'subcommand'],
      ['cargo install x', 'cargo install'],
      ['cargo run', 'cargo run'],
      ['cargo test -run=foo', '-run=foo'],
      ['cargo build --manifest-path /tmp/Cargo.toml', '--manifest-path'],
      ['cargo test a/b', 'path separator'],
      ['cargo +nightly test', '+nightly'],
    ],
  },
  make: {
    auto: ['make', 'make test', 'make build lint', 'make a:b', 'make x.y_z-1'],
    gated: [
      ['make CC=evil', 'CC=evil'],
      ['make -C /tmp', '-C'],
      ['make -f x', '-f'],
      ['make -j4', '-j'],
      ['make --eval=x', '--eval'],
      ['make a/b', 'path separator'],
    ],
  },
  tsc: {
    auto: [
      'tsc',
      'tsc --noEmit',
      'tsc -p tsconfig.json',
      'tsc --project tsconfig.json --noEmit',
      'tsc --project=tsconfig.json',
      'tsc src/a.ts',
    ],
    // tsc reads `-ptsconfig.json` as an unknown option, not as -p with a value (review: shortWhole).
    gated: [
      ['tsc -p /tmp/tsconfig.json', 'absolute'],
      ['tsc --outDir /tmp', '--outDir'],
      ['tsc -b', '-b'],
      ['tsc --noemit', '--noemit'],
      ['tsc --noEmit=true', 'no value'],
      ['tsc -ptsconfig.json', '-p must stand alone'],
      ['tsc @args.txt', 'file of more arguments'],
    ],
  },
  'vitest jest': {
    auto: ['{pm}', '{pm} run', '{pm} run src', '{pm} -t name', '{pm} run -t name src/a.ts', '{pm} -t=name'],
    // mri (vitest) and yarg (jest) read `-tname` as -t -n -a -m -e, and `-tc x` as --config x (review: shortWhole).
    gated: [
      ['{pm} --config /tmp/x', '--config'],
      ['{pm} -c x', '-c'],
      ['{pm} -t a/b', 'path separator'],
      ['{pm} run /tmp', 'absolute'],
      ['{pm} -tname', '-t must stand alone'],
      ['{pm} -tc x', '-t must stand alone'],
    ],
  },
  vitest: {
    auto: [],
    gated: [
      ['vitest watch', 'watch'],
      ['vitest init', 'init'],
    ],
  },
  eslint: {
    auto: ['eslint', 'eslint src', 'eslint --fix src'],
    gated: [
      ['eslint --rulesdir /tmp', '--rulesdir'],
      ['eslint -c x', '-c'],
      ['eslint --fi', '--fi'],
    ],
  },
  prettier: {
    auto: ['prettier --check src', 'prettier --write src/a.ts'],
    gated: [
      ['prettier -w src', '-w'],
      ['prettier --plugin=x', '--plugin'],
    ],
  },
  ruff: {
    auto: ['ruff', 'ruff check', 'ruff check --fix src', 'ruff format', 'ruff format --check'],
    gated: [
      ['ruff server', 'server'],
      ['ruff check --config /tmp/x', '--config'],
    ],
  },
  'black mypy': { auto: ['{pm} src', '{pm} --check src'], gated: [['{pm} --config /tmp/x src', '--config']] },
  ls: {
    auto: [
      'ls',
      'ls -l',
      'ls -la src',
      'ls -a -l',
      'ls src/*.ts',
      'ls -- src',
      'ls -1',
      'ls -R',
      'ls -lR src',
      'ls --color=never',
    ],
    gated: [
      ['ls -L', '-L'],
      ['ls -lL', '-L'],
      ['ls --color', '--color'],
      ['ls --color=auto', '--color'],
      ['ls /', 'absolute'],
      ['ls dirlink', 'link'],
    ],
  },
  cat: {
    auto: ['cat b.txt', 'cat b.txt notes.md', 'cat -- b.txt'],
    gated: [
      ['cat -n b.txt', '-n'],
      ['cat link', 'link'],
      ['cat /etc/passwd', 'absolute'],
      ['cat ../outside.txt', '..'],
      ['cat -', 'standard input'],
      ['cat -- -n', "begins with '-'"],
    ],
  },
  'head tail': {
    auto: ['{pm} b.txt', '{pm} -n 5 b.txt', '{pm} -n5 b.txt', '{pm} -c 10 b.txt', '{pm} -c10 b.txt'],
    gated: [
      ['{pm} -n x b.txt', 'number'],
      ['{pm} -n -5 b.txt', "begins with '-'"],
      ['{pm} -5 b.txt', '-5'],
      ['{pm} -q b.txt', '-q'],
      ['{pm} --lines=5 b.txt', '--lines'],
    ],
  },
  wc: {
    auto: ['wc b.txt', 'wc -l b.txt', 'wc -lcw b.txt'],
    gated: [
      ['wc --files0-from=x', '--files0-from'],
      ['wc -L b.txt', '-L'],
    ],
  },
  grep: {
    auto: [
      'grep foo',
      'grep foo b.txt',
      'grep -rn foo src',
      'grep -nirEFwcl foo src',
      'grep --include=*.ts -r foo src',
      'grep --include *.ts foo',
      'grep foo src -i',
      'grep -- foo b.txt',
    ],
    gated: [
      ['grep', 'pattern'],
      ['grep -e foo b.txt', '-e'],
      ['grep -R foo', '-R'],
      ['grep -rR foo', '-R'],
      ['grep --include=/etc/* foo', "begins with '/'"],
      ['grep --include=../* foo', '..'],
      ['grep foo -A 3', '-A'],
      ['grep -P foo', '-P'],
    ],
  },
  rg: {
    auto: [
      'rg foo',
      'rg -c foo',
      'rg -n -i -w -l foo src',
      'rg -g *.ts foo',
      'rg -g!*.md foo',
      'rg -t rust foo',
      'rg -trust foo',
      'rg --no-follow foo src',
      'rg -nc foo',
    ],
    gated: [
      ['rg -L foo', '-L'],
      ['rg --follow foo', '--follow'],
      ['rg --pre cat foo', '--pre'],
      ['rg -g /etc/* foo', "begins with '/'"],
      ['rg -t a/b foo', 'path separator'],
      ['rg -uuu foo', '-u'],
      ['rg --no-fol foo', '--no-fol'],
    ],
  },
  find: {
    auto: [
      'find',
      'find .',
      'find src -name *.ts',
      'find . -type f -maxdepth 2 -mindepth 1',
      'find src -not -name *.md -o -iname *.TS -a -path src/*',
      'find . -newer b.txt',
      'find . -size 10k',
      'find -name x',
    ],
    gated: [
      ['find /', 'absolute'],
      ['find . -exec rm', '-exec'],
      ['find . -delete', '-delete'],
      ['find . -fprint x', '-fprint'],
      ['find -files0-from x', '-files0-from'],
      ['find -L .', '-L'],
      ['find . -name a -print', '-print'],
      ['find . src', 'first'],
      ['find . ! -name x', '!'],
      ['find . -newer link', 'link'],
      ['find . -maxdepth x', 'number'],
      ['find . -name', 'needs a value'],
    ],
  },
  diff: {
    auto: ['diff b.txt notes.md', 'diff -u b.txt notes.md'],
    gated: [
      ['diff -r a b', '-r'],
      ['diff -ur b.txt notes.md', '-r'],
      ['diff b.txt src', 'directory'],
      ['diff b.txt .', 'directory'],
      ['diff b.txt link', 'link'],
      ['diff --from-file=x b.txt', '--from-file'],
    ],
  },
  sort: {
    auto: ['sort b.txt', 'sort -nru b.txt'],
    gated: [
      ['sort -o out b.txt', '-o'],
      ['sort b.txt -o /tmp/x', '-o'],
      ['sort --output=x b.txt', '--output'],
      ['sort -T /tmp b.txt', '-T'],
    ],
  },
  uniq: {
    auto: ['uniq b.txt', 'uniq -c b.txt'],
    gated: [
      ['uniq b.txt out.txt', 'output file'],
      ['uniq -d b.txt', '-d'],
    ],
  },
  echo: {
    auto: ['echo', 'echo hello world', 'echo *', 'echo "a b"', 'echo -n hi'],
    gated: [
      ['echo -e x', '-e'],
      ['echo $HOME', '$'],
    ],
  },
  pwd: {
    auto: ['pwd', 'pwd -P'],
    gated: [
      ['pwd -W', '-W'],
      ['pwd x', 'no operands'],
    ],
  },
  which: {
    auto: ['which node'],
    gated: [
      ['which', 'needs 1'],
      ['which a b', 'at most 1'],
      ['which -a node', '-a'],
      ['which ./x', 'path separator'],
    ],
  },
};

describe('the run list, row by row (seed 003 §5)', () => {
  for (const [programs, row] of Object.entries(ROWS)) {
    for (const pm of programs.split(' ')) {
      it(`${pm}: the allowed forms are auto`, () => {
        for (const template of row.auto) {
          const command = template.replaceAll('{pm}', pm);
          expect(decide(command), command).toMatchObject({ tier: 'auto' });
          expect(decide(command).reason).toMatch(/^on the run list: /);
        }
      });
      it(`${pm}: what the row does not list is gated, and the reason names it`, () => {
        for (const [template, named] of row.gated) {
          const command = template.replaceAll('{pm}', pm);
          const d = decide(command);
          expect(d.tier, command).toBe('gated');
          expect(d.reason, command).toContain(named.replaceAll('{pm}', pm));
        }
      });
    }
  }
});

/** Where a flag goes for each program so that only the flag can be what decides. */
const TEMPLATES: Record<string, string> = {
  ls: 'ls FLAG src',
  cat: 'cat FLAG b.txt',
  head: 'head FLAG b.txt',
  tail: 'tail FLAG b.txt',
  wc: 'wc FLAG b.txt',
  grep: 'grep FLAG foo b.txt',
  rg: 'rg FLAG foo b.txt',
  find: 'find . FLAG',
  diff: 'diff FLAG b.txt notes.md',
  sort: 'sort FLAG b.txt',
  uniq: 'uniq FLAG b.txt',
  echo: 'echo FLAG',
  pwd: 'pwd FLAG',
  which: 'which FLAG node',
  sed: 'sed -n FLAG 1p b.txt',
  tr: 'tr FLAG a b',
  printf: 'printf FLAG x',
  date: 'date FLAG',
  true: 'true FLAG',
  false: 'false FLAG',
  jq: 'jq FLAG . data.json',
  join: 'join FLAG b.txt notes.md',
  comm: 'comm FLAG b.txt notes.md',
  cmp: 'cmp FLAG b.txt notes.md',
  node: 'node FLAG run.js',
  npm: 'npm test FLAG',
  pnpm: 'pnpm test FLAG',
  yarn: 'yarn test FLAG',
  bun: 'bun test FLAG',
  python: 'python FLAG x',
  pytest: 'pytest FLAG tests',
  unittest: 'python -m unittest FLAG',
  go: 'go test FLAG ./...',
  cargo: 'cargo test FLAG',
  make: 'make FLAG',
  tsc: 'tsc FLAG',
  vitest: 'vitest run FLAG',
  jest: 'jest FLAG',
  eslint: 'eslint FLAG src',
  prettier: 'prettier FLAG src',
  ruff: 'ruff check FLAG src',
  black: 'black FLAG src',
  mypy: 'mypy FLAG src',
};

/** The flags each row lists (read from the table by hand, not from the policy). */
const LISTED: Record<string, string[]> = {
  node: ['--test'],
  pytest: ['-q', '-x', '-v', '-k', '-p', '--maxfail'],
  go: ['-v', '-run'],
  cargo: ['-v', '--release', '-run'],
  tsc: ['-p', '--project', '--noEmit'],
  vitest: ['-t'],
  jest: ['-t'],
  eslint: ['--fix'],
  prettier: ['--check', '--write'],
  ruff: ['--check', '--fix'],
  black: ['--check'],
  mypy: ['--check'],
  head: ['-n', '-c'],
  tail: ['-n', '-c'],
  wc: ['-l', '-c', '-w'],
  grep: ['-n', '-i', '-r', '-E', '-F', '-w', '-c', '-l', '--include'],
  rg: ['-n', '-i', '-w', '-l', '-c', '-g', '-t', '--no-follow'],
  find: ['-name', '-iname', '-type', '-maxdepth', '-mindepth', '-path', '-newer', '-size', '-not', '-o', '-a'],
  diff: ['-u'],
  sort: ['-n', '-r', '-u', '-f', '-b', '-d', '-g', '-h', '-M', '-V', '-s', '-c', '-k', '-t'],
  uniq: ['-c'],
  python: ['-m'],
  ls: ['-l', '-a', '-A', '-1', '-h', '-R', '-t', '-S', '-r', '-d', '-F', '-p', '-i', '-s', '-n'],
  echo: ['-n'],
  pwd: ['-L', '-P'],
  sed: ['-n', '-E'],
  nl: ['-b', '-n', '-w', '-s', '-v', '-i'],
  tac: ['-b', '-r', '-s'],
  fold: ['-w', '-s', '-b'],
  expand: ['-t', '-i'],
  cut: ['-b', '-c', '-f', '-d', '-s', '-n', '--complement'],
  tr: ['-d', '-s', '-c', '-C', '-t'],
  column: ['-t', '-x', '-s', '-c'],
  paste: ['-d', '-s'],
  join: ['-1', '-2', '-t', '-a', '-v', '-i', '-j'],
  comm: ['-1', '-2', '-3'],
  file: ['-b', '-i', '-k', '-h', '--mime-type', '--mime', '--brief'],
  stat: ['-c', '-t', '--format', '--terse'],
  du: ['-s', '-h', '-a', '-c', '-k', '-m', '-x', '-d', '--max-depth'],
  tree: [
    '-a',
    '-d',
    '-f',
    '-i',
    '-s',
    '-h',
    '-p',
    '-D',
    '-F',
    '-C',
    '-n',
    '-x',
    '-L',
    '-I',
    '-P',
    '--noreport',
    '--dirsfirst',
  ],
  realpath: ['-e', '-m', '-s', '-q', '-z'],
  basename: ['-a', '-s', '-z'],
  dirname: ['-z'],
  cmp: ['-b', '-l', '-s', '-n', '-i'],
  md5sum: ['-b', '-t', '-z', '--tag'],
  sha1sum: ['-b', '-t', '-z', '--tag'],
  sha256sum: ['-b', '-t', '-z', '--tag'],
  xxd: ['-c', '-g', '-l', '-s', '-o', '-u', '-p', '-i', '-b', '-e', '-d'],
  od: ['-A', '-t', '-N', '-j', '-v', '-c', '-x', '-b', '-d', '-o'],
  hexdump: ['-C', '-v', '-x', '-c', '-d', '-o', '-b', '-n', '-s'],
  strings: ['-a', '-f', '-w', '-n', '-t'],
  jq: [
    '-r',
    '-j',
    '-c',
    '-n',
    '-s',
    '-e',
    '-S',
    '-M',
    '-a',
    '-C',
    '-R',
    '--raw-output',
    '--compact-output',
    '--slurp',
    '--null-input',
    '--sort-keys',
    '--tab',
    '--exit-status',
    '--join-output',
    '--ascii-output',
    '--monochrome-output',
    '--raw-input',
  ],
  date: ['-u', '-R', '-I', '--utc'],
};

describe('every flag of each real manual that the table does not list is gated by name', () => {
  for (const [program, flags] of Object.entries(MANUAL_FLAGS)) {
    it(program, () => {
      for (const flag of flags) {
        if ((LISTED[program] ?? []).includes(flag)) continue;
        for (const spelled of [flag, `${flag}=x`]) {
          const command = (TEMPLATES[program] ?? `${program} FLAG b.txt`).replace('FLAG', spelled);
          const d = decide(command);
          expect(d.tier, command).toBe('gated');
          // A cluster is named by its first unknown letter; a whole word by itself.
          const named =
            flag.startsWith('--') || ['find', 'go', 'python'].includes(program) || program === 'cargo'
              ? flag
              : flag.slice(0, 2);
          expect(d.reason, command).toContain(named);
        }
      }
    });
  }
});

describe('the working directory', () => {
  it('resolves operands against cwd, itself inside the workspace', () => {
    expect(decide('cat a.ts', 'src').tier).toBe('auto');
    expect(decide('cat a.ts').tier).toBe('auto'); // missing file inside: the program reports it
    expect(decide('cat ../b.txt', 'src').tier).toBe('gated');
    expect(decide('ls', '..').reason).toContain('working directory');
    expect(decide('ls', 'dirlink').reason).toContain('link');
    expect(decide('ls', '.git').reason).toContain('.git');
    expect(decide('ls', 'b.txt').reason).toContain('not a directory');
  });
});
