// Seed 000's acceptance criteria that span several modules, and seed 003 §10's scenarios 3 and 5,
// through the real core (temporary data dir and HOME, real SQLite, real child processes).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '../../src/shared/domain';
import { createTempDirs } from '../support/tempDirs';
import { dispatchHarness } from './dispatch/harness';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

describe('seed 000 acceptance criteria', () => {
  it('AC-3: with both switches on, bash exists and its commands run with the worktree as the working directory', async () => {
    const h = await dispatchHarness(temp.make(), {
      env: { PADDOCK_CODING_TOOLS: 'on', PADDOCK_SHELL: 'on' },
      mode: 'run',
    });
    expect(h.core.dispatcher.offeredTools(h.agent.id).map((tool) => tool.name)).toContain('bash');
    const { result } = h.dispatch('bash', { command: 'pwd; echo "$CI"' });
    const done = await result;
    expect(done.ok).toBe(true);
    expect(done.ok && done.text).toContain(h.workspace);
    await h.core.shutdown();
  });

  it('AC-9: a connected worktree under the data root is writable; the application’s own state is refused, naming the area', async () => {
    const h = await dispatchHarness(temp.make(), { withWorkspace: false });
    const worktree = path.join(h.dataDir, 'repositories', 'project-1', 'agent');
    fs.mkdirSync(worktree, { recursive: true });
    const accepted = await h.core.assignment.assign(h.agent.id, worktree);
    expect(accepted).toMatchObject({ ok: true, workspace: { directory: worktree } });
    const { result } = h.dispatch('write', { path: 'README.md', content: '# connected\n' });
    expect(await result).toMatchObject({ ok: true });
    expect(fs.readFileSync(path.join(worktree, 'README.md'), 'utf8')).toBe('# connected\n');

    for (const own of [h.dataDir, path.join(h.dataDir, 'developer', 'logs'), path.join(h.dataDir, 'files')]) {
      const refused = await h.core.assignment.assign(h.agent.id, own);
      expect(refused.ok).toBe(false);
      expect(!refused.ok && refused.reason).toMatch(/Paddock's own state/);
    }
    await h.core.shutdown();
  });
});

describe('seed 003 §10 scenarios', () => {
  it('scenario 3: npm install is a card in run mode; rm -rf . is a card naming the rule', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'run' });
    fs.writeFileSync(h.file('keep.txt'), 'still here\n');
    for (const [command, reason] of [
      ['npm install left-pad', /npm install/],
      // Without the sandbox the run list names the rule; with it, the danger rule does (policy/contained.ts).
      ['rm -rf .', /rm is not on the run list|rm deletes or overwrites, and the operand \. is the whole workspace/],
    ] as const) {
      const { result } = h.dispatch('run', { command });
      const card = await h.nextCard();
      expect(card.reason).toMatch(reason);
      expect(card.argv).toEqual(command.split(' '));
      h.core.cards.answer({ cardId: card.id, decision: 'deny' });
      expect(await result).toMatchObject({ ok: false, error: 'the owner denied this call' });
    }
    expect(fs.readFileSync(h.file('keep.txt'), 'utf8')).toBe('still here\n');
    await h.core.shutdown();
  });

  it('scenario 5: a delegate of the developer agent gets none of its tools, in run mode with every scope', async () => {
    const h = await dispatchHarness(temp.make(), { env: { PADDOCK_SHELL: 'on' }, mode: 'run' });
    fs.writeFileSync(h.file('a.txt'), 'x\n');
    for (const tool of TOOL_NAMES) {
      const { result } = h.dispatch(
        tool,
        { path: 'a.txt', command: 'ls', name: 'web', action: 'status', content: 'y' },
        { delegationDepth: 1 },
      );
      expect(await result, tool).toMatchObject({ ok: false, error: expect.stringMatching(/^session-not-authorized/) });
    }
    expect(h.core.cards.list()).toEqual([]);
    expect(fs.readFileSync(h.file('a.txt'), 'utf8')).toBe('x\n');
    await h.core.shutdown();
  });
});
