// What a call's row draws is its tool's own declaration (tools/types.ts ResultViews.icon), carried
// by the call's record: the record the window is sent as the call changes, and the records the
// window reads back with a conversation's messages. Nothing of it comes from the tool's name.
import { afterEach, describe, expect, it } from 'vitest';
import { TOOL_ICONS, type ToolCallView } from '../../../src/shared/domain';
import { createToolSet, type ToolSetDeps } from '../../../src/main/tools';
import { createTempDirs } from '../../support/tempDirs';
import { dispatchHarness } from './harness';

const temp = createTempDirs();
afterEach(() => temp.cleanup());
const HOST = { host: 'web', version: 't' } as const;

describe('a call’s icon', () => {
  it('is declared by every built-in tool', () => {
    const tools = createToolSet({ plans: { plans: {} }, todos: { todos: {} } } as unknown as ToolSetDeps);
    for (const tool of tools) expect(TOOL_ICONS, tool.name).toContain(tool.views.icon);
  });

  it('comes with the record the window is sent and the records it reads back: the tool’s declaration, the plug for an MCP server’s, the generic one for a tool Paddock does not know', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'run' });
    const sent: ToolCallView[] = [];
    h.core.events.subscribe((event) => {
      if (event.type === 'toolCall.changed') sent.push(event.call);
    });
    const read = h.dispatch('read', { path: 'missing.txt' });
    const list = h.dispatch('list', {});
    const mcp = h.dispatch('mcp__gone__fetch', {});
    const unknown = h.dispatch('teleport', {});
    await Promise.all([read.result, list.result, mcp.result, unknown.result]);
    const expected = {
      [read.callId]: h.core.dispatcher.toolByName('read')?.views.icon,
      [list.callId]: h.core.dispatcher.toolByName('list')?.views.icon,
      [mcp.callId]: 'mcp',
      [unknown.callId]: 'other',
    };
    expect(expected[read.callId]).toBe('file-read');
    expect(expected[list.callId]).toBe('file-list');
    for (const [callId, icon] of Object.entries(expected)) {
      const changes = sent.filter((view) => view.id === callId);
      expect(changes.length, callId).toBeGreaterThan(0);
      for (const view of changes) expect(view.icon).toBe(icon);
    }
    const page = await h.core.api.conversations.messages({ conversationId: h.conversation.id }, HOST);
    const listed = await h.core.api.toolCalls.list({ conversationId: h.conversation.id }, HOST);
    for (const calls of [page.calls, listed]) {
      expect(Object.fromEntries(calls.map((view) => [view.id, view.icon]))).toEqual(expected);
    }
    await h.core.shutdown();
  });
});
