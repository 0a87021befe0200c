// Seed 003 §10 scenario 5 through the real loop, the real dispatcher and the real tools, with a
// scripted model: the developer agent delegates to a helper the owner picked; the helper asks for
// write and run anyway; both are refused by the registry floor with session-not-authorized and
// nothing reaches the disk. The helper was offered no tool, its answer is the call's result, and
// its conversation and cost are kept for the window.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../../support/fakeModelServer';
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

const LOG = 'error: connection refused at db.ts:12\n'.repeat(40);

async function setUp(script: Parameters<typeof startFakeModelServer>[0]) {
  model = await startFakeModelServer(script);
  const root = temp.make();
  const { core } = await buildTestCore(root, { ANTHROPIC_BASE_URL: model.url });
  const developer = core.agents.list()[0]!;
  const workspace = path.join(root, 'project');
  fs.mkdirSync(workspace);
  fs.writeFileSync(path.join(workspace, 'README.md'), 'hello\n');
  await core.assignment.assign(developer.id, workspace);
  const helper = await core.api.agents.create({ name: 'reviewer', handle: '@reviewer' }, HOST);
  return { core, developer, helper, workspace };
}

describe('scenario 5: a delegate of the developer agent gets none of its tools', () => {
  it('refuses the write and the run the delegate asks for, writes nothing, and returns its answer', async () => {
    const { core, developer, helper, workspace } = await setUp([
      {
        text: 'I will ask my reviewer.',
        toolCalls: [
          {
            id: 'toolu_delegate',
            name: 'delegate',
            args: { helper: '@reviewer', question: 'What failed?', text: LOG },
          },
        ],
      },
      // The delegate, told it has no tools, asks for them anyway.
      {
        toolCalls: [
          { id: 'toolu_w', name: 'write', args: { path: 'pwned.txt', content: 'the delegate wrote this' } },
          { id: 'toolu_r', name: 'run', args: { command: 'touch ran.txt' } },
        ],
      },
      { text: 'The database connection was refused (db.ts:12).' },
      { text: 'The reviewer says the database connection was refused.' },
    ]);
    core.api.delegation.setHelpers({ agentId: developer.id, helpers: [helper.id] }, HOST);
    const conversation = core.conversations.create(developer.id, 'scenario 5');
    const turnId = core.runner.startTurn({
      agentId: developer.id,
      conversationId: conversation.id,
      text: 'Why does the log fail?',
    });
    expect(await core.runner.settled(turnId)).toBe('completed');

    // Nothing on disk: neither the write nor the command ran.
    expect(fs.readdirSync(workspace).sort()).toEqual(['README.md']);
    expect(model?.requests).toHaveLength(4);

    // The developer was offered delegate; the delegate was offered no tool at all.
    const developerTools = (model?.requests[0]!.body.tools as { name: string }[]).map((tool) => tool.name);
    expect(developerTools).toContain('delegate');
    expect(developerTools).toContain('write');
    expect(model?.requests[1]!.body.tools ?? []).toEqual([]);
    // Its answer came back to the developer as the delegate call's result.
    expect(JSON.stringify(model?.requests[3]!.body)).toContain(
      '@reviewer answered:\\nThe database connection was refused (db.ts:12).',
    );
    // The delegate was told the refusals, in the floor's words.
    const told = JSON.stringify(model?.requests[2]!.body);
    expect(told.match(/session-not-authorized: a delegate \(depth 1\) gets none of the developer tools/g)).toHaveLength(
      2,
    );

    // The folded conversation the window shows: the question, both refused calls, the answer, the cost.
    const delegation = await core.api.delegation.get({ callId: 'toolu_delegate' }, HOST);
    expect(delegation).toMatchObject({ status: 'done', helper: { handle: '@reviewer' } });
    expect(delegation?.messages.map((message) => message.role)).toEqual([
      'question',
      'refused',
      'refused',
      'assistant',
    ]);
    expect(
      delegation?.messages
        .filter((message) => message.role === 'refused')
        .map((message) => (message as { tool: string }).tool),
    ).toEqual(['write', 'run']);
    for (const message of delegation?.messages ?? []) {
      if (message.role === 'refused') expect(message.text).toMatch(/^session-not-authorized/);
    }
    expect(delegation?.usage.requests).toBe(2);
    expect(delegation?.usage.inputTokens).toBeGreaterThan(0);
    // The refused calls are recorded by the dispatcher as refused, nothing ran.
    const calls = core.toolCalls.listForConversation(conversation.id);
    expect(calls.filter((call) => call.tool !== 'delegate').map((call) => [call.tool, call.status])).toEqual([
      ['write', 'refused'],
      ['run', 'refused'],
    ]);
    expect(calls.find((call) => call.tool === 'delegate')?.status).toBe('done');
    // The delegate's requests count in the conversation's usage.
    expect(core.usageFor(conversation.id).total.requests).toBe(4);
    await core.shutdown();
  });

  it('offers delegate to no agent until the owner picks a helper, and refuses a helper not picked', async () => {
    const { core, developer, helper } = await setUp([
      { toolCalls: [{ id: 'toolu_d2', name: 'delegate', args: { helper: '@stranger', question: 'hi?' } }] },
      { text: 'ok' },
    ]);
    expect(core.dispatcher.offeredTools(developer.id).map((tool) => tool.name)).not.toContain('delegate');
    expect(developer.scopes).not.toContain('delegate');
    core.api.delegation.setHelpers({ agentId: developer.id, helpers: [helper.id] }, HOST);
    expect(core.agents.get(developer.id)?.scopes).toContain('delegate');
    expect(core.dispatcher.offeredTools(developer.id).map((tool) => tool.name)).toContain('delegate');
    expect(core.dispatcher.offeredTools(developer.id, { delegationDepth: 1 })).toEqual([]);
    // The vocabulary (and so the system prompt) names the helpers.
    expect(core.vocabularyFor(developer.id).find((report) => report.scope === 'delegate')?.containment).toContain(
      '@reviewer',
    );

    const conversation = core.conversations.create(developer.id, 'strangers');
    const turnId = core.runner.startTurn({
      agentId: developer.id,
      conversationId: conversation.id,
      text: 'ask someone',
    });
    expect(await core.runner.settled(turnId)).toBe('completed');
    expect(JSON.stringify(model?.requests[1]!.body)).toContain(
      "refused: @stranger is not one of @dev's helpers (its helpers are @reviewer",
    );
    expect(model?.requests).toHaveLength(2);

    core.api.delegation.setHelpers({ agentId: developer.id, helpers: [] }, HOST);
    expect(core.agents.get(developer.id)?.scopes).not.toContain('delegate');
    expect(core.dispatcher.offeredTools(developer.id).map((tool) => tool.name)).not.toContain('delegate');
    await core.shutdown();
  });
});
