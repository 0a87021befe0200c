// Two tasks on one repository, through the real core: each gets branch paddock/<task>, a worktree
// under <data>/worktrees/ and an agent copied from the developer; the project's .paddock/setup runs
// in each task agent's sandbox. Both agents then work at once through the real loop with a scripted
// model, writing the same file in their own worktrees: neither sees the other's change, and the
// owner's work tree is untouched. Archive keeps the branch and removes the worktree; Delete removes
// the branch and the task's agent too.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer, type FakeTurn } from '../../support/fakeModelServer';
import { sandboxStatus } from '../../support/sandbox';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const HOST = { host: 'web', version: 't' } as const;

const temp = createTempDirs();
let model: FakeModelServer | null = null;
afterEach(async () => {
  await model?.close();
  model = null;
  temp.cleanup();
});

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

/** Each agent's script, told apart by the worktree its system prompt names. */
function scriptFor(request: { body: Record<string, unknown> }): FakeTurn {
  const system = JSON.stringify(request.body.system);
  const where = /You work in ([^ ]+?)\. Every path/.exec(system)?.[1] ?? '';
  const task = path.basename(where);
  const messages = request.body.messages as unknown[];
  if (messages.length === 1)
    return { toolCalls: [{ name: 'write', args: { path: 'src/app.txt', content: `written by ${task}\n` } }] };
  return { text: `${task} is done.` };
}

describe('tasks in worktrees', () => {
  it('two tasks’ agents edit the same file in their own worktrees at once, without interfering', async () => {
    model = await startFakeModelServer((request) => scriptFor(request));
    const root = temp.make();
    const { core, dataDir } = await buildTestCore(root, { ANTHROPIC_BASE_URL: model.url });
    const repository = path.join(root, 'project');
    fs.mkdirSync(path.join(repository, 'src'), { recursive: true });
    fs.mkdirSync(path.join(repository, '.paddock'));
    fs.writeFileSync(path.join(repository, 'src', 'app.txt'), 'original\n');
    fs.writeFileSync(
      path.join(repository, '.paddock', 'setup'),
      // It also plants a package's VS Code tasks, which a contained command may not leave there.
      'echo "setting up $(basename "$PWD")"\necho ready > setup-done.txt\nmkdir -p pkg/.vscode && echo "{}" > pkg/.vscode/tasks.json\n',
    );
    git(repository, 'init', '--quiet', '--initial-branch=main');
    git(repository, 'add', '-A');
    git(repository, 'commit', '--quiet', '-m', 'first');
    const developer = core.agents.list()[0]!;
    core.api.agents.update({ agentId: developer.id, mode: 'edit' }, HOST);
    const assigned = await core.assignment.assign(developer.id, repository);
    expect(assigned.ok, JSON.stringify(assigned)).toBe(true);

    const one = await core.api.tasks.start({ fromAgentId: developer.id, name: 'one' }, HOST);
    const two = await core.api.tasks.start({ fromAgentId: developer.id, name: 'two' }, HOST);
    for (const [task, name] of [
      [one, 'one'],
      [two, 'two'],
    ] as const) {
      expect(task).toMatchObject({
        name,
        base: 'main',
        branch: `paddock/${name}`,
        worktree: path.join(dataDir, 'worktrees', name),
        state: 'active',
      });
      expect(task.mergeCommand).toBe(
        `git -C ${repository} switch main && git -C ${repository} merge --no-ff paddock/${name}`,
      );
      const agent = core.agents.get(task.agentId as string);
      expect(agent).toMatchObject({
        provider: developer.provider,
        model: developer.model,
        mode: 'edit',
        scopes: developer.scopes,
      });
      expect(core.workspaces.get(agent?.id as string)?.directory).toBe(task.worktree);
      // The setup script ran contained in the worktree, or not at all (and says why).
      if (sandboxStatus().available) {
        expect(task.setup).toMatchObject({ ran: true, exitCode: 0 });
        expect(task.setup?.output).toContain(`setting up ${name}`);
        expect(fs.readFileSync(path.join(task.worktree, 'setup-done.txt'), 'utf8')).toBe('ready\n');
        expect(task.setup?.output).toContain(
          '(moved out of the worktree, as a contained command may not plant them: pkg/.vscode)',
        );
        expect(fs.existsSync(path.join(task.worktree, 'pkg', '.vscode'))).toBe(false);
      } else {
        expect(task.setup).toMatchObject({ ran: false });
      }
    }

    // Both agents at once, through the real loop.
    const turns = [one, two].map((task) => {
      const agentId = task.agentId as string;
      const conversation = core.conversations.create(agentId, task.name);
      return core.runner.startTurn({ agentId, conversationId: conversation.id, text: 'edit src/app.txt' });
    });
    expect(await Promise.all(turns.map((turn) => core.runner.settled(turn)))).toEqual(['completed', 'completed']);
    expect(fs.readFileSync(path.join(one.worktree, 'src', 'app.txt'), 'utf8')).toBe('written by one\n');
    expect(fs.readFileSync(path.join(two.worktree, 'src', 'app.txt'), 'utf8')).toBe('written by two\n');
    expect(fs.readFileSync(path.join(repository, 'src', 'app.txt'), 'utf8')).toBe('original\n');
    expect(git(repository, 'status', '--porcelain')).toBe('');

    const listed = await core.api.tasks.list({}, HOST);
    expect(listed.map((task) => [task.name, task.status, task.diffStat?.files])).toEqual([
      ['one', 'done', sandboxStatus().available ? 2 : 1],
      ['two', 'done', sandboxStatus().available ? 2 : 1],
    ]);
    const summary = await core.api.tasks.summary({ taskId: one.id }, HOST);
    expect(JSON.stringify(summary)).toContain('src/app.txt');

    // Archive: refused with uncommitted work; committed, the worktree goes and the branch stays.
    await expect(core.api.tasks.archive({ taskId: one.id }, HOST)).rejects.toThrow(/not committed/);
    git(one.worktree, 'add', '-A');
    git(one.worktree, 'commit', '--quiet', '-m', 'one');
    const archived = await core.api.tasks.archive({ taskId: one.id }, HOST);
    expect(archived).toMatchObject({ state: 'archived', status: 'archived' });
    expect(fs.existsSync(one.worktree)).toBe(false);
    expect(git(repository, 'log', '--format=%s', '-1', 'paddock/one').trim()).toBe('one');

    // Delete: uncommitted work and all (the window asked), the branch and the task's agent.
    expect(await core.api.tasks.delete({ taskId: two.id }, HOST)).toEqual({ deleted: true });
    expect(fs.existsSync(two.worktree)).toBe(false);
    expect(git(repository, 'branch', '--list', 'paddock/two')).toBe('');
    expect(core.agents.get(two.agentId as string)).toBeNull();
    expect((await core.api.tasks.list({}, HOST)).map((task) => task.name)).toEqual(['one']);
    expect(git(repository, 'status', '--porcelain')).toBe('');
    await core.shutdown();
  });

  it("says a task is waiting while its agent's call waits on a card, and failed when its turn failed", async () => {
    model = await startFakeModelServer((request, index) =>
      index === 0
        ? { toolCalls: [{ name: 'run', args: { command: 'ls' } }] }
        : { status: 400, errorMessage: 'the model refused' },
    );
    const root = temp.make();
    const { core } = await buildTestCore(root, { ANTHROPIC_BASE_URL: model.url });
    const repository = path.join(root, 'project');
    fs.mkdirSync(repository);
    fs.writeFileSync(path.join(repository, 'README.md'), 'hi\n');
    git(repository, 'init', '--quiet', '--initial-branch=main');
    git(repository, 'add', '-A');
    git(repository, 'commit', '--quiet', '-m', 'first');
    const developer = core.agents.list()[0]!;
    core.api.agents.update({ agentId: developer.id, mode: 'ask' }, HOST);
    await core.assignment.assign(developer.id, repository);
    const task = await core.api.tasks.start({ fromAgentId: developer.id, name: 'asks' }, HOST);
    const agentId = task.agentId as string;
    const conversation = core.conversations.create(agentId, 'asks');
    const turn = core.runner.startTurn({ agentId, conversationId: conversation.id, text: 'list the files' });
    await waitFor(() => core.cards.list().some((card) => card.agentId === agentId));
    expect((await core.api.tasks.list({}, HOST))[0]!.status).toBe('waiting');
    const card = core.cards.list()[0]!;
    core.cards.answer({ cardId: card.id, decision: 'deny' });
    expect(await core.runner.settled(turn)).toBe('error');
    expect((await core.api.tasks.list({}, HOST))[0]!.status).toBe('failed');
    await core.shutdown();
  });

  it('refuses a task from a workspace that is not a repository, and leaves nothing behind', async () => {
    const root = temp.make();
    const { core, dataDir } = await buildTestCore(root);
    const plain = path.join(root, 'plain');
    fs.mkdirSync(plain);
    const developer = core.agents.list()[0]!;
    await core.assignment.assign(developer.id, plain);
    await expect(core.api.tasks.start({ fromAgentId: developer.id, name: 'nope' }, HOST)).rejects.toThrow(
      /not a git repository root/,
    );
    expect(fs.existsSync(path.join(dataDir, 'worktrees', 'nope'))).toBe(false);
    expect(core.agents.list()).toHaveLength(1);
    await core.shutdown();
  });
});

async function waitFor(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((resolve) => setTimeout(resolve, 10));
}
