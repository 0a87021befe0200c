// rg and ag honour ignore files in every folder they descend into: one below the search's start
// that takes a name back in (`!.env`) makes them read an ignored secrets file (red team round
// twenty). A project's own nested .gitignore without a `!` line takes nothing back.
import { execFileSync, spawnSync } from 'node:child_process';
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
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-nested-ignore-')));
  const ws = path.join(root, 'ws');
  for (const [rel, content] of Object.entries({
    '.gitignore': '.env\n',
    'backend/.env': 'DB_PASSWORD=MARKER_NESTED\n',
    'backend/app.py': 'print(1)\n',
    'web/.gitignore': 'dist/\n',
    'web/.env': 'KEY=MARKER_NESTED\n',
    'web/src/a.ts': 'export const a = 1;\n',
  })) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), content);
  }
  execFileSync('git', ['-C', ws, 'init', '-q']);
  fs.mkdirSync(path.join(root, 'home'));
  fs.mkdirSync(path.join(root, 'data'));
  paths = { workspace: ws, home: path.join(root, 'home'), dataDir: path.join(root, 'data') };
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const decide = (command: string) => decideContained(command, { paths, allowedDomains: [] });
const run = (command: string): string =>
  spawnSync('/bin/sh', ['-c', command], { cwd: paths.workspace, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    .stdout;

describe('an ignore file below the start of a search', () => {
  it('without a `!` line (a project’s own nested .gitignore) takes nothing back: the search runs', () => {
    expect(run('rg --hidden MARKER_NESTED')).toBe('');
    expect(decide('rg --hidden MARKER_NESTED').tier).toBe('auto');
  });

  it.each(['backend/.ignore', 'backend/.rgignore', 'backend/.gitignore'])('%s taking .env back in: a card', (file) => {
    fs.writeFileSync(path.join(paths.workspace, file), '!.env\n');
    try {
      expect(run('rg --hidden DB_PASSWORD')).toContain('MARKER_NESTED');
      const d = decide('rg --hidden DB_PASSWORD');
      expect({ tier: d.tier, code: d.code }).toEqual({ tier: 'gated', code: 'shows-secret' });
    } finally {
      fs.rmSync(path.join(paths.workspace, file));
    }
  });
});
