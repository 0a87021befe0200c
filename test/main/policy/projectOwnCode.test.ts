// The rule: a listed runner runs only this project's own code and configuration (seed 003 §5,
// SPEC §7) — a lockfile install only beside its package.json, node's options only before the
// script, bun's file words resolved, Go packages only the project's directories, and Python modules
// (unittest, pytest -p) only the project's own.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/main/policy';
import { makeBypassWorkspace, type Fixture } from './fixtures';

let fx: Fixture;
beforeAll(() => {
  fx = makeBypassWorkspace();
});
afterAll(() => fx.cleanup());

const decide = (command: string, cwd?: string) => classifyCommand(command, fx.ctx('run', cwd));

/** [command, cwd, a phrase the reason must contain]. Each was answered "auto" before its fix. */
const GATED: [string, string | undefined, string][] = [
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
  // Go reads a word without `./` as an import path: the standard library's, or a module's.
  ['go test net/...', undefined, 'not a directory of the project'],
  ['go test crypto', undefined, 'not a directory of the project'],
  ['go test github.com/evil/pkg/...', undefined, 'import path'],
  ['go vet b.txt', undefined, 'import path'],
  // unittest and pytest -p import the module they name: `antigravity` opens a browser.
  ['python -m unittest antigravity', undefined, 'not a module of the project'],
  ['python3 -m unittest tests.test_x http', undefined, 'not a module of the project'],
  ['pytest -p antigravity tests', undefined, 'not a module of the project'],
  ['pytest -qpantigravity', undefined, 'not a module of the project'],
  ['python -m pytest -p=webbrowser', undefined, 'not a module of the project'],
  // Python imports `b.txt` as the module `b` (then `b.txt`): a project FILE named b.txt is no module,
  // and an installed `b` would run (found by the property test against the oracle).
  ['pytest -p b.txt', undefined, 'not a module of the project'],
  ['pytest -pb.txt tests', undefined, 'not a module of the project'],
];

describe('projectOwnCode', () => {
  it.each(GATED)('%s (cwd %s) is gated', (command, cwd, named) => {
    const d = decide(command, cwd);
    expect(d.tier).toBe('gated');
    expect(d.reason).toContain(named);
  });

  it('the table’s own forms next to them stay auto', () => {
    fs.writeFileSync(path.join(fx.paths.workspace, 'sub/package.json'), '{}\n');
    try {
      for (const [command, cwd] of [
        ['npm ci', 'sub'],
        ['node --test tests', undefined],
        ['node run.js', undefined],
        ['bun run build', undefined],
        ['bun test', undefined],
        ['go test ./...', undefined],
        ['go test ./pkg/...', undefined],
        ['go test pkg/...', undefined],
        ['go vet pkg', undefined],
        ['python -m unittest tests.test_x', undefined],
        ['python -m unittest discover', undefined],
        ['pytest -k name tests', undefined],
        ['pytest -kp tests', undefined],
      ] as [string, string | undefined][]) {
        expect(decide(command, cwd).tier, command).toBe('auto');
      }
    } finally {
      fs.rmSync(path.join(fx.paths.workspace, 'sub/package.json'));
    }
  });
});
