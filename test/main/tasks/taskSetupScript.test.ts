// A repository's setup script declared in Settings (beside the project's .paddock/setup) runs when a
// task is started: in the new worktree, in the task agent's real bubblewrap sandbox (a write outside
// the worktree fails), its output kept on the task. The owner's entry wins over the file; cleared,
// the file runs again. Only a repository an agent works in may have an entry.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxStatus } from '../../support/sandbox';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const HOST = { host: 'web', version: 't' } as const;
const temp = createTempDirs();
afterEach(() => temp.cleanup());

function git(cwd: string, ...args: string[]): string {
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'Owner',
    GIT_AUTHOR_EMAIL: 'o@example.invalid',
    GIT_COMMITTER_NAME: 'Owner',
    GIT_COMMITTER_EMAIL: 'o@example.invalid',
  };
  return execFileSync('git', args, { cwd, env, encoding: 'utf8' });
}

describe('the setup script Settings declare for a repository', () => {
  it('runs contained in each new task’s worktree, wins over .paddock/setup, and its output is kept', async () => {
    const root = temp.make();
    const { core, home } = await buildTestCore(root);
    const repository = path.join(root, 'project');
    fs.mkdirSync(path.join(repository, '.paddock'), { recursive: true });
    fs.writeFileSync(path.join(repository, '.paddock', 'setup'), 'echo "the file ran"\necho file > from-file.txt\n');
    git(repository, 'init', '--quiet', '--initial-branch=main');
    git(repository, 'add', '-A');
    git(repository, 'commit', '--quiet', '-m', 'first');
    const developer = core.agents.list()[0]!;
    await core.assignment.assign(developer.id, repository);

    // Only the folder of a repository an agent works in takes an entry.
    await expect(
      core.api.tasks.setSetupScript({ repository: path.join(root, 'elsewhere'), script: 'echo hi' }, HOST),
    ).rejects.toThrow(/is not the folder of a repository an agent works in/);

    // The owner's home is outside every worktree: the sandbox shows an empty, read-only one.
    const outside = path.join(home, 'escaped.txt');
    const script = [
      'echo "settings setup in $(basename "$PWD")"',
      'echo settings > from-settings.txt',
      'echo escaped > "$HOME/escaped.txt" 2>/dev/null || echo "could not write outside the worktree"',
    ].join('\n');
    expect(await core.api.tasks.setSetupScript({ repository, script }, HOST)).toEqual([{ repository, script }]);
    expect(await core.api.tasks.setupScripts({}, HOST)).toEqual([{ repository, script }]);

    const task = await core.api.tasks.start({ fromAgentId: developer.id, name: 'with-setup' }, HOST);
    if (sandboxStatus().available) {
      expect(task.setup).toMatchObject({ ran: true, exitCode: 0, source: 'settings' });
      expect(task.setup?.output).toContain('settings setup in with-setup');
      expect(task.setup?.output).toContain('could not write outside the worktree');
      expect(fs.readFileSync(path.join(task.worktree, 'from-settings.txt'), 'utf8')).toBe('settings\n');
    } else {
      expect(task.setup).toMatchObject({ ran: false, source: 'settings' });
      expect(task.setup?.output).toContain('was not run');
    }
    // Never uncontained: nothing outside the worktree, and the project's file did not run.
    expect(fs.existsSync(outside)).toBe(false);
    expect(fs.existsSync(path.join(task.worktree, 'from-file.txt'))).toBe(false);
    // The window reads the result from the task list too.
    expect((await core.api.tasks.list({}, HOST))[0]?.setup?.source).toBe('settings');

    // Cleared, the entry is gone and the project's file runs for the next task.
    expect(await core.api.tasks.setSetupScript({ repository, script: '  ' }, HOST)).toEqual([]);
    const next = await core.api.tasks.start({ fromAgentId: developer.id, name: 'file-setup' }, HOST);
    expect(next.setup?.source).toBe('file');
    if (sandboxStatus().available) {
      expect(next.setup?.output).toContain('the file ran');
      expect(fs.existsSync(path.join(next.worktree, 'from-settings.txt'))).toBe(false);
    }
    await core.shutdown();
  });

  it('keeps a failing setup’s exit code and output, and the task stays', async () => {
    const root = temp.make();
    const { core } = await buildTestCore(root);
    const repository = path.join(root, 'project');
    fs.mkdirSync(repository);
    fs.writeFileSync(path.join(repository, 'README.md'), 'hi\n');
    git(repository, 'init', '--quiet', '--initial-branch=main');
    git(repository, 'add', '-A');
    git(repository, 'commit', '--quiet', '-m', 'first');
    const developer = core.agents.list()[0]!;
    await core.assignment.assign(developer.id, repository);
    await core.api.tasks.setSetupScript(
      { repository, script: 'echo "installing"\necho "no network" >&2\nexit 3' },
      HOST,
    );
    const task = await core.api.tasks.start({ fromAgentId: developer.id, name: 'fails' }, HOST);
    if (sandboxStatus().available) {
      expect(task.setup).toMatchObject({ ran: true, exitCode: 3, source: 'settings' });
      expect(task.setup?.output).toContain('installing');
      expect(task.setup?.output).toContain('no network');
    }
    expect(task.state).toBe('active');
    await core.shutdown();
  });
});
