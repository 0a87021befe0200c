// @vitest-environment jsdom
// What needs the owner (issue 32 item 1): waiting cards and failed turns not yet looked at, counted
// per conversation and per agent in the sidebar, the total in the window title.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '../../src/shared/domain';

vi.mock('../../src/renderer/src/api', () => import('./apiMock'));
const { call } = await import('./apiMock');
const { useAttentionStore, countNeedsOwner } = await import('../../src/renderer/src/stores/useAttentionStore');
const { useCardsStore } = await import('../../src/renderer/src/stores/useCardsStore');
const { useAgentsStore } = await import('../../src/renderer/src/stores/useAgentsStore');
const { useConversationStore } = await import('../../src/renderer/src/stores/useConversationStore');
const { Sidebar } = await import('../../src/renderer/src/features/agents/Sidebar');

const card = (id: string, conversationId: string): Card => ({
  id,
  callId: `call-${id}`,
  agentId: 'developer',
  conversationId,
  tool: 'run',
  args: {},
  argv: ['npm', 'test'],
  reason: 'ask mode asks before every command',
  createdAt: '2026-12-01T00:00:00Z',
});

afterEach(() => {
  cleanup();
  useCardsStore.setState({ cards: [] });
  useAttentionStore.setState({ failed: {} });
});

/** The window's loads in these tests: an empty page of messages, no tasks; anything else an empty answer. */
function answer(name: string): unknown {
  if (name === 'conversations.messages') return { messages: [], olderCursor: null, calls: [] };
  if (name === 'tasks.list') return [];
  return {};
}

describe('what needs the owner', () => {
  it('counts cards and failed turns per conversation, per agent and in all', () => {
    const needs = countNeedsOwner([card('a', 'c1'), card('b', 'c2')], { c1: 'developer', c3: 'other' });
    expect([...needs.byConversation]).toEqual([
      ['c1', 2],
      ['c2', 1],
      ['c3', 1],
    ]);
    expect([...needs.byAgent]).toEqual([
      ['developer', 3],
      ['other', 1],
    ]);
    expect(needs.total).toBe(4);
  });

  it('a turn that fails in a conversation the owner is not looking at is counted until it is opened, and the sidebar shows it', () => {
    call.mockImplementation(async (name: string) => answer(name));
    useAgentsStore.setState({
      agents: [{ id: 'developer', name: 'developer', handle: '@dev', mode: 'ask', workspace: null } as never],
      selectedId: 'developer',
    });
    useConversationStore.setState({
      byAgent: {
        developer: [
          { id: 'c1', agentId: 'developer', title: 'Fix login', createdAt: '', updatedAt: '', archivedAt: null },
          { id: 'c2', agentId: 'developer', title: 'Docs', createdAt: '', updatedAt: '', archivedAt: null },
        ],
      },
      selected: { developer: 'c2' },
    });
    const ended = (reason: 'error' | 'completed') => ({
      type: 'conversation' as const,
      event: { turnId: 't', agentId: 'developer', conversationId: 'c1', type: 'turn_ended' as const, reason },
    });
    act(() => useAttentionStore.getState().follow(ended('completed')));
    expect(useAttentionStore.getState().failed).toEqual({});
    act(() => useAttentionStore.getState().follow(ended('error')));
    expect(useAttentionStore.getState().failed).toEqual({ c1: 'developer' });

    render(<Sidebar />);
    expect(screen.getByLabelText('1 thing needs you in @dev')).toBeTruthy();
    expect(screen.getByLabelText('1 thing needs you in Fix login')).toBeTruthy();
    act(() => useCardsStore.getState().added(card('k', 'c2')));
    expect(screen.getByLabelText('2 things need you in @dev')).toBeTruthy();

    act(() => screen.getByRole('button', { name: /Fix login/ }).click());
    expect(useAttentionStore.getState().failed).toEqual({});
    expect(screen.queryByLabelText(/in Fix login/)).toBeNull();
  });

  it("the Electron host's attention.open (a notification clicked) opens that agent's conversation", async () => {
    const { routeEvents } = await import('../../src/renderer/src/eventRouter');
    const { useAppStore } = await import('../../src/renderer/src/stores/useAppStore');
    call.mockImplementation(async (name: string) => answer(name));
    useAppStore.setState({ view: 'settings' });
    useAttentionStore.setState({ failed: { c1: 'developer' } });
    routeEvents([{ type: 'attention.open', agentId: 'developer', conversationId: 'c1', cardId: null }]);
    expect(useAppStore.getState().view).toBe('agent');
    expect(useConversationStore.getState().selected.developer).toBe('c1');
    expect(useAttentionStore.getState().failed).toEqual({});
  });

  it('the window title carries the total', () => {
    useAttentionStore.getState().showTotal(3);
    expect(document.title).toBe('(3) Paddock');
    expect(call).toHaveBeenCalledWith('attention.setCount', { count: 3 });
    useAttentionStore.getState().showTotal(0);
    expect(document.title).toBe('Paddock');
  });
});
