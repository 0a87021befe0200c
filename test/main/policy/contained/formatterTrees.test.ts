// A formatter given a folder rewrites each file of its languages below it (containedFormatters.ts):
// a layout-only one (prettier, gofmt) may lay out a workflow or .vscode/ again without a card, a
// fixer or a widened one (a plugin, a configuration named) may not; an ignored file of its
// languages below, which no checkpoint holds, is a card for each.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideContained } from '../../../../src/main/policy/contained';
import { loadShellGrammar } from '../../../../src/main/policy/shellGrammar';
import type { PathContext } from '../../../../src/main/workspace/types';

let root: string;
let paths: PathContext;

beforeAll(async () => {
  await loadShellGrammar();
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-formatters-')));
  const ws = path.join(root, 'ws');
  for (const [rel, content] of Object.entries({
    '.gitignore': '.env\nnode_modules/\ngen/\n',
    '.env': 'API_KEY=x\n',
    '.github/workflows/ci.yml': 'on:   push\n',
    '.vscode/settings.json': '{ "a":1 }\n',
    '.vscode/tasks.js': 'module.exports = {}\n',
    'src/a.ts': 'export const a=1\n',
    'web/index.ts': 'export const w=1\n',
    'src/b.go': 'package  src\n',
    'node_modules/x/index.js': 'x\n',
    'node_modules/.bin/prettier': '#!/bin/sh\n',
  })) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), content);
  }
  const git = (...args: string[]) => execFileSync('git', ['-C', ws, ...args], { stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'x');
  fs.mkdirSync(path.join(root, 'home'));
  fs.mkdirSync(path.join(root, 'data'));
  paths = { workspace: ws, home: path.join(root, 'home'), dataDir: path.join(root, 'data') };
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const decide = (command: string) => decideContained(command, { paths, allowedDomains: [] });

describe('a formatter given a folder', () => {
  it.each([
    'prettier --write .',
    'npx prettier --write .',
    'prettier --check .',
    'gofmt -l -w .',
    'prettier --write src',
    'eslint --fix src',
    'prettier --write web --ignore-path .gitignore',
  ])('%j runs contained', (command) => {
    const d = decide(command);
    expect({ command, tier: d.tier, reason: d.reason }).toEqual({ command, tier: 'auto', reason: d.reason });
  });

  it.each([
    // A fixer may change what a file another program runs means.
    ['eslint --fix .', 'always-card'],
    // A plugin or a configuration may make a layout-only formatter do more, and take any file (the
    // ignored .env among them).
    ['prettier --write --plugin prettier-plugin-x .', 'irreversible-loss'],
    ['prettier --config p.json --write .', 'irreversible-loss'],
    ['prettier --config p.json --write .github', 'always-card'],
  ] as const)('%j is a card (%s)', (command, code) => {
    const d = decide(command);
    expect({ command, tier: d.tier, code: d.code }).toEqual({ command, tier: 'gated', code });
  });

  it.each(['prettier --write web', 'prettier --write .', 'eslint --fix web', 'gofmt -w .', 'prettier --write web/*'])(
    '%j is a card when a file of its languages below is one no checkpoint holds',
    (command) => {
      const generated = path.join(paths.workspace, 'web/gen/api.ts');
      fs.mkdirSync(path.dirname(generated), { recursive: true });
      fs.writeFileSync(generated, 'export const x=1\n');
      fs.writeFileSync(path.join(paths.workspace, 'web/gen/api.go'), 'package gen\n');
      try {
        const d = decide(command);
        expect({ command, tier: d.tier, code: d.code }).toEqual({ command, tier: 'gated', code: 'irreversible-loss' });
      } finally {
        fs.rmSync(path.join(paths.workspace, 'web/gen'), { recursive: true, force: true });
      }
    },
  );
});
