// Issue 20 §4: each workspace's checkpoint history has a size budget; the oldest snapshots go first,
// the newest always stays, Settings reads the space used, and Clear removes the history.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shadowDirFor } from '../../../src/main/checkpoints/shadowGit';
import { createTempDirs } from '../../support/tempDirs';
import { buildTestCore } from '../../support/testCore';
import { ALL_SCOPES } from '../dispatch/harness';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

async function setup() {
  const root = temp.make();
  const { core, dataDir } = await buildTestCore(root);
  const workspace = path.join(root, 'project');
  fs.mkdirSync(workspace);
  const agent = core.agents.create({
    name: 'Dev',
    handle: '@budget',
    provider: 'anthropic',
    model: 'm',
    scopes: ALL_SCOPES,
    mode: 'run',
  });
  core.workspaces.set({
    agentId: agent.id,
    directory: workspace,
    capturedPath: process.env.PATH ?? '/usr/bin:/bin',
    gitBinary: null,
  });
  const conversation = core.conversations.create(agent.id, 'budget');
  /** One turn as the loop and the dispatcher drive it: started, a change recorded first, ended. */
  async function turn(n: number): Promise<void> {
    const turnId = `turn-${n}`;
    const owner = core.conversations.append(conversation.id, { role: 'owner', text: `turn ${n}` });
    core.checkpoints.turnHooks.started({
      turnId,
      agentId: agent.id,
      conversationId: conversation.id,
      ownerMessageId: owner.id,
    });
    await core.checkpoints.beforeRun(
      {
        callId: `c${n}`,
        tool: 'write',
        args: {},
        agentId: agent.id,
        conversationId: conversation.id,
        ownerRequestId: turnId,
        delegationDepth: 0,
      },
      { readOnly: false, changesFiles: true },
    );
    // Random bytes do not compress: each turn adds about 300 KB to the history (the workspace stays 300 KB).
    fs.writeFileSync(path.join(workspace, 'blob.bin'), crypto.randomBytes(300 * 1024));
    await core.checkpoints.turnHooks.ended({ turnId, agentId: agent.id, conversationId: conversation.id });
  }
  return { core, dataDir, workspace, conversation, turn };
}

describe('the checkpoint history stays within its budget', () => {
  it('drops the oldest snapshots first and always keeps the newest', async () => {
    const { core, workspace, conversation, turn } = await setup();
    // Each turn's checkpoint holds the blob before it and the blob after it: two turns fit in 1000 KB, three do not.
    core.checkpoints.setOptions({ budgetBytes: 1000 * 1024 });
    for (let n = 1; n <= 4; n++) await turn(n);
    const views = core.checkpoints.list(conversation.id);
    expect(views.map((v) => v.pruned)).toEqual([true, true, false, false]);
    const [usage] = await core.checkpoints.usage();
    expect(usage!.workspace).toBe(workspace);
    expect(usage!.bytes).toBeLessThanOrEqual(1000 * 1024);
    expect(usage!.bytes).toBeGreaterThan(600 * 1024);
    expect(usage!.checkpoints).toBe(views.filter((v) => !v.pruned).length);
    await expect(core.checkpoints.undo(views[0]!.id)).rejects.toThrow(
      /removed to keep the history within its size budget/,
    );
    await core.shutdown();
  });

  it('Clear removes the shadow repository and every checkpoint of the workspace', async () => {
    const { core, dataDir, workspace, conversation, turn } = await setup();
    await turn(1);
    expect((await core.checkpoints.usage())[0]!.bytes).toBeGreaterThan(300 * 1024);
    await core.checkpoints.clear(workspace);
    expect(fs.existsSync(shadowDirFor(dataDir, workspace))).toBe(false);
    expect(await core.checkpoints.usage()).toEqual([{ workspace, agents: ['@budget'], bytes: 0, checkpoints: 0 }]);
    expect(core.checkpoints.list(conversation.id).every((v) => v.pruned)).toBe(true);
    // The next turn starts a new history.
    await turn(2);
    expect(core.checkpoints.list(conversation.id).at(-1)).toMatchObject({ pruned: false, recorded: true });
    await core.shutdown();
  });
});
