// `ls FILE… | xargs CMD` is judged as `CMD FILE…` when ls prints each name as given: every operand
// (each match of a glob) a file there, no folder (whose entries ls prints instead, bare names read
// from where xargs runs), no blank, quote or backslash (xargs splits), no leading `-`, and nothing
// before it on the line, or beside it in the pipe, that may change what is there. Each attack is
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

const FILES: Record<string, string> = {
  '.gitignore': '.env\n',
  '.env': 'API_KEY=MARKER_LS\n',
  id_rsa: 'MARKER_LS\n',
  'src/a.py': 'a = 1\n',
  'src/b.py': 'b = 2\n',
  'src/sub/c.py': 'c = 3\n',
  'README.md': '# readme\n',
  // A folder a glob matches: ls prints its entries, which xargs hands on from where it runs.
  'lib/a.py': 'a\n',
  'lib/pkg.py/id_rsa': '',
  // A name xargs splits: `names/x` and `.env`.
  'names/x .env': 'x\n',
  'later/a.py': 'a\n',
};

beforeAll(async () => {
  await loadShellGrammar();
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-ls-')));
  fs.mkdirSync(path.join(root, 'home'));
  fs.mkdirSync(path.join(root, 'data'));
  paths = { workspace: path.join(root, 'ws'), home: path.join(root, 'home'), dataDir: path.join(root, 'data') };
  reset();
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The workspace as FILES has it, plus links: one to a folder a glob matches, one to the secrets file. */
function reset(): void {
  const ws = paths.workspace;
  fs.rmSync(ws, { recursive: true, force: true });
  for (const [rel, content] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), content);
  }
  fs.mkdirSync(path.join(ws, 'links'));
  fs.symlinkSync('../lib/pkg.py', path.join(ws, 'links/to.py'));
  fs.mkdirSync(path.join(ws, 'keys'));
  fs.symlinkSync('../.env', path.join(ws, 'keys/k.py'));
}

const decide = (command: string) => decideContained(command, { paths, allowedDomains: [] });
const run = (command: string): string =>
  spawnSync('/bin/sh', ['-c', command], { cwd: paths.workspace, encoding: 'utf8' }).stdout;

describe('ls FILE… | xargs CMD', () => {
  it.each([
    'ls src/*.py | xargs wc -l',
    'ls -1 src/*.py | xargs head -3',
    'ls src/a.py README.md | xargs wc -l',
    'cd src && ls *.py | xargs grep -n =',
    'cd src && ls | xargs wc -l',
    'ls src/*.py | xargs cat | wc -l',
    "bash -lc 'ls src/*.py | xargs wc -l'",
    'ls src/*.py | xargs -r wc -l | tail -1',
    'for f in a b; do ls src/*.py | xargs wc -l; done',
  ])('%j runs contained', (command) => {
    const d = decide(command);
    expect({ command, tier: d.tier, reason: d.reason }).toEqual({ command, tier: 'auto', reason: d.reason });
  });

  it.each([
    // Judged as the program given those files: a secrets file among them, a link to one.
    ['ls .e* | xargs cat', 'shows-secret'],
    ['ls keys/*.py | xargs cat', 'shows-secret'],
    ['ls | xargs cat', 'shows-secret'],
    ['ls id_rsa | xargs cat', 'shows-secret'],
    // A folder among them, itself or through a link: ls prints its entries, read from here.
    ['ls lib/*.py | xargs cat', 'shell-construct'],
    ['ls links/*.py | xargs cat', 'shell-construct'],
    ['ls lib/pkg.py | xargs cat', 'shell-construct'],
    // A name xargs splits.
    ['ls names/* | xargs cat', 'shell-construct'],
    // Nothing listed: xargs runs the program once with no file, and grep -r then searches `.`.
    ['ls src/nothing*.py | xargs grep -r KEY', 'shell-construct'],
    // What ls lists changed by a command before it, or beside it in the pipe, or by the last turn.
    ['mkdir later/z.py && touch later/z.py/id_rsa && ls later/*.py | xargs cat', 'shell-construct'],
    ["mkdir later/z.py; touch later/z.py/id_rsa; sh -c 'ls later/*.py | xargs cat'", 'shell-construct'],
    [
      'for i in 1 2; do ls later/*.py | xargs cat; mkdir -p later/z.py; touch later/z.py/id_rsa; done',
      'shell-construct',
    ],
  ] as const)('%j is a card (%s), and prints the secret when run', (command, code) => {
    reset();
    expect(run(command)).toContain('MARKER_LS');
    reset();
    const d = decide(command);
    expect({ command, tier: d.tier, code: d.code }).toEqual({ command, tier: 'gated', code });
  });

  it.each([
    // Outside the workspace, or not a file there: not read as names (a card, whatever the program).
    ['ls ../* | xargs printf "%s\\n"', 'place-outside'],
    ['ls "$HOME"/* | xargs wc -l', 'shell-construct'],
    ['ls -la src/*.py | xargs wc -l', 'shell-construct'],
    ['ls -R src | xargs wc -l', 'shell-construct'],
    ['ls src/*.py | xargs -n1 cat', 'shell-construct'],
  ] as const)('%j is a card (%s)', (command, code) => {
    const d = decide(command);
    expect({ command, tier: d.tier, code: d.code }).toEqual({ command, tier: 'gated', code });
  });

  it('a name beginning with - is not handed on (an option, to ls and to the program)', () => {
    fs.writeFileSync(path.join(paths.workspace, 'src/-n.py'), '');
    try {
      expect(decide('cd src && ls *.py | xargs wc -l').code).toBe('shell-construct');
    } finally {
      fs.rmSync(path.join(paths.workspace, 'src/-n.py'));
    }
  });
});
