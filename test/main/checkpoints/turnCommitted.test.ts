// A turn that committed says so on its checkpoint row, even when it changed no file: Undo takes back
// files and messages, never a commit.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { turnSummary } from '../../../src/main/checkpoints/history';
import { headOf } from '../../../src/main/git/headOf';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

const env = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'a',
  GIT_AUTHOR_EMAIL: 'a@x',
  GIT_COMMITTER_NAME: 'a',
  GIT_COMMITTER_EMAIL: 'a@x',
};
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env, stdio: 'ignore' });

describe('a turn that committed', () => {
  it('HEAD read from the repository’s files moves with a commit, loose or packed', () => {
    const ws = temp.make();
    expect(headOf(ws)).toBeNull();
    git(ws, 'init', '-q', '-b', 'main');
    const unborn = headOf(ws);
    fs.writeFileSync(path.join(ws, 'a.txt'), 'a\n');
    git(ws, 'add', '-A');
    git(ws, 'commit', '-q', '-m', 'one');
    const first = headOf(ws);
    expect(first).not.toBe(unborn);
    git(ws, 'commit', '-q', '--allow-empty', '-m', 'two');
    const second = headOf(ws);
    expect(second).not.toBe(first);
    git(ws, 'pack-refs', '--all');
    expect(headOf(ws)).toBe(second);
  });

  it('is said on the row, with no file changed and with some', () => {
    expect(turnSummary('changed no files', false)).toBe('changed no files');
    expect(turnSummary('changed no files', true)).toBe(
      'changed no files, and committed: Undo takes back the messages, not the commit',
    );
    expect(turnSummary('changed 1 file: a.txt', true)).toBe(
      'changed 1 file: a.txt, and committed: Undo restores the files, not the commit',
    );
  });
});
