// Lists git gives of what its index tracks (`git ls-files`, `git diff --name-only`), judged by the
// workspace's own index (policy/gitIndex.ts): an ignored secrets file git does not track is not
// among them; a tracked one is, and so is everything where the index read is not the one git reads.
// Each harmful row is also run for real, to see that git lists the secret.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretInHistory } from '../../../../src/main/git/historySecrets';
import { decideContained } from '../../../../src/main/policy/contained';
import { loadShellGrammar } from '../../../../src/main/policy/shellGrammar';
import type { PathContext } from '../../../../src/main/workspace/types';

let root: string;
let paths: PathContext;

const git = (cwd: string, ...args: string[]): void => {
  execFileSync('git', ['-C', cwd, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { stdio: 'ignore' });
};

beforeAll(async () => {
  await loadShellGrammar();
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-tracked-')));
  const ws = path.join(root, 'ws');
  const files: Record<string, string> = {
    '.gitignore': '.env\nlocal-data/\n',
    '.env': 'API_KEY=MARKER_TRACKED\n',
    'README.md': '# r\n',
    'src/a.ts': 'export const a = 1;\n',
    'src/b.ts': 'export const b = 2;\n',
    'local-data/important.db': 'rows\n',
    'app/README.md': '# app\n',
    'app/.env': 'API_KEY=MARKER_TRACKED\n',
    'keys/deploy.pem': '-----BEGIN PRIVATE KEY-----MARKER_TRACKED\n',
    'vendor/lib/README.md': '# lib\n',
    'vendor/lib/.env.production': 'API_KEY=MARKER_TRACKED\n',
  };
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), content);
  }
  // A repository of its own inside, tracking its secrets file.
  git(path.join(ws, 'vendor/lib'), 'init', '-q');
  git(path.join(ws, 'vendor/lib'), 'add', '-A');
  git(path.join(ws, 'vendor/lib'), 'commit', '-qm', 'lib');
  git(ws, 'init', '-q');
  git(ws, 'add', '.gitignore', 'README.md', 'src', 'app/README.md');
  git(ws, 'commit', '-qm', 'x');
  fs.writeFileSync(path.join(ws, 'src/a.ts'), 'export const a = 3;\n');
  fs.mkdirSync(path.join(root, 'home'));
  fs.mkdirSync(path.join(root, 'data'));
  paths = { workspace: ws, home: path.join(root, 'home'), dataDir: path.join(root, 'data') };
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const decide = (command: string, cwd?: string) => decideContained(command, { paths, cwd, allowedDomains: [] });

describe("a list of what git's index tracks", () => {
  it.each([
    ['git ls-files | xargs cat', ''],
    ['git ls-files | xargs grep -n TODO', ''],
    ['git ls-files -c src | xargs wc -l', ''],
    ['git diff --name-only | xargs cat', ''],
    ['git diff --name-only | xargs sed -i s/3/4/', ''],
    ['git ls-files | xargs cat', 'app'],
    ['git diff --name-only --relative | xargs cat', 'app'],
  ])('%j (cwd %j) runs contained: the ignored secrets files are not tracked', (command, cwd) => {
    const d = decide(command, cwd || undefined);
    expect({ command, tier: d.tier, reason: d.reason }).toMatchObject({ tier: 'auto' });
  });

  /** Runs the command in a fresh copy of the workspace (its index included); what it printed. */
  function runForReal(command: string, cwd: string, setup?: (copy: string) => void): string {
    const copy = fs.mkdtempSync(path.join(root, 'run-'));
    fs.cpSync(paths.workspace, copy, { recursive: true });
    setup?.(copy);
    const r = spawnSync('/bin/sh', ['-c', command], { cwd: path.join(copy, cwd), encoding: 'utf8' });
    return `${r.stdout}${r.stderr}`;
  }

  it.each([
    // Others (-o) are what the index does not track, the ignored ones among them.
    ['git ls-files -o | xargs cat', ''],
    ['git ls-files --others | xargs cat', 'app'],
    // In a repository nested inside, git reads that one's index, which tracks its secrets file.
    ['git ls-files | xargs cat', 'vendor/lib'],
  ])('%j (cwd %j) is a card', (command, cwd) => {
    const d = decide(command, cwd || undefined);
    expect({ command, tier: d.tier, reason: d.reason }).toMatchObject({ tier: 'gated' });
    expect(runForReal(command, cwd)).toContain('MARKER_TRACKED');
  });

  it('a tracked secrets file is among them: a card', () => {
    const ws = paths.workspace;
    git(ws, 'add', '-f', 'keys/deploy.pem');
    try {
      const d = decide('git ls-files | xargs cat');
      expect({ tier: d.tier, code: d.code }).toEqual({ tier: 'gated', code: 'shows-secret' });
      expect(d.reason).toContain('keys/deploy.pem');
      expect(runForReal('git ls-files | xargs cat', '')).toContain('MARKER_TRACKED');
    } finally {
      git(ws, 'rm', '-q', '--cached', 'keys/deploy.pem');
    }
    expect(decide('git ls-files | xargs cat').tier).toBe('auto');
  });

  it('a tracked folder moved and replaced by a link: git lists the old names, read through the link (red team round twenty)', () => {
    const ws = paths.workspace;
    fs.writeFileSync(path.join(ws, 'app/.env.local'), 'LOCAL=MARKER_TRACKED\n');
    git(ws, 'add', '-f', 'app/.env.local');
    fs.renameSync(path.join(ws, 'app'), path.join(ws, 'app2'));
    fs.symlinkSync('app2', path.join(ws, 'app'));
    try {
      for (const command of ['git ls-files app | xargs cat', 'git ls-files | xargs cat']) {
        expect(runForReal(command, '')).toContain('MARKER_TRACKED');
        expect({ command, tier: decide(command).tier }).toEqual({ command, tier: 'gated' });
      }
    } finally {
      fs.unlinkSync(path.join(ws, 'app'));
      fs.renameSync(path.join(ws, 'app2'), path.join(ws, 'app'));
      fs.unlinkSync(path.join(ws, 'app/.env.local'));
      git(ws, 'rm', '-q', '--cached', 'app/.env.local');
    }
    expect(decide('git ls-files | xargs cat').tier).toBe('auto');
  });

  // Against a revision or the staged changes, names come from history, not from the index; and
  // below the repository's top, git diff's names (the top's) are not what its pathspec says.
  it.each([
    ['git diff --name-only HEAD | xargs cat', ''],
    ['git diff --name-only HEAD -- . | xargs cat', 'app'],
  ])('%j (cwd %j) is judged as every file below', (command, cwd) => {
    expect(decide(command, cwd || undefined).tier).toBe('gated');
  });
  it('at the top, a revision and a pathspec list below it only', () => {
    expect(decide('git diff --name-only HEAD~1 -- src | xargs cat').tier).toBe('auto');
  });

  // With the history read (as the run tool and check-command read it): where no commit ever added
  // a secrets file, the names of commits are the index's or harmless ones, for a program that reads.
  const decideWithHistory = (command: string, ws = paths.workspace) =>
    decideContained(command, {
      paths: { ...paths, workspace: ws },
      allowedDomains: [],
      historySecret: () => secretInHistory(ws),
    });
  it.each([
    'git diff --name-only HEAD | xargs cat',
    "git diff --name-only HEAD | grep '\\.ts$' | xargs -r wc -l",
    'git diff --cached --name-only | xargs cat',
  ])('%j runs contained when no commit ever held a secrets file', (command) => {
    const d = decideWithHistory(command);
    expect({ command, tier: d.tier, reason: d.reason }).toMatchObject({ tier: 'auto' });
    expect(runForReal(command, '')).not.toContain('MARKER_TRACKED');
  });
  it('a committed secrets file, since untracked and ignored, is among the names: a card, and git lists it', () => {
    const copy = fs.mkdtempSync(path.join(root, 'history-'));
    fs.cpSync(paths.workspace, copy, { recursive: true });
    git(copy, 'add', '-f', '.env');
    git(copy, 'commit', '-qm', 'env');
    git(copy, 'rm', '-q', '--cached', '.env');
    git(copy, 'commit', '-qm', 'untrack');
    const command = 'git diff --name-only HEAD~1 | xargs cat';
    expect(decideWithHistory(command, copy)).toMatchObject({ tier: 'gated', code: 'shows-secret' });
    const r = spawnSync('/bin/sh', ['-c', command], { cwd: copy, encoding: 'utf8' });
    expect(r.stdout).toContain('MARKER_TRACKED');
  });
  it('a secrets file staged but never committed is one the index tracks: a card', () => {
    const ws = paths.workspace;
    git(ws, 'add', '-f', 'keys/deploy.pem');
    try {
      expect(decideWithHistory('git diff --name-only HEAD | xargs cat')).toMatchObject({
        tier: 'gated',
        code: 'shows-secret',
      });
      expect(runForReal('git diff --name-only HEAD | xargs cat', '')).toContain('MARKER_TRACKED');
    } finally {
      git(ws, 'rm', '-q', '--cached', 'keys/deploy.pem');
    }
  });
  it.each([
    'git show',
    'git diff',
    'git diff HEAD -- src',
    'git show --stat HEAD',
    'git diff --cached --name-only',
    'git log -S export --oneline',
  ])('%j runs contained: no secrets file is tracked, and no commit ever held one', (command) => {
    expect(decideWithHistory(command).tier).toBe('auto');
  });
  it('git diff --cached and git show of a tracked secrets file print it: a card; names only do not', () => {
    const ws = paths.workspace;
    git(ws, 'add', '-f', 'keys/deploy.pem');
    try {
      expect(decideWithHistory('git diff --cached')).toMatchObject({ tier: 'gated', code: 'shows-secret' });
      expect(runForReal('git diff --cached', '')).toContain('MARKER_TRACKED');
      expect(decideWithHistory('git diff --cached --stat').tier).toBe('auto');
      expect(decideWithHistory('git diff --cached -- src').tier).toBe('auto');
    } finally {
      git(ws, 'rm', '-q', '--cached', 'keys/deploy.pem');
    }
  });
  it('git show of the commit that added a secrets file since untracked prints it: a card', () => {
    const copy = fs.mkdtempSync(path.join(root, 'shown-'));
    fs.cpSync(paths.workspace, copy, { recursive: true });
    git(copy, 'add', '-f', '.env');
    git(copy, 'commit', '-qm', 'env');
    git(copy, 'rm', '-q', '--cached', '.env');
    git(copy, 'commit', '-qm', 'untrack');
    expect(decideWithHistory('git show HEAD~1', copy)).toMatchObject({ tier: 'gated', code: 'shows-secret' });
    const r = spawnSync('git', ['show', 'HEAD~1'], { cwd: copy, encoding: 'utf8' });
    expect(r.stdout).toContain('MARKER_TRACKED');
    // The working tree's diff prints no file the index does not track.
    expect(decideWithHistory('git diff', copy).tier).toBe('auto');
  });
  it.each(['git show HEAD', 'git log -S API --oneline', 'git diff', 'git grep -l API'])(
    '%j in a repository nested inside, which tracks its own secrets file: a card',
    (command) => {
      const d = decideContained(command, {
        paths,
        cwd: 'vendor/lib',
        allowedDomains: [],
        historySecret: () => secretInHistory(paths.workspace),
      });
      expect({ command, tier: d.tier, code: d.code }).toEqual({ command, tier: 'gated', code: 'shows-secret' });
    },
  );
  it('a program that rewrites what it is given still counts every file below (a committed name may be ignored now)', () => {
    expect(decideWithHistory('git diff --name-only HEAD | xargs sed -i s/a/b/').tier).toBe('gated');
  });

  it('git diff --cached names a file the index no longer tracks: a card', () => {
    const command = 'git diff --cached --name-only | xargs cat';
    const setup = (copy: string): void => {
      fs.writeFileSync(path.join(copy, 'notes.env'), 'x');
    };
    expect(decide(command).tier).toBe('gated');
    // A file committed, then untracked and ignored: --cached still names it, and it is there.
    const copy = fs.mkdtempSync(path.join(root, 'cached-'));
    fs.cpSync(paths.workspace, copy, { recursive: true });
    setup(copy);
    git(copy, 'add', '-f', '.env');
    git(copy, 'commit', '-qm', 'env');
    git(copy, 'rm', '-q', '--cached', '.env');
    const r = spawnSync('/bin/sh', ['-c', command], { cwd: copy, encoding: 'utf8' });
    expect(r.stdout).toContain('MARKER_TRACKED');
  });
});
