// The readers' profile (readerProfile.ts): the agent's contained profile with the workspace
// read-only except what the reader writes. Read as bubblewrap arguments (pure), then run for real:
// a reader cannot write the working tree, can write its own place, and sees no home.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bwrapArgs, type ContainedProfile, type SystemLayout } from '../../../src/main/sandbox/profile';
import { MOUNT_CHECK_EXIT, mountCheckLauncher, readerMountArgs } from '../../../src/main/sandbox/readerProfile';
import { runBounded } from '../../../src/main/processes/spawn';
import { sandboxStatus, testSandbox } from '../../support/sandbox';
import { createTempDirs } from '../../support/tempDirs';

const layout: SystemLayout = {
  kind: (dir) => (['/usr', '/etc'].includes(dir) ? 'dir' : 'absent'),
  exists: () => false,
};

const base: ContainedProfile = {
  workspace: '/home/o/code/app',
  gitEntries: ['/home/o/code/app/.git'],
  alwaysCardEntries: [],
  home: '/home/o',
  dataDir: '/home/o/.config/Paddock',
  privateTmp: '/home/o/.config/Paddock/sandbox/reader-tmp',
  toolchainDirs: [],
  coverDirs: [],
  coverFiles: [],
  network: 'off',
  seccompFilter: '/home/o/.config/Paddock/sandbox/seccomp-x86_64.bpf',
  cwd: '/home/o/code/app',
};

/** The index of the argument group `[flag, ...values]` in argv (-1 when absent). */
function at(args: string[], ...group: string[]): number {
  for (let i = 0; i < args.length; i++) if (group.every((g, j) => args[i + j] === g)) return i;
  return -1;
}

describe('the reader profile as bubblewrap arguments', () => {
  it("is the agent's profile (namespaces, no network, seccomp, empty home) with the workspace remounted read-only after its binds", () => {
    const args = bwrapArgs({ ...base, reader: { workspace: 'read-only', writable: [], readOnly: [] } }, layout);
    for (const flag of ['--unshare-user', '--unshare-pid', '--unshare-net', '--disable-userns', '--die-with-parent'])
      expect(args).toContain(flag);
    expect(args.slice(args.indexOf('--seccomp'), args.indexOf('--seccomp') + 2)).toEqual(['--seccomp', '3']);
    expect(at(args, '--tmpfs', '/home/o')).toBeGreaterThan(-1);
    const bound = at(args, '--bind', base.workspace, base.workspace);
    const gitReadOnly = at(args, '--ro-bind', '/home/o/code/app/.git', '/home/o/code/app/.git');
    const remounted = at(args, '--remount-ro', base.workspace);
    expect(bound).toBeGreaterThan(-1);
    expect(gitReadOnly).toBeGreaterThan(bound);
    expect(remounted).toBeGreaterThan(gitReadOnly);
    // Nothing writable but /tmp (the readers' own, in the data directory).
    expect(args.filter((arg) => arg === '--bind')).toHaveLength(2);
  });

  it("binds the writable places read-write at their own paths after the read-only workspace (a commit's .git)", () => {
    const gitDir = '/home/o/code/app/.git';
    const args = bwrapArgs({ ...base, reader: { workspace: 'read-only', writable: [gitDir], readOnly: [] } }, layout);
    const remounted = at(args, '--remount-ro', base.workspace);
    const writable = at(args, '--bind', gitDir, gitDir);
    expect(writable).toBeGreaterThan(remounted);
    expect(writable).toBeGreaterThan(at(args, '--ro-bind', gitDir, gitDir));
  });

  it('leaves the working tree writable only when asked (stash push, init)', () => {
    const args = bwrapArgs({ ...base, reader: { workspace: 'read-write', writable: [], readOnly: [] } }, layout);
    expect(at(args, '--remount-ro', base.workspace)).toBe(-1);
    expect(at(args, '--bind', base.workspace, base.workspace)).toBeGreaterThan(-1);
  });

  it('binds a shadow repository inside a covered data directory on a fresh tmpfs, read-only again once it is in', () => {
    const shadow = '/home/o/.config/Paddock/checkpoints/ab.git';
    const hooks = '/home/o/.config/Paddock/developer/empty-hooks';
    const args = readerMountArgs('/home/o', ['/home/o/.ssh', '/home/o/.config/Paddock'], {
      workspace: 'read-only',
      writable: [shadow],
      readOnly: [hooks],
    });
    expect(args).toEqual([
      '--remount-ro',
      '/home/o',
      '--tmpfs',
      '/home/o/.config/Paddock',
      '--ro-bind',
      hooks,
      hooks,
      '--bind',
      shadow,
      shadow,
      '--remount-ro',
      '/home/o/.config/Paddock',
    ]);
  });

  it('checks the mounted places by device and inode before the reader starts, words passed as positional parameters', () => {
    const launcher = mountCheckLauncher('/usr/bin/stat', [{ path: '/w/.git', id: '2049:77' }]);
    expect(launcher.slice(0, 2)).toEqual(['/bin/sh', '-c']);
    expect(launcher.slice(3)).toEqual(['paddock-reader', '/w/.git', '2049:77', '--']);
    expect(launcher[2]).not.toContain('/w/.git');
    expect(() => mountCheckLauncher('stat; rm', [])).toThrow(/plain absolute path/);
  });

  it("adds nothing to an agent's profile", () => {
    const args = bwrapArgs(base, layout);
    expect(at(args, '--remount-ro', base.workspace)).toBe(-1);
  });
});

const status = sandboxStatus();
const temp = createTempDirs('paddock-reader-profile-');
afterAll(() => temp.cleanup());

describe.skipIf(!status.available || status.engine !== 'bubblewrap')('a reader in the real sandbox', () => {
  it('cannot write the working tree, writes its own place, and sees neither the home nor the data directory', async () => {
    const home = temp.make();
    const dataDir = temp.make();
    const ws = temp.make();
    const own = path.join(dataDir, 'checkpoints', 'x.git');
    fs.mkdirSync(own, { recursive: true });
    fs.mkdirSync(path.join(home, '.ssh'));
    fs.writeFileSync(path.join(home, '.ssh', 'id_ed25519'), 'key');
    fs.writeFileSync(path.join(dataDir, 'paddock.db'), 'db');
    fs.writeFileSync(path.join(ws, 'a.txt'), 'project');
    const sandbox = testSandbox({ home, dataDir });
    const wrap = sandbox.readerWrapperFor(ws, { writable: [own] });
    const script = [
      `cat ${ws}/a.txt`,
      `touch ${ws}/new 2>/dev/null && echo wrote-workspace`,
      `touch ${own}/index && echo wrote-own`,
      `cat ${home}/.ssh/id_ed25519 2>/dev/null && echo read-home`,
      `cat ${dataDir}/paddock.db 2>/dev/null && echo read-data`,
      'true',
    ].join('; ');
    const result = await runBounded({
      program: '/bin/sh',
      args: ['-c', script],
      cwd: ws,
      env: { PATH: '/usr/bin:/bin' },
      timeoutMs: 30_000,
      wrap,
      purpose: 'checkpoint',
    });
    expect(result.output).toContain('project');
    expect(result.output).toContain('wrote-own');
    expect(result.output).not.toContain('wrote-workspace');
    expect(result.output).not.toContain('read-home');
    expect(result.output).not.toContain('read-data');
    expect(fs.existsSync(path.join(own, 'index'))).toBe(true);
    // A .git swapped for another directory between Paddock's look and the sandbox's start: the reader does not run.
    const gitDir = path.join(ws, '.git');
    fs.mkdirSync(gitDir);
    const guarded = sandbox.readerWrapperFor(ws, { writable: [gitDir] });
    const ok = await runBounded({
      program: '/bin/echo',
      args: ['ran', '$1', '"'],
      cwd: ws,
      env: { PATH: '/usr/bin:/bin' },
      timeoutMs: 30_000,
      wrap: guarded,
      purpose: 'git',
    });
    expect(ok.output.trim()).toBe('ran $1 "');
    const command = guarded({ program: '/bin/echo', args: ['ran'], cwd: ws, env: { PATH: '/usr/bin:/bin' } }, 'git');
    fs.renameSync(gitDir, path.join(ws, 'old-git'));
    fs.mkdirSync(gitDir);
    const swapped = await runBounded({ ...command, timeoutMs: 30_000 });
    expect(swapped.exitCode).toBe(MOUNT_CHECK_EXIT);
    expect(swapped.output).toContain('changed (a link was swapped in)');
    expect(swapped.output).not.toContain('ran');
    // The agent's own purposes pass through the readers' wrapper untouched.
    expect(wrap({ program: '/bin/true', args: [], cwd: ws, env: {} }, 'run').program).toBe('/bin/true');
  });

  it('writes a shadow repository that lies in the data directory of a home workspace, and still shows nothing else of it', async () => {
    const home = temp.make();
    const dataDir = path.join(home, '.local', 'share', 'paddock');
    const shadow = path.join(dataDir, 'checkpoints', 'y.git');
    fs.mkdirSync(shadow, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'paddock.db'), 'db');
    fs.mkdirSync(path.join(home, '.ssh'));
    fs.writeFileSync(path.join(home, '.ssh', 'id_ed25519'), 'key');
    fs.writeFileSync(path.join(home, 'notes.txt'), "the owner's project file");
    const sandbox = testSandbox({ home, dataDir });
    const wrap = sandbox.readerWrapperFor(home, { writable: [shadow] });
    const script = [
      `cat ${home}/notes.txt`,
      `touch ${shadow}/index && echo wrote-shadow`,
      `cat ${dataDir}/paddock.db 2>/dev/null && echo read-data`,
      `cat ${home}/.ssh/id_ed25519 2>/dev/null && echo read-key`,
      `touch ${home}/new 2>/dev/null && echo wrote-workspace`,
      'true',
    ].join('; ');
    const result = await runBounded({
      program: '/bin/sh',
      args: ['-c', script],
      cwd: home,
      env: { PATH: '/usr/bin:/bin' },
      timeoutMs: 30_000,
      wrap,
      purpose: 'checkpoint',
    });
    expect(result.output).toContain("the owner's project file");
    expect(result.output).toContain('wrote-shadow');
    for (const leak of ['read-data', 'read-key', 'wrote-workspace']) expect(result.output).not.toContain(leak);
    expect(fs.existsSync(path.join(shadow, 'index'))).toBe(true);
  });
});
