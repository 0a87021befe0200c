// The composition root's own promises: quitting ends working turns and waiting cards before the
// store closes, the first start proposes the developer agent once, and the shell grammar loads at
// the first call, not at start (its compile would share the CPU with the window opening).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shellGrammarAsked, shellParser } from '../../src/main/policy/shellGrammar';
import { startFakeModelServer } from '../support/fakeModelServer';
import { buildTestCore } from '../support/testCore';
import { createTempDirs } from '../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

describe('the core', () => {
  it('quits while a turn is streaming: the turn ends cancelled and nothing is left open', async () => {
    const model = await startFakeModelServer([{ text: 'thinking…', hang: true }]);
    try {
      const { core } = await buildTestCore(temp.make(), { ANTHROPIC_BASE_URL: model.url });
      const [agent] = core.agents.list();
      const conversation = core.conversations.create(agent!.id, 'test');
      const turnId = core.runner.startTurn({ agentId: agent!.id, conversationId: conversation.id, text: 'hello' });
      await model.waitForRequests(1);
      await core.shutdown();
      expect(await core.runner.settled(turnId)).toBe('cancelled');
    } finally {
      await model.close();
    }
  });

  it('proposes the developer agent on the first start only, even after the owner removes it', async () => {
    const root = temp.make();
    const first = (await buildTestCore(root)).core;
    const [developer] = first.agents.list();
    expect(developer).toMatchObject({ name: 'developer', handle: '@dev', mode: 'run', acceptancePolicy: 'apply' });
    expect(developer!.scopes).not.toContain('shell');
    await first.removeAgent(developer!.id);
    await first.shutdown();
    const second = (await buildTestCore(root)).core;
    expect(second.agents.list()).toEqual([]);
    await second.shutdown();
  });

  it('loads the shell grammar at the first call, not at start, and reads that call with it', async () => {
    const { core, home } = await buildTestCore(temp.make());
    try {
      expect(shellGrammarAsked()).toBe(false);
      const [agent] = core.agents.list();
      const ws = path.join(home, 'project');
      fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
      fs.writeFileSync(path.join(ws, 'src', 'a.js'), 'x\n');
      core.workspaces.set({
        agentId: agent!.id,
        directory: fs.realpathSync(ws),
        capturedPath: process.env.PATH ?? '/usr/bin:/bin',
        gitBinary: null,
      });
      core.agents.update(agent!.id, { mode: 'run' });
      expect(shellGrammarAsked()).toBe(false);
      const conversation = core.conversations.create(agent!.id, 'first call');
      const request = `owner-${conversation.id}`;
      const end = core.ownerRequests.open(request, conversation.id);
      let card: string | null = null;
      const result = await core.dispatcher.dispatch(
        {
          callId: 'c-first',
          agentId: agent!.id,
          conversationId: conversation.id,
          ownerRequestId: request,
          delegationDepth: 0,
          tool: 'run',
          args: { command: 'ls src | head -5' },
          askOwner: (draft) => {
            card = draft.reason;
            return {
              card: { ...draft, id: 'x', createdAt: '' },
              outcome: Promise.resolve({ decision: 'deny' as const }),
            };
          },
        },
        new AbortController().signal,
      );
      end();
      expect(shellParser()).not.toBeNull();
      // Contained, the pipeline is read by the grammar and runs without a card (before this load it
      // would have been "the shell grammar is not loaded" card); uncontained, §5.1 cards any shell form.
      if (core.sandbox.contained) {
        expect(card).toBeNull();
        expect(result).toMatchObject({ ok: true });
      } else expect(card).not.toBeNull();
    } finally {
      await core.shutdown();
    }
  });
});
