// Real workspaces for the e2e specs: a small Node project in a real git repository.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Owner',
  GIT_AUTHOR_EMAIL: 'owner@example.invalid',
  GIT_COMMITTER_NAME: 'Owner',
  GIT_COMMITTER_EMAIL: 'owner@example.invalid',
};

export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], { cwd: dir, env: GIT_ENV, encoding: 'utf8' });
}

/** A repository on `main` with one commit: sum.js and a package.json. */
export function makeNodeRepository(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'sample', version: '1.0.0', private: true }, null, 2) + '\n',
  );
  fs.writeFileSync(path.join(dir, 'sum.js'), 'exports.sum = (a, b) => a + b;\n');
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'initial');
  return dir;
}

export const SUM_TEST = `const test = require('node:test');
const assert = require('node:assert');
const { sum } = require('../sum.js');

test('sum adds two numbers', () => {
  assert.strictEqual(sum(2, 3), 5);
});
`;
