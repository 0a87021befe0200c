// @vitest-environment jsdom
// The window's part of issue 16: the retry banner, usage next to the turn, thinking collapsed.
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent, UsageTotals } from '../../src/shared/domain';

vi.mock('../../src/renderer/src/api', () => import('./apiMock'));
const { call } = await import('./apiMock');
const { useConversationStore } = await import('../../src/renderer/src/stores/useConversationStore');
const { transcriptItems } = await import('../../src/renderer/src/features/conversation/transcriptItems');
const { TranscriptRow } = await import('../../src/renderer/src/features/conversation/TranscriptRow');

const turn = { turnId: 't1', agentId: 'agent-1', conversationId: 'conv-1' };
const usage = (input: number, cost: number | null): UsageTotals => ({
  requests: 1,
  inputTokens: input,
  outputTokens: 20,
  cacheReadTokens: 9_000,
  cacheWriteTokens: 300,
  cost,
});

beforeEach(() => {
  call.mockReset();
  useConversationStore.setState({ live: {}, messages: {}, olderCursor: {}, usage: {} });
});

describe('a turn that retries, thinks and reports usage', () => {
  it('drops the text of the failed attempt, shows the countdown banner, then the usage and thinking', () => {
    const events: AgentEvent[] = [
      { ...turn, type: 'turn_started' },
      { ...turn, type: 'tool_call_started', callId: 'c1', tool: 'read', args: { path: 'a.ts' } },
      { ...turn, type: 'text', text: 'half an ans' },
      {
        ...turn,
        type: 'retry',
        attempt: 2,
        of: 5,
        delayMs: 8_000,
        reason: 'overloaded',
        message: 'retrying in 8 s: overloaded (2 of 5)',
      },
    ];
    useConversationStore.getState().applyAgentEvents(events);
    let items = transcriptItems([], useConversationStore.getState().live['conv-1']);
    expect(items.some((item) => item.kind === 'assistant')).toBe(false);
    const working = items.find((item) => item.kind === 'working');
    expect(working).toBeDefined();
    if (!working) return;
    render(<TranscriptRow item={working} agentId="agent-1" conversationId="conv-1" />);
    expect(screen.getByRole('status').textContent).toMatch(/retrying in [78] s: overloaded \(2 of 5\)/);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();

    useConversationStore.getState().applyAgentEvents([
      { ...turn, type: 'thinking', text: 'Let me look again.', redacted: false },
      { ...turn, type: 'text', text: 'the whole answer' },
      {
        ...turn,
        type: 'usage',
        model: 'm',
        request: usage(100, 0.01),
        turn: usage(100, 0.01),
        conversation: usage(500, 0.05),
        lastMessageId: 7,
      },
    ]);
    items = transcriptItems([], useConversationStore.getState().live['conv-1']);
    expect(items.find((item) => item.kind === 'working')).toMatchObject({ retry: null });
    expect(items.filter((item) => item.kind === 'assistant')).toMatchObject([{ text: 'the whole answer' }]);
    const thinking = items.find((item) => item.kind === 'thinking');
    const usageItem = items.find((item) => item.kind === 'usage');
    if (!thinking || !usageItem) throw new Error('missing rows');
    const { container } = render(
      <>
        <TranscriptRow item={thinking} agentId="agent-1" conversationId="conv-1" />
        <TranscriptRow item={usageItem} agentId="agent-1" conversationId="conv-1" />
      </>,
    );
    expect(container.querySelector('details:not([open]) summary')?.textContent).toBe('Thinking');
    expect(screen.getByLabelText('Model usage').textContent).toBe(
      'turn: 100 in · 9,000 cache read · 300 cache write · 20 out · $0.01 (1 request) — conversation: 500 in · 9,000 cache read · 300 cache write · 20 out · $0.05',
    );
  });
});
