// @vitest-environment jsdom
// Find and branch in the window (issue 32 §4): a hit lands on the row that shows its message, the
// search has its own chord, a fork is selected with the message in its composer, and a conversation
// that leaves the list (archived, deleted) gives way to the next one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationView, MessageView } from '../../src/shared/domain';

vi.mock('../../src/renderer/src/api', () => import('./apiMock'));
const { call } = await import('./apiMock');
const { itemKeyOf, transcriptItems } = await import('../../src/renderer/src/features/conversation/transcriptItems');
const { shortcutFor } = await import('../../src/renderer/src/features/palette/shortcuts');
const { useConversationStore } = await import('../../src/renderer/src/stores/useConversationStore');

const at = '2026-01-01T00:00:00.000Z';
const conversation = (id: string, archivedAt: string | null = null): ConversationView => ({
  id,
  agentId: 'a',
  title: id,
  createdAt: at,
  updatedAt: at,
  archivedAt,
});
const base = { conversationId: 'c', createdAt: at };
const messages: MessageView[] = [
  { ...base, id: 1, role: 'owner', text: 'find the port' },
  { ...base, id: 2, role: 'assistant', text: '', toolCalls: [{ id: 'k1', name: 'search', args: { pattern: 'PORT' } }] },
  { ...base, id: 3, role: 'tool', callId: 'k1', tool: 'search', text: 'src/server.ts:3: PORT', isError: false },
  {
    ...base,
    id: 4,
    role: 'assistant',
    text: 'Two reads.',
    toolCalls: [
      { id: 'k2', name: 'read', args: {} },
      { id: 'k3', name: 'read', args: {} },
    ],
  },
  { ...base, id: 5, role: 'tool', callId: 'k3', tool: 'read', text: 'contents', isError: false },
];

afterEach(() => {
  call.mockReset();
  useConversationStore.setState({ byAgent: {}, selected: {}, messages: {}, drafts: {}, focus: null });
});

describe('a search hit in the transcript', () => {
  it('lands on the row that shows the message: its own, its call’s, or its step when the calls are folded', () => {
    const items = transcriptItems(messages, undefined);
    expect(itemKeyOf(messages, items, 1)).toBe('m1');
    expect(itemKeyOf(messages, items, 2)).toBe('ck1');
    expect(itemKeyOf(messages, items, 3)).toBe('ck1');
    expect(itemKeyOf(messages, items, 5)).toBe('ck3');
    const folded = items.filter((item) => !(item.kind === 'call' && item.step === 's4'));
    expect(itemKeyOf(messages, folded, 5)).toBe('s4');
    expect(itemKeyOf(messages, items, 99)).toBeNull();
  });

  it('has its own chord, Ctrl+Shift+F, which plain Ctrl+F is not', () => {
    expect(shortcutFor(new KeyboardEvent('keydown', { code: 'KeyF', ctrlKey: true, shiftKey: true }))).toBe('search');
    expect(shortcutFor(new KeyboardEvent('keydown', { code: 'KeyF', metaKey: true, shiftKey: true }))).toBe('search');
    expect(shortcutFor(new KeyboardEvent('keydown', { code: 'KeyF', ctrlKey: true }))).toBeNull();
  });
});

describe('the conversation list’s actions', () => {
  it('a fork is selected, with the forked message waiting for its composer once', async () => {
    useConversationStore.setState({ byAgent: { a: [conversation('c')] }, selected: { a: 'c' } });
    call.mockImplementation(async (name: string) => {
      if (name === 'conversations.fork') return { conversation: conversation('f'), draft: 'find the port' };
      if (name === 'conversations.messages') return { messages: [], olderCursor: null, calls: [] };
      return { total: {}, turns: [] };
    });
    await useConversationStore.getState().fork('c', 1);
    expect(call).toHaveBeenCalledWith('conversations.fork', { conversationId: 'c', messageId: 1 });
    expect(useConversationStore.getState().selected.a).toBe('f');
    expect(useConversationStore.getState().byAgent.a!.map((c) => c.id)).toEqual(['f', 'c']);
    expect(useConversationStore.getState().takeDraft('f')).toBe('find the port');
    expect(useConversationStore.getState().takeDraft('f')).toBeNull();
  });

  it('archiving or deleting the shown conversation shows the next one still in the list', async () => {
    useConversationStore.setState({
      byAgent: { a: [conversation('x'), conversation('old', at), conversation('y')] },
      selected: { a: 'x' },
      messages: { y: [] },
    });
    call.mockImplementation(async (name: string, request: unknown) => {
      if (name === 'conversations.archive')
        return conversation((request as { conversationId: string }).conversationId, at);
      return { deleted: true };
    });
    await useConversationStore.getState().setArchived('x', true);
    expect(useConversationStore.getState().selected.a).toBe('y');
    expect(useConversationStore.getState().byAgent.a!.find((c) => c.id === 'x')?.archivedAt).toBe(at);
    await useConversationStore.getState().remove('y');
    expect(call).toHaveBeenLastCalledWith('conversations.delete', { conversationId: 'y' });
    expect(useConversationStore.getState().byAgent.a!.map((c) => c.id)).toEqual(['x', 'old']);
    expect(useConversationStore.getState().selected.a).toBeNull();
  });
});
