// A delegate's model requests are held to the spending limits exactly as its asker's are: each is
// checked before it is sent, a reached limit refuses it with the budget's own sentence (nothing
// reaches the model), and what the delegate spends counts in the asker's conversation and day.
// Through the real loop, the real SDK and the scripted model server reporting usage.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer, type FakeScript } from '../../support/fakeModelServer';
import type { BudgetGate } from '../../../src/main/agent/budgets';
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

type Limits = Parameters<BudgetGate['setSettings']>[0];

async function setUp(script: FakeScript, limits: Limits) {
  model = await startFakeModelServer(script);
  const root = temp.make();
  const { core } = await buildTestCore(root, { ANTHROPIC_BASE_URL: model.url });
  const developer = core.agents.list()[0]!;
  const workspace = path.join(root, 'project');
  fs.mkdirSync(workspace);
  await core.assignment.assign(developer.id, workspace);
  const helper = await core.api.agents.create({ name: 'reviewer', handle: '@reviewer' }, HOST);
  core.api.delegation.setHelpers({ agentId: developer.id, helpers: [helper.id] }, HOST);
  core.budgets.setSettings(limits);
  const conversation = core.conversations.create(developer.id, 'budgets');
  return { core, developer, conversation };
}

const delegateCall = {
  toolCalls: [{ id: 'toolu_delegate', name: 'delegate', args: { helper: '@reviewer', question: 'What failed?' } }],
};

describe("a delegate's requests against the spending limits", () => {
  it('refuses the delegate before its first request when the conversation limit is reached', async () => {
    const { core, developer, conversation } = await setUp(
      [
        // The asker's request reaches the conversation's limit; the delegate call it made still runs.
        { ...delegateCall, usage: { input: 990, output: 10 } },
        { text: 'never sent' },
      ],
      { conversation: { tokens: 1000 } },
    );
    const turnId = core.runner.startTurn({ agentId: developer.id, conversationId: conversation.id, text: 'ask' });
    expect(await core.runner.settled(turnId)).toBe('budget');

    // Only the asker's request reached the model: the delegate was refused before sending any.
    expect(model?.requests).toHaveLength(1);
    const call = core.toolCalls.listForConversation(conversation.id).find((one) => one.tool === 'delegate');
    const delegation = await core.api.delegation.get({ callId: 'toolu_delegate' }, HOST);
    const sentence =
      'refused: @reviewer was not asked; stopped before the next model request: the limit for this conversation of 1,000 tokens is reached: 1,000 tokens spent';
    expect(delegation).toMatchObject({ status: 'failed' });
    expect(delegation?.error).toContain(sentence);
    expect(delegation?.usage.requests).toBe(0);
    expect(JSON.stringify(call)).toContain('@reviewer was not asked');
    await core.shutdown();
  });

  it("counts the delegate's spend in the asker's conversation and stops its next request at the limit", async () => {
    const { core, developer, conversation } = await setUp(
      [
        { ...delegateCall, usage: { input: 290, output: 10 } },
        // The delegate's first request: it asks for a tool (refused by the floor) and crosses the limit.
        { toolCalls: [{ id: 'toolu_r', name: 'read', args: { path: 'x' } }], usage: { input: 700, output: 20 } },
        { text: 'never sent: the limit was reached' },
      ],
      { agentDay: { tokens: 1000 } },
    );
    const turnId = core.runner.startTurn({ agentId: developer.id, conversationId: conversation.id, text: 'ask' });
    // The asker's turn stops too: the delegate's spend is the asker's.
    expect(await core.runner.settled(turnId)).toBe('budget');
    expect(model?.requests).toHaveLength(2);

    const delegation = await core.api.delegation.get({ callId: 'toolu_delegate' }, HOST);
    expect(delegation).toMatchObject({ status: 'failed' });
    expect(delegation?.usage).toMatchObject({ requests: 1, inputTokens: 700, outputTokens: 20 });
    expect(delegation?.error).toContain(
      'refused: @reviewer was not asked; stopped before the next model request: the limit for this agent today of 1,000 tokens is reached: 1,020 tokens spent',
    );
    // One conversation, one agent's day: both requests are counted there.
    const status = await core.api.budgets.status({ conversationId: conversation.id }, HOST);
    expect(status.measures).toEqual([expect.objectContaining({ scope: 'agentDay', spent: 1020, state: 'over' })]);
    expect(core.usageFor(conversation.id).total.requests).toBe(2);
    await core.shutdown();
  });
});
