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
  // Red team round twenty-seven: each of these histories printed its secret to git show while the
  // reading missed it (each failing before its fix).
  it('under a name git quotes (café/.env) is read as written', () => {
    const ws = repo('quoted', { 'README.md': '# r\n', 'café/.env': 'CAFE_KEY=1\n' });
    git(ws, 'rm', '-q', '--cached', 'café/.env');
    git(ws, 'commit', '-qm', 'untrack');
    expect(secretInHistory(ws)).toBe('café/.env');
  });
  it('added by a merge commit itself is found', () => {
    const ws = repo('merged', { 'README.md': '# r\n' });
    git(ws, 'checkout', '-qb', 'side');
    fs.writeFileSync(path.join(ws, 'side.txt'), 's\n');
    git(ws, 'add', 'side.txt');
    git(ws, 'commit', '-qm', 'side');
    git(ws, 'checkout', '-q', '-');
    git(ws, 'merge', '--no-ff', '--no-commit', 'side');
    fs.writeFileSync(path.join(ws, '.env'), 'MERGE_KEY=1\n');
    git(ws, 'add', '-f', '.env');
    git(ws, 'commit', '-qm', 'merge');
    git(ws, 'rm', '-q', '--cached', '.env');
    git(ws, 'commit', '-qm', 'untrack');
    git(ws, 'branch', '-qD', 'side');
    expect(secretInHistory(ws)).toBe('.env');
    expect(decide(ws, 'git show HEAD~1')).toMatchObject({ tier: 'gated', code: 'shows-secret' });
  });
  it('reachable only from FETCH_HEAD is found, and a FETCH_HEAD naming a missing commit is passed over', () => {
    const ws = repo('fetched', { 'README.md': '# r\n' });
    git(ws, 'checkout', '-qb', 'gone');
    fs.writeFileSync(path.join(ws, '.env'), 'FETCH_KEY=1\n');
    git(ws, 'add', '-f', '.env');
    git(ws, 'commit', '-qm', 'env');
    const hash = execFileSync('git', ['-C', ws, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    git(ws, 'checkout', '-q', '-');
    git(ws, 'branch', '-qD', 'gone');
    git(ws, 'reflog', 'expire', '--expire=now', '--all');
    fs.writeFileSync(path.join(ws, '.git', 'FETCH_HEAD'), `${hash}\t\tbranch 'x' of /tmp/y\n`);
    expect(secretInHistory(ws)).toBe('.env');
    fs.writeFileSync(path.join(ws, '.git', 'FETCH_HEAD'), `${'e'.repeat(40)}\t\tbranch 'x' of /tmp/y\n`);
    expect(secretInHistory(ws)).toBe(null);
  });
  it('besides the first one read: a pathspec naming another folder still asks', () => {
    const ws = repo('two', { 'README.md': '# r\n', 'a/.env': 'A=1\n', 'config/.env': 'C=1\n' });
    git(ws, 'rm', '-q', '--cached', 'a/.env', 'config/.env');
    git(ws, 'commit', '-qm', 'untrack');
    for (const command of ['git show HEAD~1 -- config', 'git log -p -- config'])
      expect({ command, ...decide(ws, command) }).toMatchObject({ command, tier: 'gated', code: 'shows-secret' });
  });
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
