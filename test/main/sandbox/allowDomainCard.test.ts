// A needs-network card offers "Allow <domain> for this agent" beside Approve (issue 31 §1): the
// owner's click adds the card's domain to the agent's allowed domains (Settings → Developer →
// Sandbox, the list that exists) and runs the call, which now goes through the agent's proxy. A
// card whose rule cannot name a domain offers nothing, and an answer naming a choice the card does
// not offer is refused. The domains are the core's own copy on the card, never the answer's.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadShellGrammar } from '../../../src/main/policy/shellGrammar';
import type { Card, ToolResult } from '../../../src/shared/domain';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';
import { sandboxStatus } from '../../support/sandbox';

const temp = createTempDirs();
afterEach(() => temp.cleanup());
// The core loads the grammar in the background; shell forms are cards until it has.
beforeAll(() => loadShellGrammar());

describe.skipIf(!sandboxStatus().available)('the “Allow <domain> for this agent” card', () => {
  it('adds the domain to the agent’s list and runs the call through its proxy', async () => {
    const root = temp.make();
    const { core, home } = await buildTestCore(root);
    try {
      const [agent] = core.agents.list();
      const ws = path.join(home, 'project');
      fs.mkdirSync(ws, { recursive: true });
      core.workspaces.set({
        agentId: agent!.id,
        directory: fs.realpathSync(ws),
        capturedPath: process.env.PATH ?? '/usr/bin:/bin',
        gitBinary: null,
      });
      core.agents.update(agent!.id, { mode: 'run' });

      /** Dispatches a run through the real pending cards; `answer` decides the card once it shows. */
      const run = async (
        command: string,
        answer: (card: Card) => void,
      ): Promise<{ card: Card | null; result: ToolResult }> => {
        const conversation = core.conversations.create(agent!.id, 'allow domain');
        const request = `owner-${conversation.id}`;
        const end = core.ownerRequests.open(request, conversation.id);
        let card: Card | null = null;
        const dispatched = core.dispatcher.dispatch(
          {
            callId: `c-${Math.random().toString(36).slice(2)}`,
            agentId: agent!.id,
            conversationId: conversation.id,
            ownerRequestId: request,
            delegationDepth: 0,
            tool: 'run',
            args: { command },
          },
          new AbortController().signal,
        );
        let done = false;
        void dispatched.finally(() => (done = true));
        while (!done && card === null) {
          card = core.cards.list().find((c) => c.agentId === agent!.id) ?? null;
          if (card) answer(card);
          else await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const result = await dispatched;
        end();
        return { card, result };
      };

      // A URL with no domain to name offers nothing.
      const unnamed = await run('curl -sS -m 2 http://203.0.113.9/', (card) =>
        core.cards.answer({ cardId: card.id, decision: 'deny' }),
      );
      expect(unnamed.card?.choices).toBeUndefined();

      // A choice the card does not offer is refused; the card stays.
      const offered = await run('curl -sS -m 3 https://example.org/ && echo fetched', (card) => {
        expect(card.choices).toEqual([{ kind: 'allow-domains', label: 'Allow example.org for this agent' }]);
        expect(card.allowDomains).toEqual(['example.org']);
        expect(core.cards.answer({ cardId: card.id, decision: 'approve', choice: 'stop-processes' })).toMatchObject({
          ok: false,
          code: 'card-choice-not-offered',
        });
        expect(core.sandboxChoicesFor(agent!.id).allowedDomains).toEqual([]);
        expect(core.cards.answer({ cardId: card.id, decision: 'approve', choice: 'allow-domains' })).toMatchObject({
          ok: true,
        });
      });
      expect(core.sandboxChoicesFor(agent!.id).allowedDomains).toEqual(['example.org']);
      // It ran, contained, with the proxy in its environment (whether example.org answers here or not).
      expect(offered.result.ok).toBe(true);
      expect(
        (await core.api.app.info({}, { host: 'web', version: 't' } as const)).sandbox.agentLines[agent!.id],
      ).toContain('network only to example.org');

      // Now allowed: the same command runs with no card at all.
      const again = await run('curl -sS -m 3 https://example.org/ && echo fetched', () => {
        throw new Error('no card was expected');
      });
      expect(again.card).toBeNull();

      // Another domain adds to the list, never replaces it.
      await run('curl -sS -m 3 https://example.com/', (card) =>
        core.cards.answer({ cardId: card.id, decision: 'approve', choice: 'allow-domains' }),
      );
      expect(core.sandboxChoicesFor(agent!.id).allowedDomains).toEqual(['example.org', 'example.com']);
    } finally {
      await core.shutdown();
    }
  }, 120_000);
});
