// The index reader against real git: every version git writes (2, 3 with extended flags, 4 with
// prefix-compressed names) gives exactly `git ls-files`; what it cannot read whole is null.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexPaths, trackedFiles } from '../../../src/main/policy/gitIndex';

let root: string;
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-C', cwd, '-c', 'core.quotePath=false', ...args], { encoding: 'utf8' });

/** Names that exercise the reader: nested, long, shared prefixes (version 4 strips them), non-ASCII. */
const NAMES = [
  'README.md',
  'src/a.ts',
  'src/ab.ts',
  'src/abc/deep/x.py',
  'src/abd.ts',
  `long/${'n'.repeat(200)}/${'m'.repeat(200)}/${'f'.repeat(200)}.txt`,
  'ünï/cödé.rs',
  'deploy/gcp/service-account.json',
  'z',
];

function repo(name: string): string {
  const ws = path.join(root, name);
  for (const rel of NAMES) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), `${rel}\n`);
  }
  git(ws, 'init', '-q');
  git(ws, 'add', '-A');
  return ws;
}

function listed(ws: string): string[] {
  return git(ws, 'ls-files', '-z').split('\0').filter(Boolean);
}

beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-gitindex-')));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the tracked paths of a real index', () => {
  it.each([2, 3, 4])('version %i reads as git ls-files', (version) => {
    const ws = repo(`v${version}`);
    git(ws, 'update-index', '--index-version', String(version));
    // Version 3's extended flags: an intent-to-add entry carries them.
    if (version >= 3) {
      fs.writeFileSync(path.join(ws, 'later.txt'), 'x\n');
      git(ws, 'add', '-N', 'later.txt');
    }
    const paths = indexPaths(fs.readFileSync(path.join(ws, '.git', 'index')));
    expect(paths).toEqual(listed(ws));
    const tracked = trackedFiles(ws)!;
    expect([...tracked.files].sort()).toEqual([...listed(ws)].sort());
    expect(tracked.folders.has('src/abc/deep')).toBe(true);
    expect(tracked.folders.has('src/abc')).toBe(true);
    expect(tracked.folders.has('src/abc/deep/x.py')).toBe(false);
  });

  it('follows a change of the index (a file added after the first read)', () => {
    const ws = repo('changes');
    expect(trackedFiles(ws)!.files.has('new.txt')).toBe(false);
    fs.writeFileSync(path.join(ws, 'new.txt'), 'x\n');
    git(ws, 'add', 'new.txt');
    expect(trackedFiles(ws)!.files.has('new.txt')).toBe(true);
  });

  it('is null for a split index, whose other entries are in a shared index file (red team round twenty)', () => {
    const ws = repo('split');
    git(ws, 'update-index', '--split-index');
    fs.writeFileSync(path.join(ws, 'added.txt'), 'x\n');
    git(ws, 'add', 'added.txt');
    // git still lists every file; the index file itself names only what changed since the split.
    expect(listed(ws)).toContain('README.md');
    expect(indexPaths(fs.readFileSync(path.join(ws, '.git', 'index')))).toBeNull();
    expect(trackedFiles(ws)).toBeNull();
  });

  it('is null for what it does not read whole', () => {
    const ws = repo('cut');
    const data = fs.readFileSync(path.join(ws, '.git', 'index'));
    expect(indexPaths(data.subarray(0, 40))).toBeNull();
    expect(indexPaths(Buffer.from('NOTANINDEX00'))).toBeNull();
    const wrongVersion = Buffer.from(data);
    wrongVersion.writeUInt32BE(5, 4);
    expect(indexPaths(wrongVersion)).toBeNull();
    // No .git folder (a worktree's .git is a file), and no index yet.
    const worktree = path.join(root, 'worktree');
    fs.mkdirSync(worktree);
    fs.writeFileSync(path.join(worktree, '.git'), 'gitdir: /elsewhere\n');
    expect(trackedFiles(worktree)).toBeNull();
    // A submodule's entry names a folder: not read.
    const outer = repo('outer');
    const inner = path.join(outer, 'inner');
    fs.mkdirSync(inner);
    fs.writeFileSync(path.join(inner, 'x.txt'), 'x\n');
    git(inner, 'init', '-q');
    git(inner, 'add', '-A');
    git(inner, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'x');
    git(outer, 'add', 'inner');
    expect(listed(outer)).toContain('inner');
    expect(trackedFiles(outer)).toBeNull();
    const fresh = path.join(root, 'fresh');
    fs.mkdirSync(fresh);
    git(fresh, 'init', '-q');
    expect(trackedFiles(fresh)).toBeNull();
  });
});
