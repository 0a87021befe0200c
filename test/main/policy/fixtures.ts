// A real temporary workspace for the policy tests: real files, real links (one out, one in),
// a .git directory and a node_modules/.bin, plus a separate home and data directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PathContext } from '../../../src/main/workspace/types';
import type { ClassifyContext, RememberedCommand } from '../../../src/main/policy/types';
import type { Mode } from '../../../src/shared/domain';

export interface Fixture {
  root: string;
  paths: PathContext;
  ctx(mode?: Mode, cwd?: string, remembered?: RememberedCommand[]): ClassifyContext;
  cleanup(): void;
}

export function makeWorkspace(): Fixture {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-policy-')));
  const ws = path.join(root, 'ws');
  const home = path.join(root, 'home');
  const dataDir = path.join(root, 'data');
  const files: Record<string, string> = {
    'src/a.ts': 'export const a = 1;\n',
    'src/b.ts': 'export const b = 2;\n',
    'src/deep/c.ts': 'export const c = 3;\n',
    'tests/test_x.py': 'def test_x():\n    assert True\n',
    'scripts/build.py': 'print("built")\n',
    'b.txt': 'b\na\nb\n',
    'data.json': '{"name":"fixture","a":{"b":1}}\n',
    'notes.md': '# notes\n',
    'run.js': 'console.log(1)\n',
    'tsconfig.json': '{}\n',
    'package.json': '{"name":"fixture"}\n',
    'go.mod': 'module fixture\n',
    'Cargo.toml': '[package]\nname = "fixture"\n',
    'pkg/main.go': 'package main\n',
    '.git/config': '[core]\n',
    'node_modules/.bin/vite': '#!/bin/sh\n',
    'web/node_modules/.bin/webonly': '#!/bin/sh\n',
    'web/app/index.ts': '\n',
  };
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), content);
  }
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(root, 'outside.txt'), 'secret\n');
  fs.symlinkSync(path.join(root, 'outside.txt'), path.join(ws, 'link'));
  fs.symlinkSync('b.txt', path.join(ws, 'inlink'));
  fs.symlinkSync('src', path.join(ws, 'dirlink'));
  const paths: PathContext = { workspace: ws, home, dataDir };
  return {
    root,
    paths,
    ctx: (mode = 'run', cwd, remembered = []) => ({ paths, mode, cwd, remembered }),
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * The workspace the bypass tests (lexer look-alikes, npx arguments, option spellings, the project's
 * own code) share: a file of arguments, a directory named like a binary, a lockfile with no
 * package.json beside it, and a package.json whose "main" leaves the project.
 */
export function makeBypassWorkspace(): Fixture {
  const fx = makeWorkspace();
  const ws = fx.paths.workspace;
  fs.writeFileSync(path.join(ws, 'args.txt'), '--basetemp=/tmp/x\n');
  fs.mkdirSync(path.join(ws, 'node_modules/.bin/dirbin'), { recursive: true });
  fs.mkdirSync(path.join(ws, 'sub'));
  fs.writeFileSync(path.join(ws, 'sub/package-lock.json'), '{}\n');
  fs.writeFileSync(path.join(ws, 'src/package.json'), '{"main":"/usr/lib/node_modules/npm/bin/npm-cli.js"}\n');
  return fx;
}
