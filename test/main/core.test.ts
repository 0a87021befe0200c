// The composition root's own promises: quitting ends working turns and waiting cards before the
// store closes, and the first start proposes the developer agent once.
import { afterEach, describe, expect, it } from 'vitest';
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
});
