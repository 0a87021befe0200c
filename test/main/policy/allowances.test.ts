// The two file-dependent allowances (seed 003 §5): lockfile installs and npx of the project's own
// binary, against real temporary directories with real files and links.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/main/policy';
import { makeWorkspace, type Fixture } from './fixtures';

let fx: Fixture;
beforeEach(() => {
  fx = makeWorkspace();
});
afterEach(() => fx.cleanup());

const decide = (command: string, cwd?: string) => classifyCommand(command, fx.ctx('run', cwd));
const put = (rel: string, content = '{}\n') => {
  const file = path.join(fx.paths.workspace, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
};

const INSTALLS: [string, string, string[]][] = [
  // [lockfile, command, more accepted spellings]
  [
    'package-lock.json',
    'npm ci',
    ['npm install', 'npm ci --ignore-scripts', 'npm ci --offline', 'npm install --ignore-scripts --offline'],
  ],
  ['npm-shrinkwrap.json', 'npm ci', ['npm install']],
  ['pnpm-lock.yaml', 'pnpm install', ['pnpm install --frozen-lockfile', 'pnpm install --offline --ignore-scripts']],
  [
    'yarn.lock',
    'yarn',
    [
      'yarn install',
      'yarn --immutable',
      'yarn install --immutable',
      'yarn install --frozen-lockfile',
      'yarn --offline',
    ],
  ],
  ['bun.lockb', 'bun install', ['bun install --frozen-lockfile', 'bun install --ignore-scripts']],
  ['bun.lock', 'bun install', []],
];

describe('an install that only reproduces the lockfile', () => {
  it.each(INSTALLS)('with %s present: %s is auto', (lockfile, command, more) => {
    expect(decide(command).tier).toBe('gated');
    put(lockfile);
    put('package.json');
    for (const c of [command, ...more]) {
      const d = decide(c);
      expect(d.tier, c).toBe('auto');
      expect(d.reason).toContain(lockfile);
    }
  });

  it('is gated when the lockfile is absent, a link, a directory, or in another directory', () => {
    expect(decide('npm ci').reason).toContain('installs packages this machine did not have');
    fs.symlinkSync(path.join(fx.root, 'outside.txt'), path.join(fx.paths.workspace, 'package-lock.json'));
    expect(decide('npm ci').tier).toBe('gated');
    fs.mkdirSync(path.join(fx.paths.workspace, 'yarn.lock'));
    expect(decide('yarn').tier).toBe('gated');
    put('pnpm-lock.yaml');
    put('package.json');
    expect(decide('pnpm install').tier).toBe('auto');
    expect(decide('pnpm install', 'src').tier).toBe('gated'); // the lockfile must be in the command's directory
    put('web/package-lock.json');
    put('web/package.json');
    expect(decide('npm ci', 'web').tier).toBe('auto');
  });

  it('names a package or any other flag: still a card', () => {
    put('package.json');
    put('package-lock.json');
    put('yarn.lock');
    expect(decide('npm install left-pad').reason).toBe('npm install installs packages this machine did not have');
    expect(decide('npm i').tier).toBe('gated');
    expect(decide('npm ci --registry=https://evil').reason).toContain('--registry=https://evil');
    expect(decide('npm install --global').tier).toBe('gated');
    expect(decide('npm ci --prefix /tmp').tier).toBe('gated');
    expect(decide('npm ci --ignore-scripts=false').tier).toBe('gated');
    expect(decide('yarn add left-pad').tier).toBe('gated');
    expect(decide('yarn --cwd /tmp').tier).toBe('gated');
    expect(decide('pnpm install left-pad').tier).toBe('gated');
    expect(decide('npm install ./evil').tier).toBe('gated');
  });
});

describe('npx of the project’s own binary', () => {
  it('is auto when node_modules/.bin/<bin> exists between cwd and the workspace root', () => {
    expect(decide('npx vite build').tier).toBe('auto');
    expect(decide('npx vite build', 'src/deep').tier).toBe('auto');
    expect(decide('npx webonly', 'web/app').tier).toBe('auto');
    expect(decide('npx vite build --mode production --outDir dist').tier).toBe('auto');
  });

  it('is gated when the binary is absent, or only below the cwd', () => {
    expect(decide('npx cowsay').reason).toContain('node_modules/.bin/cowsay');
    expect(decide('npx webonly').tier).toBe('gated');
    fs.rmSync(path.join(fx.paths.workspace, 'node_modules/.bin/vite'));
    expect(decide('npx vite').tier).toBe('gated');
  });

  it('is gated when the binary leads outside the workspace', () => {
    fs.symlinkSync('/bin/sh', path.join(fx.paths.workspace, 'node_modules/.bin/shell'));
    expect(decide('npx shell x').reason).toContain('outside the workspace');
    fs.symlinkSync('../../run.js', path.join(fx.paths.workspace, 'node_modules/.bin/own'));
    expect(decide('npx own').tier).toBe('auto');
  });

  it('bounds the arguments: none absolute, none climbing, none at ~, no flags for npx itself', () => {
    for (const command of [
      'npx vite build /tmp',
      'npx vite build --outDir=/tmp/x',
      'npx vite build --outDir ../x',
      'npx vite build a/../../x',
      'npx vite build file:///etc/passwd',
      'npx vite build x,/etc',
      'npx vite build ~/x',
      'npx vite .git/config',
      'npx --yes vite',
      'npx -c vite',
      'npx',
    ]) {
      expect(decide(command).tier, command).toBe('gated');
    }
  });
});
