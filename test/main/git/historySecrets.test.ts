// A secrets file the history holds though the tree does not (git/historySecrets.ts): read from a
// real repository, and given to the contained rule, which then asks for git's history-wide printers.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretInHistory } from '../../../src/main/git/historySecrets';
import { decideContained } from '../../../src/main/policy/contained';
import { loadShellGrammar } from '../../../src/main/policy/shellGrammar';

let root: string;
const git = (ws: string, ...args: string[]) =>
  execFileSync('git', ['-C', ws, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { stdio: 'ignore' });

function repo(name: string, files: Record<string, string>): string {
  const ws = path.join(root, name);
  fs.mkdirSync(ws, { recursive: true });
  git(ws, 'init', '-q');
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), text);
  }
  git(ws, 'add', '-A');
  git(ws, 'commit', '-qm', 'first');
  return ws;
}

beforeAll(async () => {
  await loadShellGrammar();
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-history-')));
  fs.mkdirSync(path.join(root, 'home'));
  fs.mkdirSync(path.join(root, 'data'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const decide = (ws: string, command: string) =>
  decideContained(command, {
    paths: { workspace: ws, home: path.join(root, 'home'), dataDir: path.join(root, 'data') },
    allowedDomains: [],
    historySecret: () => secretInHistory(ws),
  });

describe('a secrets file the history holds', () => {
  it('is found once committed and then untracked, and the history printers ask', () => {
    const ws = repo('once', { 'README.md': '# r\n', '.env': 'API_KEY=old\n' });
    git(ws, 'rm', '-q', '--cached', '.env');
    fs.writeFileSync(path.join(ws, '.gitignore'), '.env\n');
    git(ws, 'add', '.gitignore');
    git(ws, 'commit', '-qm', 'untrack');
    expect(secretInHistory(ws)).toBe('.env');
    for (const command of [
      'git log -p',
      'git log -p --all',
      'git format-patch --stdout HEAD~1..HEAD',
      'git fast-export --all',
    ])
      expect({ command, ...decide(ws, command) }).toMatchObject({ command, tier: 'gated', code: 'shows-secret' });
    // What prints no file's lines still runs.
    expect(decide(ws, 'git log --oneline').tier).toBe('auto');
  });

  it('is none where no commit ever held one, and the printers run', () => {
    const ws = repo('never', { 'README.md': '# r\n', 'src/a.ts': 'export {};\n' });
    expect(secretInHistory(ws)).toBeNull();
    expect(decide(ws, 'git log -p').tier).toBe('auto');
  });

  it('is read again when the history changes', () => {
    const ws = repo('later', { 'README.md': '# r\n' });
    expect(secretInHistory(ws)).toBeNull();
    fs.writeFileSync(path.join(ws, 'id_rsa'), 'key\n');
    git(ws, 'add', 'id_rsa');
    git(ws, 'commit', '-qm', 'oops');
    git(ws, 'rm', '-q', 'id_rsa');
    git(ws, 'commit', '-qm', 'gone');
    expect(secretInHistory(ws)).toBe('id_rsa');
  });

  it('is none outside a repository and in one with no commit', () => {
    const plain = path.join(root, 'plain');
    fs.mkdirSync(plain);
    expect(secretInHistory(plain)).toBeNull();
    const empty = path.join(root, 'empty');
    fs.mkdirSync(empty);
    git(empty, 'init', '-q');
    expect(secretInHistory(empty)).toBeNull();
  });
});
