// "Run list only", an agent's choice in Settings → Developer → Sandbox: run mode keeps seed 003 §5
// even while its commands run contained. Saved beside the other choices, none of which it erases.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

describe('Run list only', () => {
  it('is saved through the window’s call, kept by a later save of domains, and decides run mode by the run list', async () => {
    const root = temp.make();
    const { core, home } = await buildTestCore(root);
    try {
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
      /** Whether the call asks the owner (the card is denied: nothing runs after a card). */
      const asks = async (command: string): Promise<boolean> => {
        let asked = false;
        const conversation = core.conversations.create(agent!.id, 'run list only');
        // The owner's live request (a turn) that the floor checks.
        const request = `owner-${conversation.id}`;
        const end = core.ownerRequests.open(request, conversation.id);
        const result = await core.dispatcher.dispatch(
          {
            callId: `c-${Math.random().toString(36).slice(2)}`,
            agentId: agent!.id,
            conversationId: conversation.id,
            ownerRequestId: request,
            delegationDepth: 0,
            tool: 'run',
            args: { command },
            askOwner: (draft) => {
              asked = true;
              return {
                card: { ...draft, id: 'x', createdAt: '' },
                outcome: Promise.resolve({ decision: 'deny' as const }),
              };
            },
          },
          new AbortController().signal,
        );
        end();
        if (!asked && !result.ok) throw new Error(`no card, and not run: ${result.error}`);
        return asked;
      };
      const tier = async (command: string) => ({ tier: (await asks(command)) ? 'gated' : 'auto' });
      const contained = core.sandbox.contained;
      // Contained, `touch` of a workspace file runs by effect; without the sandbox it is a card anyway.
      expect((await tier('touch made.txt')).tier).toBe(contained ? 'auto' : 'gated');
      // What the window's mode sentence reads: the core's own rule, said per agent.
      const byEffect = async () =>
        (await core.api.app.info({}, { host: 'web', version: 't' } as const)).sandbox.runsByEffect[agent!.id];
      expect(await byEffect()).toBe(contained);
      // The uncontained shell concerns bash alone: run's commands are still decided by effect.
      await core.api.settings.setAgentSandbox({ agentId: agent!.id, uncontainedShell: true }, {
        host: 'web',
        version: 't',
      } as const);
      expect((await tier('touch made2.txt')).tier).toBe(contained ? 'auto' : 'gated');
      expect(await byEffect()).toBe(contained);
      await core.api.settings.setAgentSandbox({ agentId: agent!.id, uncontainedShell: false }, {
        host: 'web',
        version: 't',
      } as const);

      await core.api.settings.setAgentSandbox({ agentId: agent!.id, allowedDomains: ['registry.npmjs.org'] }, {
        host: 'web',
        version: 't',
      } as const);
      await core.api.settings.setAgentSandbox({ agentId: agent!.id, runListOnly: true }, {
        host: 'web',
        version: 't',
      } as const);
      expect(core.sandboxChoicesFor(agent!.id)).toMatchObject({
        runListOnly: true,
        allowedDomains: ['registry.npmjs.org'],
      });
      expect((await tier('touch made.txt')).tier).toBe('gated');
      expect(await byEffect()).toBe(false);
      await core.api.settings.setAgentSandbox({ agentId: agent!.id, allowedDomains: [] }, {
        host: 'web',
        version: 't',
      } as const);
      expect(core.sandboxChoicesFor(agent!.id).runListOnly).toBe(true);
      expect(
        (await core.api.app.info({}, { host: 'web', version: 't' } as const)).sandbox.agents[agent!.id],
      ).toMatchObject({ runListOnly: true });
    } finally {
      await core.shutdown();
    }
  });
});
