// Values glued to an option in a directory too large to read whole: each name is looked up on its
// own, never skipped (red team, round seventeen: a folder of more than 20,000 entries hid `-include.env`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decideContained } from '../../../../src/main/policy/contained';
import { loadShellGrammar } from '../../../../src/main/policy/shellGrammar';
import type { PathContext } from '../../../../src/main/workspace/types';

let root: string;
let paths: PathContext;

beforeAll(async () => {
  await loadShellGrammar();
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-attached-')));
  const ws = path.join(root, 'ws');
  const big = path.join(ws, 'big');
  fs.mkdirSync(big, { recursive: true });
  for (let i = 0; i <= 20_000; i++) fs.writeFileSync(path.join(big, `p${i}`), '');
  fs.writeFileSync(path.join(big, '.env'), 'API_KEY=sk-live-123\n');
  fs.writeFileSync(path.join(big, 'x.c'), 'int main(void) { return 0; }\n');
  fs.mkdirSync(path.join(root, 'home'));
  fs.mkdirSync(path.join(root, 'data'));
  paths = { workspace: ws, home: path.join(root, 'home'), dataDir: path.join(root, 'data') };
}, 60_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it('judges a glued secrets file among more distinct names than are looked up one by one', () => {
  // The long define gives more than 24 distinct names: the directory would be read whole, and is too large.
  const d = decideContained('gcc -E -include.env -DAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA x.c', {
    paths,
    cwd: 'big',
    allowedDomains: [],
  });
  expect(d).toMatchObject({ tier: 'gated', code: 'shows-secret' });
});

it('lets the same command without the secrets file run', () => {
  const d = decideContained('gcc -E -DAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA x.c', {
    paths,
    cwd: 'big',
    allowedDomains: [],
  });
  expect(d).toMatchObject({ tier: 'auto' });
});
