// Summary after a commit (issue 17): the commits since the branch point (on a branch without a base,
// the latest commits) and the diff stat of the agent's work — never "0 files changed" because the
// agent committed. A real repository, the real git tool through the dispatcher, a real SQLite file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { summaryFor } from '../../../src/main/owner/summaryView';
import { createTempDirs } from '../../support/tempDirs';
import { dispatchHarness } from '../dispatch/harness';
import { GIT } from './fixture';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

const ownerEnv = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Owner',
  GIT_AUTHOR_EMAIL: 'owner@example.invalid',
  GIT_COMMITTER_NAME: 'Owner',
  GIT_COMMITTER_EMAIL: 'owner@example.invalid',
};

async function repository(options: { ownerCommit: boolean }) {
  const h = await dispatchHarness(temp.make());
  const git = (...args: string[]) =>
    execFileSync(GIT, args, { cwd: h.workspace, env: ownerEnv, encoding: 'utf8' }).trim();
  git('init', '--quiet', '--initial-branch=main');
  if (options.ownerCommit) {
    fs.writeFileSync(h.file('README.md'), 'hello\n');
    git('add', '-A');
    git('commit', '--quiet', '-m', 'the owner starts');
  }
  h.core.workspaces.set({
    agentId: h.agent.id,
    directory: h.workspace,
    capturedPath: path.dirname(GIT),
    gitBinary: GIT,
  });
  const workspace = h.core.workspaces.get(h.agent.id);
  if (!workspace) throw new Error('no workspace');
  const summary = () => summaryFor(h.core.db, h.agent, workspace, { home: h.home, dataDir: h.dataDir });
  const agentCommits = async (message: string, files: Record<string, string>) => {
    for (const [rel, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(h.file(rel)), { recursive: true });
      fs.writeFileSync(h.file(rel), content);
    }
    const done = await h.dispatch('git', { action: 'commit', message, all: true }).result;
    if (!done.ok) throw new Error(done.error);
  };
  return { h, git, summary, agentCommits };
}

describe('Summary after a commit', () => {
  it("a lone main: the latest commits, the agent's marked, and the diff stat of its work since before its first commit", async () => {
    const { h, git, summary, agentCommits } = await repository({ ownerCommit: true });
    await agentCommits('add the parser', {
      'src/parser.ts': 'export const parse = 1;\n',
      'src/lexer.ts': 'export const lex = 1;\n',
    });
    await agentCommits('fix the parser', { 'src/parser.ts': 'export const parse = 2;\n' });
    const view = await summary();
    expect(view.commitsHeading).toBe('Latest commits');
    expect(view.commits.map((c) => [c.subject, c.byAgent])).toEqual([
      ['fix the parser', true],
      ['add the parser', true],
      ['the owner starts', false],
    ]);
    const ownerFirst = git('rev-parse', 'HEAD~2');
    expect(view.workFrom).toBe(`since ${ownerFirst.slice(0, 7)}, before the agent's first commit on this branch`);
    expect(view.diffStat).toContain('2 file(s) changed, 2 insertion(s), 0 deletion(s)');
    expect(view.files.map((f) => f.path).sort()).toEqual(['src/lexer.ts', 'src/parser.ts']);
    expect(view.text).toContain('Latest commits (no branch point on this branch):');
    expect(view.text).toMatch(/add the parser — .*\(agent\)/);
    await h.core.shutdown();
  });

  it('a branch with a base: only the commits since the branch point, and the diff from it', async () => {
    const { h, git, summary, agentCommits } = await repository({ ownerCommit: true });
    git('switch', '--quiet', '-c', 'agent/work');
    await agentCommits('one', { 'a.txt': 'a\n' });
    fs.writeFileSync(h.file('README.md'), 'hello\nuncommitted\n');
    const view = await summary();
    expect(view.base).toMatch(/^main at [0-9a-f]{7}$/);
    expect(view.commitsHeading).toMatch(/^Commits on this branch since it left /);
    expect(view.commits.map((c) => c.subject)).toEqual(['one']);
    expect(view.workFrom).toMatch(/^since the branch point [0-9a-f]{7}$/);
    expect(view.diffStat).toContain('2 file(s) changed, 2 insertion(s), 0 deletion(s)');
    await h.core.shutdown();
  });

  it('no commit of the agent on a lone main: the latest commits and the changes since HEAD', async () => {
    const { h, summary } = await repository({ ownerCommit: true });
    fs.writeFileSync(h.file('README.md'), 'hello\nagain\n');
    const view = await summary();
    expect(view.commits.map((c) => c.subject)).toEqual(['the owner starts']);
    expect(view.workFrom).toMatch(/^since HEAD/);
    expect(view.diffStat).toContain('1 file(s) changed, 1 insertion(s), 0 deletion(s)');
    await h.core.shutdown();
  });

  it("the agent's first commit is the repository's root: its work is counted from the empty tree", async () => {
    const { h, summary, agentCommits } = await repository({ ownerCommit: false });
    await agentCommits('start', { 'main.py': 'print(1)\n' });
    const view = await summary();
    expect(view.commits).toHaveLength(1);
    expect(view.workFrom).toMatch(/empty tree/);
    expect(view.diffStat).toContain('1 file(s) changed, 1 insertion(s), 0 deletion(s)');
    await h.core.shutdown();
  });
});
