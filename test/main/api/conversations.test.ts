import { afterEach, describe, expect, it } from 'vitest';
import type { PaddockEvent } from '../../../src/shared/ipc';
import { titleFrom } from '../../../src/main/agent/conversationTitle';
import { createApiRouter } from '../../../src/main/api/router';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

const trusted = { trusted: true, describe: 'test window' };

describe('conversations from the window', () => {
  it('names a conversation by its first request and tells the window, once', async () => {
    const { core } = await buildTestCore(temp.make(), { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' });
    const events: PaddockEvent[] = [];
    core.events.subscribe((event) => events.push(event));
    const router = createApiRouter(core.api, { host: 'web', version: 't' }, () => undefined);
    const [agent] = core.agents.list();
    const created = (await router('conversations.create', { agentId: agent!.id }, trusted)) as {
      ok: true;
      value: { id: string; title: string };
    };
    expect(created.value.title).toBe('New conversation');
    await router(
      'conversations.send',
      { conversationId: created.value.id, text: 'Add a test for sum\nand run it' },
      trusted,
    );
    expect(core.conversations.get(created.value.id)?.title).toBe('Add a test for sum');
    expect(events).toContainEqual({ type: 'conversations.changed', agentId: agent!.id });
    await router('conversations.cancel', { conversationId: created.value.id }, trusted);
    await core.shutdown();
  });

  it('keeps titles short', () => {
    expect(titleFrom('  x  ')).toBe('x');
    expect(titleFrom('a'.repeat(100))).toHaveLength(60);
  });
});
