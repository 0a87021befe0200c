// Code a line gives an interpreter as its own text (policy/containedLineCode.ts): every way of
// delivering it — a heredoc, a literal echo piped in, a file the line writes and then runs directly,
// through a test runner, as a module or by path, a copy of such a file — crossed with bodies that
// print a secrets file (each a card) and bodies that do not (each contained). Each harmful delivery
// is also run for real with /bin/sh in a copy of the fixture, to show that it prints the secret.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideContained } from '../../../../src/main/policy/contained';
import { literalOutput } from '../../../../src/main/policy/containedLineWrites';
import { readShellForm } from '../../../../src/main/policy/shellForm';
import { loadShellGrammar } from '../../../../src/main/policy/shellGrammar';
import type { PathContext } from '../../../../src/main/workspace/types';

let root: string;
let paths: PathContext;

const FILES: Record<string, string> = {
  '.gitignore': '.env\n',
  '.env': 'API_KEY=MARKER_LINE_CODE\n',
  'README.md': '# r\n',
  'fix.patch': '--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-# r\n+# readme\n',
  'venv/pyvenv.cfg': 'home = /usr/bin\n',
  'venv/bin/activate': 'VIRTUAL_ENV=venv\n',
};

beforeAll(async () => {
  await loadShellGrammar();
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-linecode-')));
  const ws = path.join(root, 'ws');
  for (const [rel, content] of Object.entries(FILES)) {
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

/** Python bodies: [harmful, harmless]. */
const PY = ['print(open(".env").read())', 'print("hello")'] as const;
/** Deliveries of a Python body on one line. */
const PYTHON_DELIVERIES: readonly ((body: string) => string)[] = [
  (b) => `python3 - <<'EOF'\n${b}\nEOF`,
  (b) => `python3 <<'EOF'\n${b}\nEOF`,
  (b) => `python3 -u - <<'EOF'\n${b}\nEOF`,
  (b) => `echo '${b}' | python3`,
  (b) => `echo '${b}' | python3 -`,
  (b) => `cat > t.py <<'EOF'\n${b}\nEOF\npython3 t.py`,
  (b) => `cat > t.py <<'EOF' && python3 t.py\n${b}\nEOF`,
  (b) => `echo '${b}' > t.py && python3 t.py`,
  (b) => `echo '${b}' > t.py; python3 -m t`,
  (b) => `echo '${b}' > t.py && cp t.py u.py && python3 u.py`,
  (b) => `mkdir -p d && echo '${b}' > t.py && cp t.py d && python3 d/t.py`,
  (b) => `echo '${b}' > test_t.py && python3 -m pytest -q -s test_t.py`,
  (b) => `printf '#!/usr/bin/env python3\\n${b}\\n' > t.py && chmod +x t.py && ./t.py`,
  (b) => `echo '${b}' >> t.py && python3 t.py`,
  (b) => `echo '${b}' | tee t.py && python3 t.py`,
  (b) => `echo '${b}' | tee t.py > /dev/null; python3 t.py`,
  (b) => `echo '# first' > t.py; echo '${b}' | tee -a t.py && python3 t.py`,
];
/** Shell bodies: [harmful, harmless]. */
const SH = ['cat .env', 'echo hello'] as const;
const SHELL_DELIVERIES: readonly ((body: string) => string)[] = [
  (b) => `echo '${b}' > t.sh && sh t.sh`,
  (b) => `printf '#!/bin/sh\\n${b}\\n' > t.sh && chmod +x t.sh && ./t.sh`,
  (b) => `echo '${b}' | tee t.sh && sh t.sh`,
];

const hasPytest = spawnSync('python3', ['-m', 'pytest', '--version']).status === 0;

/** Runs the command with /bin/sh in a fresh copy of the workspace; what it printed. */
function runForReal(command: string): string {
  const copy = fs.mkdtempSync(path.join(root, 'run-'));
  fs.cpSync(paths.workspace, copy, { recursive: true });
  const r = spawnSync('/bin/sh', ['-c', command], { cwd: copy, encoding: 'utf8', timeout: 20_000 });
  return `${r.stdout}${r.stderr}`;
}

describe('code a line gives an interpreter as its own text', () => {
  const harmful = [...PYTHON_DELIVERIES.map((d) => d(PY[0])), ...SHELL_DELIVERIES.map((d) => d(SH[0]))];
  const harmless = [...PYTHON_DELIVERIES.map((d) => d(PY[1])), ...SHELL_DELIVERIES.map((d) => d(SH[1]))];

  it.each(harmful)('%j is a card', (command) => {
    const d = decide(command);
    expect({ command, tier: d.tier, reason: d.reason }).toMatchObject({ tier: 'gated' });
  });

  it.each(harmful)('%j prints the secret when run', (command) => {
    if (command.includes('pytest') && !hasPytest) return;
    expect(runForReal(command)).toContain('MARKER_LINE_CODE');
  });

  it.each(harmless)('%j runs contained', (command) => {
    const d = decide(command);
    expect({ command, tier: d.tier, reason: d.reason }).toMatchObject({ tier: 'auto' });
  });
});

describe('what the line writes is what a later reader of the file reads', () => {
  it.each([
    // The patch on disk names README.md; the one the line writes first names .env.
    [
      "cat > fix.patch <<'EOF'\n--- a/.env\n+++ b/.env\n@@ -1 +1 @@\n-API_KEY=MARKER_LINE_CODE\n+x\nEOF\ngit apply fix.patch",
    ],
    ["echo '--- a/.env' > fix.patch && patch -p1 < fix.patch"],
    ['git show HEAD:fix.patch > fix.patch && git apply fix.patch'],
    // A virtualenv's activate is sourced as the project's own, but not one the line writes.
    ["echo 'cat .env' >> venv/bin/activate && . venv/bin/activate"],
    // A script written with text the rule cannot read, then run.
    ['echo cHJpbnQoMSkK | base64 -d > t.py && python3 t.py'],
    // tee given what this rule cannot read: a file's text, or its input from a file.
    ['cat README.md | tee t.sh && sh t.sh'],
    ['tee t.sh < README.md && sh t.sh'],
    ["echo 'echo hi' | tee t.sh && sed -n 1p README.md | tee -a t.sh && sh t.sh"],
    // An edit in place of a file the line wrote: the text run is not the text read.
    ["echo 'print(1)' > t.py && sed -i 's/1/2/' t.py && python3 t.py"],
    // A shell reads a script on its input as it runs it, whatever the script.
    ["bash <<'EOF'\necho hello\nEOF"],
    ["sh - <<'EOF'\nset -e\necho hello\nEOF"],
  ])('%j is a card', (command) => {
    const d = decide(command);
    expect({ command, tier: d.tier, reason: d.reason }).toMatchObject({ tier: 'gated' });
  });

  it.each([
    ['git apply fix.patch'],
    [
      "cat > new.patch <<'EOF'\n--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-# r\n+# readme\nEOF\ngit apply new.patch",
    ],
    ['. venv/bin/activate && python3 -c "print(1)"'],
    // sed -i changes the project's file by a script judged as sed's: the file stays the project's.
    ["sed -i 's/1/2/' README.md && python3 -c 'print(1)'"],
  ])('%j runs contained', (command) => {
    const d = decide(command);
    expect({ command, tier: d.tier, reason: d.reason }).toMatchObject({ tier: 'auto' });
  });
});

describe('the text a literal echo or printf prints, held to dash', () => {
  // Words of characters that echo and printf treat specially; each command is built, quoted for sh,
  // read by the grammar, and its reading compared with what /bin/sh prints — where the rule claims
  // to know the text at all.
  const piece = fc.constantFrom('a', ' ', '%', '%s', '%%', '%d', '\\', '\\n', '\\t', '\\c', '\\\\', '-n', '"', 'x\ny');
  const word = fc.array(piece, { minLength: 0, maxLength: 4 }).map((p) => p.join(''));
  const quote = (w: string): string => `'${w.replace(/'/g, `'\\''`)}'`;
  it('never claims a text other than the one sh prints', () => {
    let claimed = 0;
    fc.assert(
      fc.property(
        fc.constantFrom('echo', 'printf'),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        (program, words) => {
          const command = [program, ...words.map(quote)].join(' ');
          const form = readShellForm(command);
          if (!form.ok || form.commands.length !== 1) return;
          const said = literalOutput(form.commands[0]!);
          if (said === null) return;
          claimed++;
          const printed = spawnSync('/bin/sh', ['-c', command], { encoding: 'utf8' });
          expect({ command, said }).toEqual({ command, said: printed.stdout });
        },
      ),
      { numRuns: 400, seed: 20261203 },
    );
    expect(claimed).toBeGreaterThan(100);
  });
});
