// xargs splits every name it is given at blanks, the folders above the file included: a folder
// named `x .env ` hands the program `./x`, `.env` and `/y.txt` (red team round twenty). Each row is
// run for real too, to see the secret printed.
import { spawnSync } from 'node:child_process';
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
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-split-')));
  const ws = path.join(root, 'ws');
  for (const [rel, content] of Object.entries({
    '.gitignore': '.env\n',
    '.env': 'API_KEY=MARKER_SPLIT\n',
    'x .env /y.txt': 'foo\n',
    'src/a.txt': 'foo\n',
  })) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), content);
  }
  fs.mkdirSync(path.join(root, 'home'));
  fs.mkdirSync(path.join(root, 'data'));
  paths = { workspace: ws, home: path.join(root, 'home'), dataDir: path.join(root, 'data') };
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const decide = (command: string) => decideContained(command, { paths, allowedDomains: [] });
const run = (command: string): string =>
  spawnSync('/bin/sh', ['-c', command], { cwd: paths.workspace, encoding: 'utf8' }).stdout;

describe('a listed name xargs splits in its folders', () => {
  it.each([
    "find . -name '*.txt' | xargs cat",
    "find . -type f -name '*.txt' | xargs head",
    "grep -rl foo --include='*.txt' . | xargs cat",
    "find 'x .env ' | xargs cat",
  ])('%j is a card', (command) => {
    expect(run(command)).toContain('MARKER_SPLIT');
    const d = decide(command);
    expect({ command, tier: d.tier, code: d.code }).toEqual({ command, tier: 'gated', code: 'shell-construct' });
    expect(d.reason).toContain('split');
  });

  it('a list whose names hold no blank runs', () => {
    expect(decide("find src -name '*.txt' | xargs cat").tier).toBe('auto');
  });
});
