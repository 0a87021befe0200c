// Secrets files inside the workspace (issue 31 §1: `.env`, `.npmrc`, private keys, credentials) are
// treated the same way by read, search and list in every mode, through the real core: read is a
// card the owner may remember for that one file for this agent in this workspace (listed and
// forgettable in Settings beside remembered commands); search leaves their lines out and says how
// many (secretsFiles.test.ts has the rules); list shows their names, marked, never their contents.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Card, ToolResult } from '../../../src/shared/domain';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

describe('secrets files through read, search and list', () => {
  it('read is a card rememberable for that file only; list marks them; search leaves them out', async () => {
    const root = temp.make();
    const { core, home } = await buildTestCore(root);
    try {
      const [agent] = core.agents.list();
      const ws = path.join(home, 'project');
      fs.mkdirSync(path.join(ws, 'config'), { recursive: true });
      fs.writeFileSync(path.join(ws, '.env'), 'API_TOKEN=tok-123-secret\n');
      fs.writeFileSync(path.join(ws, 'config', 'deploy.pem'), '-----BEGIN PRIVATE KEY-----\nAPI_TOKEN=tok-456\n');
      fs.writeFileSync(path.join(ws, 'app.js'), 'const API_TOKEN = process.env.API_TOKEN;\n');
      core.workspaces.set({
        agentId: agent!.id,
        directory: fs.realpathSync(ws),
        capturedPath: process.env.PATH ?? '/usr/bin:/bin',
        gitBinary: null,
      });

      /** Dispatches through the real pending cards; `answer` decides a card if one shows. */
      const call = async (
        tool: string,
        args: Record<string, unknown>,
        answer: (card: Card) => void = () => undefined,
      ) => {
        const conversation = core.conversations.create(agent!.id, 'secrets');
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
            tool,
            args,
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
        const result: ToolResult = await dispatched;
        end();
        return { card: card as Card | null, result };
      };
      const text = (result: ToolResult) => (result.ok ? (result.text ?? '') : result.error);

      for (const mode of ['ask', 'edit', 'run'] as const) {
        core.agents.update(agent!.id, { mode });
        // read: a card in every mode, offering to remember this one file.
        const first = await call('read', { path: '.env' }, (card) => {
          expect(card.reason).toContain('.env is a secrets file');
          expect(card.path).toBe('.env');
          expect(card.choices).toEqual([{ kind: 'remember-file', label: 'always allow reading .env for this agent' }]);
          core.cards.answer({ cardId: card.id, decision: 'deny' });
        });
        expect(first.card, mode).not.toBeNull();
        expect(text(first.result)).not.toContain('tok-123-secret');
      }

      // Remembered: that file reads with no card from now on, and is listed in Settings.
      const remembered = await call('read', { path: './.env' }, (card) =>
        core.cards.answer({ cardId: card.id, decision: 'approve', choice: 'remember-file' }),
      );
      expect(text(remembered.result)).toContain('tok-123-secret');
      const again = await call('read', { path: '.env' }, () => {
        throw new Error('no card was expected for a remembered file');
      });
      expect(again.card).toBeNull();
      expect(text(again.result)).toContain('tok-123-secret');
      const host = { host: 'web', version: 't' } as const;
      const allowed = await core.api.remembered.list({}, host);
      expect(allowed).toHaveLength(1);
      expect(allowed[0]!.matches).toBe(`the read tool on the secrets file \`.env\` in ${fs.realpathSync(ws)}`);
      // Another secrets file is still a card.
      const other = await call('read', { path: 'config/deploy.pem' }, (card) =>
        core.cards.answer({ cardId: card.id, decision: 'deny' }),
      );
      expect(other.card).not.toBeNull();
      // Forgotten in Settings: a card again.
      await core.api.remembered.forget({ id: allowed[0]!.id }, host);
      const forgotten = await call('read', { path: '.env' }, (card) =>
        core.cards.answer({ cardId: card.id, decision: 'deny' }),
      );
      expect(forgotten.card).not.toBeNull();

      // list: the names, marked; never a byte of their contents.
      const listed = text((await call('list', {})).result);
      expect(listed).toMatch(/^\.env {2}\(secrets file: read asks the owner\)$/m);
      expect(listed).toMatch(/^ {2}deploy\.pem {2}\(secrets file: read asks the owner\)$/m);
      expect(listed).toMatch(/^app\.js$/m);
      expect(listed).toContain('2 secrets files (marked; read asks the owner, search leaves their lines out)');
      expect(listed).not.toContain('tok-');

      // search: their lines left out, and how many said.
      const searched = text((await call('search', { query: 'API_TOKEN' })).result);
      expect(searched).toContain('app.js');
      expect(searched).not.toContain('tok-');
      expect(searched).toMatch(/1 secrets file matched and was left out: config\/deploy\.pem/);
    } finally {
      await core.shutdown();
    }
  }, 120_000);
});
