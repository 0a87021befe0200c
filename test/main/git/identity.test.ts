// SPEC §6, issue 14 §5: the agent's commits carry a valid address (one `@`), and the owner's own
// identity where the owner's git configuration gives one for the workspace.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { agentEmail, ownerGitIdentity } from '../../../src/main/git/identity';
import { createGitTool } from '../../../src/main/tools/git';
import { GIT, makeAgent, makeFixture, removeFixture, type GitFixture } from './fixture';

const tool = createGitTool();
let current: GitFixture | undefined;
afterEach(() => {
  if (current) removeFixture(current);
  current = undefined;
});

const VALID_EMAIL = /^[a-z0-9._-]+@paddock\.invalid$/;

describe('the agent address', () => {
  it('has exactly one @ whatever the handle', () => {
    expect(agentEmail('@dev')).toBe('dev@paddock.invalid');
    expect(agentEmail('dev')).toBe('dev@paddock.invalid');
    for (const handle of ['@@x', '@Dev Two', '@a<b>c', '@', '@.x.', '@ünï']) {
      expect(agentEmail(handle), handle).toMatch(VALID_EMAIL);
    }
  });
});

describe('the identity a commit carries', () => {
  it('an agent whose handle starts with @ commits as handle@paddock.invalid, without a second @', async () => {
    const fx = (current = makeFixture());
    fx.writeFile('src/a.txt', 'edited\n');
    const ctx = fx.ctx();
    const result = await tool.run(
      { action: 'commit', message: 'm', paths: ['src/a.txt'] },
      { ...ctx, agent: { ...makeAgent('run'), handle: '@dev' } },
    );
    expect(result.ok).toBe(true);
    expect(fx.setup(['log', '-1', '--format=%an <%ae>']).trim()).toBe('Dev (Paddock) <dev@paddock.invalid>');
  });

  it("the owner's global identity is used when the owner configured one", async () => {
    const fx = (current = makeFixture());
    fs.writeFileSync(path.join(fx.home, '.gitconfig'), '[user]\n\tname = Owner Person\n\temail = owner@example.com\n');
    fx.writeFile('src/a.txt', 'edited\n');
    expect((await tool.run({ action: 'commit', message: 'm', paths: ['src/a.txt'] }, fx.ctx())).ok).toBe(true);
    expect(fx.setup(['log', '-1', '--format=%an <%ae>|%cn <%ce>']).trim()).toBe(
      'Owner Person <owner@example.com>|Owner Person <owner@example.com>',
    );
  });

  it("an includeIf rule for this workspace's directory applies; one for another directory does not", () => {
    const fx = (current = makeFixture());
    const work = path.join(fx.home, 'work.gitconfig');
    fs.writeFileSync(work, '[user]\n\tname = Work Owner\n\temail = owner@work.example\n');
    fs.writeFileSync(path.join(fx.home, '.gitconfig'), `[includeIf "gitdir:${fx.ws}/"]\n\tpath = ${work}\n`);
    expect(ownerGitIdentity(GIT, fx.ws, fx.home)).toEqual({ name: 'Work Owner', email: 'owner@work.example' });
    fs.writeFileSync(path.join(fx.home, '.gitconfig'), `[includeIf "gitdir:${fx.outside}/"]\n\tpath = ${work}\n`);
    expect(ownerGitIdentity(GIT, fx.ws, fx.home)).toBeNull();
  });

  it("the repository's own identity still wins over the owner's global one", async () => {
    const fx = (current = makeFixture());
    fs.writeFileSync(path.join(fx.home, '.gitconfig'), '[user]\n\tname = Owner Person\n\temail = owner@example.com\n');
    fx.setup(['config', 'user.name', 'Repo Person']);
    fx.setup(['config', 'user.email', 'repo@example.invalid']);
    fx.writeFile('src/a.txt', 'edited\n');
    expect((await tool.run({ action: 'commit', message: 'm', paths: ['src/a.txt'] }, fx.ctx())).ok).toBe(true);
    expect(fx.setup(['log', '-1', '--format=%an <%ae>']).trim()).toBe('Repo Person <repo@example.invalid>');
  });
});
