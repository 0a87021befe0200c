// Bypasses found in the independent review of the command policy (issue: security review of
// check-command). Each was answered "auto" before its fix; each is a real temp workspace, real files
// and links, and — for the jsonl stream — the real CLI entry point.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheckCommand } from '../../../src/main/cli/checkCommand';
import { classifyCommand, rememberChoices, type RememberedCommand } from '../../../src/main/policy';
import { makeWorkspace, type Fixture } from './fixtures';

let fx: Fixture;
beforeAll(() => {
  fx = makeWorkspace();
  const ws = fx.paths.workspace;
  fs.writeFileSync(path.join(ws, 'args.txt'), '--basetemp=/tmp/x\n');
  fs.mkdirSync(path.join(ws, 'node_modules/.bin/dirbin'), { recursive: true });
  fs.mkdirSync(path.join(ws, 'sub'));
  fs.writeFileSync(path.join(ws, 'sub/package-lock.json'), '{}\n');
  fs.writeFileSync(path.join(ws, 'src/package.json'), '{"main":"/usr/lib/node_modules/npm/bin/npm-cli.js"}\n');
});
afterAll(() => fx.cleanup());

const decide = (command: string, cwd?: string) => classifyCommand(command, fx.ctx('run', cwd));

/** [command, cwd, a phrase the reason must contain]. */
const FOUND: [string, string | undefined, string][] = [
  // argparse's fromfile_prefix_chars (pytest ≥ 8.2, mypy) and tsc's response files: `@file` is
  // every flag the table leaves out (`--basetemp=/` makes pytest delete it).
  ['pytest @args.txt', undefined, 'file of more arguments'],
  ['pytest -k @args.txt', undefined, 'file of more arguments'],
  ['python -m pytest @args.txt', undefined, 'file of more arguments'],
  ['python3 -m mypy @args.txt', undefined, 'file of more arguments'],
  ['mypy src @args.txt', undefined, 'file of more arguments'],
  ['tsc @args.txt', undefined, 'file of more arguments'],
  ['tsc -p @args.txt', undefined, 'file of more arguments'],
  // mri (vitest) and yargs (jest) read `-tc x` as `-t --config x`: a config file is code.
  ['vitest -tc run.js', undefined, '-t must stand alone'],
  ['vitest run -tr src', undefined, '-t must stand alone'],
  ['jest -tc run.js', undefined, '-t must stand alone'],
  // tsc reads `-project` as --project and `-pfoo` as an unknown option; only `-p value` is -p.
  ['tsc -project tsconfig.json', undefined, '-p must stand alone'],
  // npx: a short option's attached value (`-o/tmp/x`) and a response file (`@/etc/x`) are paths too.
  ['npx vite -o/tmp/x', undefined, 'absolute'],
  ['npx vite -vo/tmp/x', undefined, 'absolute'],
  ['npx vite -o../x', undefined, 'climbs'],
  ['npx vite -o.git/hooks/pre-commit', undefined, '.git'],
  ['npx vite @/etc/passwd', undefined, 'absolute'],
  // npx passes over a directory named like the binary and fetches the name from the registry.
  ['npx dirbin', undefined, 'would fetch and run'],
  // A lockfile without a package.json beside it: npm walks up to whichever directory has one.
  ['npm ci', 'sub', 'no package.json'],
  ['npm install', 'sub', 'no package.json'],
  // node stops reading options at the script: `node dir --test` runs dir's package.json "main".
  ['node src --test', undefined, 'reads options only before'],
  ['node run.js --test', undefined, 'reads options only before'],
  // bun runs or bundles a file named like a script: a link there would be followed.
  ['bun run link', undefined, 'link'],
  ['bun build link', undefined, 'link'],
  ['bun test .git', undefined, '.git'],
  // Go's meta-packages are every dependency's (or the toolchain's) packages, not this project's.
  ['go test all', undefined, 'outside this project'],
  ['go test std', undefined, 'outside this project'],
];

describe('bypasses found in review, now gated', () => {
  it.each(FOUND)('%s (cwd %s) is gated', (command, cwd, named) => {
    const d = decide(command, cwd);
    expect(d.tier).toBe('gated');
    expect(d.reason).toContain(named);
  });

  it('the table’s own forms next to them stay auto', () => {
    fs.writeFileSync(path.join(fx.paths.workspace, 'sub/package.json'), '{}\n');
    try {
      for (const [command, cwd] of [
        ['pytest -q tests', undefined],
        ['pytest -p no:cacheprovider tests', undefined],
        ['mypy src', undefined],
        ['tsc --noEmit -p tsconfig.json', undefined],
        ['vitest run -t name src', undefined],
        ['vitest -t=name', undefined],
        ['jest -t name', undefined],
        ['npx vite build --outDir dist', undefined],
        ['npx vite -o dist', undefined],
        ['npm ci', 'sub'],
        ['node --test tests', undefined],
        ['node run.js', undefined],
        ['bun run build', undefined],
        ['bun test', undefined],
        ['go test ./...', undefined],
        ['go test ./pkg/...', undefined],
      ] as [string, string | undefined][]) {
        expect(decide(command, cwd).tier, command).toBe('auto');
      }
    } finally {
      fs.rmSync(path.join(fx.paths.workspace, 'sub/package.json'));
    }
  });
});

describe('a workspace at the owner’s home: programs that walk directories start below the deny list', () => {
  let home: string;
  beforeAll(() => {
    home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-review-home-')));
    for (const rel of ['.config/gh/hosts.yml', '.ssh/id_ed25519', 'project/src/a.ts', 'project/tests/test_x.py', 'project/go.mod']) {
      fs.mkdirSync(path.dirname(path.join(home, rel)), { recursive: true });
      fs.writeFileSync(path.join(home, rel), 'x\n');
    }
  });
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }));
  const inHome = (command: string, cwd?: string) =>
    classifyCommand(command, { paths: { workspace: home, home, dataDir: path.join(home, '.config/paddock') }, cwd, mode: 'run', remembered: [] });

  it('prettier --write . would rewrite ~/.config/gh; each such walk is gated', () => {
    for (const command of [
      'prettier --write .', 'prettier --check .', 'eslint --fix', 'eslint --fix .', 'ruff check --fix', 'ruff format .', 'black .',
      'mypy .', 'pytest', 'pytest .', 'python -m pytest', 'go fmt ./...', 'node --test', 'vitest run', 'vitest run project', 'jest', 'tsc',
    ]) {
      const d = inHome(command);
      expect(d.tier, command).toBe('gated');
      expect(d.reason, command).toMatch(/would reach ~\//);
    }
  });

  it('the same commands below the denied places are auto', () => {
    for (const command of ['prettier --write src', 'eslint --fix', 'ruff format .', 'pytest tests', 'vitest run', 'node --test', 'go fmt ./...']) {
      expect(inHome(command, 'project').tier, command).toBe('auto');
    }
    expect(inHome('prettier --write project/src').tier).toBe('auto');
  });
});

describe('remembered commands', () => {
  const npmTest: RememberedCommand[] = [];
  beforeAll(() => {
    npmTest.push({ id: 1, agentId: 'a', directory: fx.paths.workspace, argv: ['npm', 'test'], kind: 'exact', createdAt: '' });
  });

  it('run only with a working directory inside the workspace', () => {
    for (const cwd of ['..', '../..', '/tmp', 'dirlink', '.git']) {
      for (const mode of ['edit', 'run'] as const) {
        const d = classifyCommand('npm test', fx.ctx(mode, cwd, npmTest));
        expect(d.tier, `${mode} ${cwd}`).toBe('gated');
        expect(d.reason).toContain('working directory');
      }
    }
    expect(classifyCommand('npm test', fx.ctx('edit', 'src', npmTest)).tier).toBe('auto');
  });

  it('a flag is never offered or honoured as a subcommand prefix', () => {
    expect(rememberChoices(['node', '--test', 'tests']).map((c) => c.kind)).toEqual(['exact']);
    expect(rememberChoices(['python3', '-m', 'http.server']).map((c) => c.kind)).toEqual(['exact']);
    const flagPrefix: RememberedCommand[] = [
      { id: 2, agentId: 'a', directory: fx.paths.workspace, argv: ['python3', '-m'], kind: 'prefix', createdAt: '' },
    ];
    expect(classifyCommand('python3 -m http.server', fx.ctx('edit', undefined, flagPrefix)).tier).toBe('gated');
  });
});

describe('check-command --jsonl: one answer line per input line', () => {
  async function jsonl(input: string): Promise<{ tier: string; reason: string }[]> {
    const stdin = new PassThrough();
    let out = '';
    const io = {
      stdin,
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: () => true },
      env: { HOME: fx.paths.home, PADDOCK_DATA_DIR: fx.paths.dataDir },
    };
    stdin.end(input);
    expect(await runCheckCommand(['--jsonl'], io)).toBe(0);
    return out.trimEnd().split('\n').map((l) => JSON.parse(l) as { tier: string; reason: string });
  }
  const ws = () => JSON.stringify(fx.paths.workspace);

  it('a CR inside a line (JSON whitespace) does not split it and shift every later answer', async () => {
    const lines = [
      `{"workspace":${ws()},\r"command":"rm -rf ."}`,
      `{"workspace":${ws()},"command":"ls"}`,
      `{"workspace":${ws()},"command":"cat /etc/passwd"}`,
    ];
    const answers = await jsonl(`${lines.join('\n')}\n`);
    expect(answers.map((a) => a.tier)).toEqual(['gated', 'auto', 'gated']);
    expect(answers[0].reason).toContain('rm');
  });

  it('CRLF, a BOM, an empty line, a last line without LF and a null mode each get their own answer', async () => {
    const input = `\ufeff{"workspace":${ws()},"command":"ls"}\r\n\n{"workspace":${ws()},"command":"ls","mode":null}\n{"workspace":${ws()},"command":"pwd"}`;
    const answers = await jsonl(input);
    expect(answers.map((a) => a.tier)).toEqual(['auto', 'gated', 'gated', 'auto']);
    expect(answers[2].reason).toContain('mode');
  });

  it('a multi-byte character split across chunks is decoded whole', async () => {
    const stdin = new PassThrough();
    let out = '';
    const io = { stdin, stdout: { write: (s: string) => (out += s) }, stderr: { write: () => true }, env: { HOME: fx.paths.home } };
    const bytes = Buffer.from(`{"workspace":${ws()},"command":"echo é"}\n`);
    const cut = bytes.indexOf(Buffer.from('é')) + 1;
    const done = runCheckCommand(['--jsonl'], io);
    stdin.write(bytes.subarray(0, cut));
    stdin.end(bytes.subarray(cut));
    await done;
    expect(JSON.parse(out)).toMatchObject({ tier: 'auto', argv: ['echo', 'é'] });
  });
});
