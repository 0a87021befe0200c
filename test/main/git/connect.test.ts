// Connected repositories from a local bare repository (no network).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  classifyCloneUrl,
  cloneRepository,
  createEmptyRepository,
  parseProgress,
  type CloneProgress,
} from '../../../src/main/git/connect';
import { createGitTool } from '../../../src/main/tools/git';
import { GIT, makeFixture, removeFixture, type GitFixture } from './fixture';

let fx: GitFixture;
afterEach(() => removeFixture(fx));

function bareOrigin(): string {
  const bare = path.join(fx.outside, 'origin.git');
  fx.setup(['clone', '--quiet', '--bare', fx.ws, bare]);
  return bare;
}

describe('connected repositories', () => {
  it('clones a file:// repository under <data>/repositories/<id>/agent with progress, usable by the git tool', async () => {
    fx = makeFixture();
    for (let i = 0; i < 30; i += 1) fx.writeFile(`many/f${i}.txt`, `file ${i}\n`);
    fx.setup(['add', '-A']);
    fx.setup(['commit', '--quiet', '-m', 'more']);
    const bare = bareOrigin();
    const progress: CloneProgress[] = [];
    const { directory } = await cloneRepository({
      gitBinary: GIT,
      url: `file://${bare}`,
      dataDir: fx.dataDir,
      projectId: 'proj-1',
      onProgress: (p) => progress.push(p),
    });
    expect(directory).toBe(path.join(fx.dataDir, 'repositories', 'proj-1', 'agent'));
    expect(fs.readFileSync(path.join(directory, 'README.md'), 'utf8')).toBe('hello\n');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.some((p) => p.percent === 100)).toBe(true);
    // No sample hooks copied in, and the fresh repository passes the git tool's checks.
    expect(fs.existsSync(path.join(directory, '.git', 'hooks'))).toBe(false);
    const status = await createGitTool().run({ action: 'log' }, fx.ctx('run', directory));
    expect(status.ok && status.text).toContain('more');
  });

  it('a failed clone removes the directory', async () => {
    fx = makeFixture();
    await expect(
      cloneRepository({
        gitBinary: GIT,
        url: path.join(fx.outside, 'missing.git'),
        dataDir: fx.dataDir,
        projectId: 'proj-2',
      }),
    ).rejects.toThrow(/clone failed/);
    expect(fs.existsSync(path.join(fx.dataDir, 'repositories', 'proj-2'))).toBe(false);
  });

  it('creates an empty repository on main', async () => {
    fx = makeFixture();
    const { directory } = await createEmptyRepository({ gitBinary: GIT, dataDir: fx.dataDir, projectId: 'empty' });
    expect(fs.statSync(path.join(directory, '.git')).isDirectory()).toBe(true);
    expect(fs.readFileSync(path.join(directory, '.git', 'HEAD'), 'utf8').trim()).toBe('ref: refs/heads/main');
    await expect(createEmptyRepository({ gitBinary: GIT, dataDir: fx.dataDir, projectId: 'empty' })).rejects.toThrow(
      /already exists/,
    );
  });

  it('accepts only the URL kinds it names', () => {
    for (const good of [
      'https://github.com/a/b.git',
      'ssh://git@host.example/a/b',
      'git@github.com:a/b.git',
      'file:///srv/repo.git',
      '/srv/repo.git',
    ]) {
      expect(classifyCloneUrl(good).ok, good).toBe(true);
    }
    for (const bad of [
      'ext::sh -c touch% /tmp/pwned',
      'http://example.com/a',
      '--upload-pack=touch /tmp/x',
      'git@-oProxyCommand=x:a',
      'relative/path',
      'https://a b',
      'ftp://x/y',
      '',
    ]) {
      expect(classifyCloneUrl(bad).ok, bad).toBe(false);
    }
    expect(() =>
      cloneRepository({ gitBinary: GIT, url: 'x', dataDir: '/tmp', projectId: '../escape' }),
    ).rejects.toThrow();
  });

  it('reads git progress lines', () => {
    expect(parseProgress('Receiving objects:  45% (45/100), 1.20 MiB | 3.00 MiB/s')).toEqual({
      phase: 'Receiving objects',
      percent: 45,
    });
    expect(parseProgress('remote: Counting objects: 100% (7/7), done.')).toEqual({
      phase: 'Counting objects',
      percent: 100,
    });
    expect(parseProgress("Cloning into 'agent'...")).toBeNull();
  });
});
