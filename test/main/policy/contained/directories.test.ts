// Where each command of a list runs (policy/containedDirectories.ts): a cd that succeeds moves what
// follows; one that may fail leaves what follows a `;` or `||` where it was, and it is judged there.
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
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-dirs-')));
  const ws = path.join(root, 'ws');
  fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
  fs.mkdirSync(path.join(ws, 'locked'));
  fs.writeFileSync(path.join(ws, '.env'), 'API_KEY=x\n');
  fs.writeFileSync(path.join(ws, 'src', 'a.ts'), 'export {};\n');
  // Its owner may not enter it: cd fails there (for anyone but root), whatever the decision sees.
  fs.chmodSync(path.join(ws, 'locked'), 0o000);
  fs.mkdirSync(path.join(root, 'home'));
  fs.mkdirSync(path.join(root, 'data'));
  paths = { workspace: ws, home: path.join(root, 'home'), dataDir: path.join(root, 'data') };
});
afterAll(() => {
  fs.chmodSync(path.join(root, 'ws', 'locked'), 0o755);
  fs.rmSync(root, { recursive: true, force: true });
});

const tier = (command: string) => decideContained(command, { paths, allowedDomains: [] }).tier;

describe('a cd followed through the list', () => {
  it.each([
    // ../a.ts is inside from src and outside from the workspace: where cat runs decides.
    ['cd src; cat ../a.ts', 'auto', 'a cd into a directory that is there succeeds'],
    ['cd src || cat ../a.ts', 'auto', 'the branch after || never runs'],
    ['cd src && cat ../a.ts', 'auto', 'after && it runs only where cd went'],
    ['cd src; ls; cd ..; ls', 'auto', 'back to the workspace'],
    ['cd locked; cat ../a.ts', 'gated', 'a directory its owner may not enter: cd may fail'],
    ['cd locked || cat ../a.ts', 'gated', 'the same, after ||'],
    ['cd nowhere; cat ../a.ts', 'gated', 'not there: cd fails'],
    ['npm run clean; cd src; cat ../a.ts', 'gated', 'a command before it may remove the directory'],
    ["bash -c 'cd src; cat ../a.ts'", 'gated', "in a shell's script, what ran before the line is not known"],
    ['ls | cd src', 'gated', 'a cd in a pipeline'],
  ] as const)('%j is %s: %s', (command, expected, _why) => {
    expect({ command, tier: tier(command) }).toEqual({ command, tier: expected });
  });
});
