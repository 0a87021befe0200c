import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { capturePath, findGitBinary, findOnPath } from '../../../src/main/processes/shellPath';
import { removeTempDirs, tempDir } from './helpers';

afterEach(removeTempDirs);

function executable(dir: string, name: string, body = '#!/bin/sh\nexit 0\n'): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, body, { mode: 0o755 });
  return file;
}

describe('findOnPath', () => {
  it('finds the first absolute executable regular file', () => {
    const a = tempDir();
    const b = tempDir();
    fs.writeFileSync(path.join(a, 'tool'), 'not executable', { mode: 0o644 });
    fs.mkdirSync(path.join(a, 'dir-tool'));
    const real = executable(b, 'tool');
    executable(b, 'dir-tool');
    expect(findOnPath('tool', `${a}:${b}`)).toBe(real);
    expect(findOnPath('dir-tool', `${a}:${b}`)).toBe(path.join(b, 'dir-tool'));
    expect(findOnPath('missing', `${a}:${b}`)).toBeNull();
  });

  it('never looks up a path, and never resolves in a relative PATH entry', () => {
    const a = tempDir();
    executable(a, 'tool');
    expect(findOnPath('./tool', a)).toBeNull();
    expect(findOnPath(path.join(a, 'tool'), a)).toBeNull();
    expect(findOnPath('..', a)).toBeNull();
    const cwd = process.cwd();
    try {
      process.chdir(a);
      expect(findOnPath('tool', '.:bin::')).toBeNull();
    } finally {
      process.chdir(cwd);
    }
  });

  it('skips PATH entries inside the workspace and hits that resolve into it', () => {
    const workspace = tempDir();
    const outside = tempDir();
    const bin = path.join(workspace, 'node_modules', '.bin');
    fs.mkdirSync(bin, { recursive: true });
    executable(bin, 'grep');
    expect(findOnPath('grep', bin, { workspace })).toBeNull();
    // A link outside that points at a workspace file is still the workspace's file.
    const target = executable(workspace, 'evil');
    fs.symlinkSync(target, path.join(outside, 'ls'));
    expect(findOnPath('ls', outside, { workspace })).toBeNull();
    expect(findOnPath('ls', outside)).toBe(path.join(outside, 'ls'));
  });

  it('finds git', () => {
    const found = findGitBinary(process.env.PATH ?? '');
    expect(found === null || path.isAbsolute(found)).toBe(true);
  });
});

describe('capturePath', () => {
  it('reads PATH between the markers, ignoring what rc files print', async () => {
    const dir = tempDir();
    // A fake login shell: prints noise, then runs the command with a PATH it set.
    const shell = executable(
      dir,
      'fake-shell',
      '#!/bin/sh\necho "Welcome banner $PATH"\nPATH=/opt/owner/bin:/usr/bin\nexport PATH\nshift\nexec /bin/sh -c "$1"\n',
    );
    const captured = await capturePath(shell, { env: { HOME: dir, PATH: '/usr/bin:/bin' } });
    expect(captured).toEqual({ path: '/opt/owner/bin:/usr/bin', note: null });
  });

  it('falls back to Paddock’s PATH with a note when the shell hangs or fails', async () => {
    const dir = tempDir();
    const hanging = executable(dir, 'hang', '#!/bin/sh\nexec sleep 300\n');
    const slow = await capturePath(hanging, { timeoutMs: 500, fallbackPath: '/usr/bin', env: { HOME: dir } });
    expect(slow.path).toBe('/usr/bin');
    expect(slow.note).toMatch(/could not be read from your login shell .*took longer than 500 ms/);
    const silent = executable(dir, 'silent', '#!/bin/sh\nexit 1\n');
    expect((await capturePath(silent, { fallbackPath: '/usr/bin', env: { HOME: dir } })).note).toMatch(
      /printed no PATH/,
    );
    expect((await capturePath(undefined, { fallbackPath: '/usr/bin' })).note).toMatch(/no absolute \$SHELL/);
  });

  it('works with the real login shell of this machine', async () => {
    const shell = process.env.SHELL && fs.existsSync(process.env.SHELL) ? process.env.SHELL : '/bin/sh';
    const captured = await capturePath(shell, { timeoutMs: 15_000 });
    expect(captured.path.length).toBeGreaterThan(0);
  });
});
