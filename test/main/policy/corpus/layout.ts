// The real temp world the corpus is decided against: a fake HOME holding the deny-listed places,
// a workspace inside it with every file the run list's allowances turn on (package.json, lockfiles,
// node_modules/.bin), links inward and outward, a .git, and a second workspace that *is* HOME, so a
// program that walks directories would pass over ~/.ssh. Corpus lines name these places through
// placeholders ({{ws}}, {{home}}, {{outside}}) that the test fills in.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface CorpusWorld {
  root: string;
  home: string;
  ws: string;
  outside: string;
  dataDir: string;
  cleanup(): void;
}

/** Workspace files, relative to the workspace. */
const WORKSPACE_FILES: Record<string, string> = {
  'package.json': '{"name":"p","scripts":{"test":"vitest run","build":"tsc","lint":"eslint ."}}\n',
  'package-lock.json': '{}\n',
  'yarn.lock': '\n',
  'pnpm-lock.yaml': '\n',
  'bun.lock': '\n',
  'tsconfig.json': '{}\n',
  Makefile: 'test:\n\ttrue\n',
  'go.mod': 'module example.com/p\n',
  'Cargo.toml': '[package]\nname = "p"\n',
  'pkg/main.go': 'package main\n',
  'src/a.ts': 'export const a = 1;\n',
  'src/b.ts': 'export const b = 2;\n',
  'src/deep/c.ts': 'export const c = 3;\n',
  'tests/test_x.py': 'def test_x():\n    assert True\n',
  'tests/__init__.py': '',
  'mymod.py': 'X = 1\n',
  'scripts/build.py': 'print("built")\n',
  'run.js': 'console.log(1)\n',
  'b.txt': 'b\na\nb\n',
  'c.txt': 'c\n',
  'data.json': '{"name":"p","a":{"b":1}}\n',
  'args.txt': '--basetemp=/\n',
  '.git/config': '[core]\n',
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.git/hooks/pre-commit': '#!/bin/sh\n',
  'node_modules/.bin/vite': '#!/bin/sh\n',
  'node_modules/.bin/eslint': '#!/bin/sh\n',
  'web/package.json': '{}\n',
  'web/node_modules/.bin/webonly': '#!/bin/sh\n',
  'web/app/index.ts': '\n',
  // A directory with a lockfile but no package.json: npm would walk up to another project.
  'lonely/package-lock.json': '{}\n',
  'lonely/yarn.lock': '\n',
};

/** Deny-listed places under the fake HOME (SPEC §4). */
const HOME_FILES = [
  '.ssh/id_ed25519',
  '.aws/credentials',
  '.npmrc',
  '.gitconfig',
  '.config/gh/hosts.yml',
  '.zshrc',
  '.bashrc',
  '.claude/settings.json',
  '.local/bin/evil',
];

function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

export function makeCorpusWorld(): CorpusWorld {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-corpus-')));
  const home = path.join(root, 'home');
  const ws = path.join(home, 'ws');
  const outside = path.join(root, 'outside');
  const dataDir = path.join(root, 'data');
  for (const [rel, content] of Object.entries(WORKSPACE_FILES)) write(path.join(ws, rel), content);
  for (const rel of HOME_FILES) write(path.join(home, rel), 'secret\n');
  write(path.join(outside, 'secret.txt'), 'secret\n');
  write(path.join(outside, 'evil.js'), 'process.exit(1)\n');
  fs.mkdirSync(dataDir, { recursive: true });
  // Links: outward (file, directory, absolute, into ~/.ssh), inward (file, directory), dangling, a
  // project binary that leads outside, and a directory named like a binary.
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(ws, 'link'));
  fs.symlinkSync('../../outside', path.join(ws, 'outdir'));
  fs.symlinkSync(path.join(home, '.ssh'), path.join(ws, 'sshlink'));
  fs.symlinkSync('b.txt', path.join(ws, 'inlink'));
  fs.symlinkSync('src', path.join(ws, 'dirlink'));
  fs.symlinkSync('nowhere', path.join(ws, 'dangling'));
  fs.symlinkSync('.git', path.join(ws, 'gitlink'));
  fs.symlinkSync(path.join(outside, 'evil.js'), path.join(ws, 'evil.js'));
  fs.symlinkSync(path.join(outside, 'evil.js'), path.join(ws, 'node_modules/.bin/outbin'));
  fs.symlinkSync(path.join(outside, 'evil.js'), path.join(ws, 'scripts/out.py'));
  fs.mkdirSync(path.join(ws, 'node_modules/.bin/dirbin'), { recursive: true });
  return { root, home, ws, outside, dataDir, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** Fills the placeholders of one corpus line's text. */
export function fillPlaceholders(text: string, world: CorpusWorld): string {
  return text
    .replaceAll('{{ws}}', world.ws)
    .replaceAll('{{home}}', world.home)
    .replaceAll('{{outside}}', world.outside);
}
