// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../src/shared/domain';

vi.mock('../../src/renderer/src/api', () => import('./apiMock'));
const { call } = await import('./apiMock');
const { routeEvents } = await import('../../src/renderer/src/eventRouter');
const { useConversationStore } = await import('../../src/renderer/src/stores/useConversationStore');
const { createFrameBatcher } = await import('../../src/renderer/src/lib/frameBatcher');
const { transcriptItems } = await import('../../src/renderer/src/features/conversation/transcriptItems');

const turn = { turnId: 't1', agentId: 'agent-1', conversationId: 'conv-1' };

beforeEach(() => {
  call.mockReset();
  useConversationStore.setState({ live: {}, messages: {}, olderCursor: {} });
});

describe('a streamed turn', () => {
  it('joins 10,000 text deltas into one text run, in one state update', () => {
    const updates = vi.fn();
    const unsubscribe = useConversationStore.subscribe(updates);
    const events: AgentEvent[] = [{ ...turn, type: 'turn_started' }];
    for (let index = 0; index < 10_000; index += 1) events.push({ ...turn, type: 'text', text: 'a' });
    events.push({ ...turn, type: 'tool_call_started', callId: 'c1', tool: 'read', args: { path: 'a.ts' } });
    events.push({ ...turn, type: 'text', text: 'done' });
    routeEvents(events.map((event) => ({ type: 'conversation', event })));
    unsubscribe();
    expect(updates).toHaveBeenCalledTimes(1);
    const live = useConversationStore.getState().live['conv-1'];
    expect(live?.working).toBe(true);
    expect(live?.segments).toEqual([
      { kind: 'text', text: 'a'.repeat(10_000) },
      { kind: 'call', callId: 'c1', tool: 'read', args: { path: 'a.ts' } },
      { kind: 'text', text: 'done' },
    ]);
  });

  it('reads the stored transcript when the turn ends, and Retry re-sends the owner’s text', async () => {
    call.mockImplementation(async (name: string) => {
      if (name === 'conversations.messages') return { messages: [], olderCursor: null, calls: [] };
      if (name === 'conversations.send') return { turnId: 't2' };
      return {};
    });
    await useConversationStore.getState().send('conv-1', 'fix the test');
    expect(call).toHaveBeenCalledWith('conversations.send', { conversationId: 'conv-1', text: 'fix the test' });
    routeEvents([
      {
        type: 'conversation',
        event: { ...turn, type: 'error', message: 'The model did not answer.', retryable: true },
      },
      { type: 'conversation', event: { ...turn, type: 'turn_ended', reason: 'error' } },
    ]);
    await vi.waitFor(() =>
      expect(call).toHaveBeenCalledWith('conversations.messages', { conversationId: 'conv-1', limit: 200 }),
    );
    await vi.waitFor(() => expect(useConversationStore.getState().live['conv-1']?.segments).toEqual([]));
    expect(useConversationStore.getState().live['conv-1']?.error?.message).toBe('The model did not answer.');
    call.mockClear();
    await useConversationStore.getState().retry('conv-1');
    expect(call).toHaveBeenCalledWith('conversations.send', { conversationId: 'conv-1', text: 'fix the test' });
  });

  it('when a turn ends, its stored words replace the streamed copy in one update: never both at once', async () => {
    const stored = [
      { id: 1, conversationId: 'conv-1', createdAt: '2026-12-01T00:00:00Z', role: 'owner', text: 'shout' },
      { id: 2, conversationId: 'conv-1', createdAt: '2026-12-01T00:00:01Z', role: 'assistant', text: 'Shouted twice.' },
    ];
    call.mockImplementation(async (name: string) => {
      if (name === 'conversations.messages') return { messages: stored, olderCursor: null, calls: [] };
      return { turns: [] };
    });
    useConversationStore.setState({ messages: { 'conv-1': [] } });
    routeEvents([{ type: 'conversation', event: { ...turn, type: 'text', text: 'Shouted twice.' } }]);
    const both: number[] = [];
    const unsubscribe = useConversationStore.subscribe((state) => {
      const streamed = (state.live['conv-1']?.segments ?? []).some(
        (s) => s.kind === 'text' && s.text === 'Shouted twice.',
      );
      const saved = (state.messages['conv-1'] ?? []).some((m) => m.text === 'Shouted twice.');
      if (streamed && saved) both.push(1);
    });
    routeEvents([{ type: 'conversation', event: { ...turn, type: 'turn_ended', reason: 'completed' } }]);
    await vi.waitFor(() => expect(useConversationStore.getState().messages['conv-1']).toHaveLength(2));
    unsubscribe();
    expect(both).toEqual([]);
    expect(useConversationStore.getState().live['conv-1']?.segments).toEqual([]);
  });

  it('a checkpoint saved while the turn still streams does not reload the transcript under it', async () => {
    call.mockImplementation(async (name: string) => {
      if (name === 'conversations.messages')
        return {
          messages: [
            {
              id: 2,
              conversationId: 'conv-1',
              createdAt: '2026-12-01T00:00:01Z',
              role: 'assistant',
              text: 'Shouted once.',
            },
          ],
          olderCursor: null,
          calls: [],
        };
      return { turns: [], checkpoints: [] };
    });
    useConversationStore.setState({ messages: { 'conv-1': [] } });
    routeEvents([
      { type: 'conversation', event: { ...turn, type: 'turn_started' } },
      { type: 'conversation', event: { ...turn, type: 'text', text: 'Shouted once.' } },
    ]);
    routeEvents([{ type: 'checkpoints.changed', conversationId: 'conv-1' }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(call).not.toHaveBeenCalledWith('conversations.messages', expect.anything());
    expect(useConversationStore.getState().messages['conv-1']).toEqual([]);
  });

  it('a load that lands while the next turn works shows that turn’s stored words once (Continue anyway, a queued message)', async () => {
    const at = '2026-12-01T00:00:00Z';
    const message = (id: number, role: 'owner' | 'assistant', text: string) =>
      role === 'owner'
        ? { id, conversationId: 'conv-1', createdAt: at, role, text }
        : { id, conversationId: 'conv-1', createdAt: at, role, text, toolCalls: [] };
    // The first turn's settling load is answered only after the next turn stored its reply.
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    let loads = 0;
    call.mockImplementation(async (name: string) => {
      if (name !== 'conversations.messages') return { turns: [] };
      loads++;
      if (loads === 1) await firstAnswered;
      return {
        messages: [
          message(1, 'owner', 'Read both files'),
          message(2, 'assistant', 'A read.'),
          message(3, 'assistant', 'Both files read.'),
        ],
        olderCursor: null,
        calls: [],
      };
    });
    useConversationStore.setState({ messages: { 'conv-1': [] } });
    const next = { ...turn, turnId: 't2' };
    routeEvents([
      { type: 'conversation', event: { ...turn, type: 'turn_started', afterMessageId: 0 } },
      { type: 'conversation', event: { ...turn, type: 'text', text: 'A read.' } },
      { type: 'conversation', event: { ...turn, type: 'turn_ended', reason: 'budget' } },
    ]);
    routeEvents([
      { type: 'conversation', event: { ...next, type: 'turn_started', afterMessageId: 2 } },
      { type: 'conversation', event: { ...next, type: 'text', text: 'Both files read.' } },
    ]);
    answerFirst();
    await vi.waitFor(() => expect(useConversationStore.getState().messages['conv-1']).toHaveLength(3));
    const shown = () =>
      transcriptItems(
        useConversationStore.getState().messages['conv-1']!,
        useConversationStore.getState().live['conv-1'],
      )
        .filter((item) => item.kind === 'assistant')
        .map((item) => (item.kind === 'assistant' ? item.text : ''));
    expect(shown()).toEqual(['A read.', 'Both files read.']);
    routeEvents([{ type: 'conversation', event: { ...next, type: 'turn_ended', reason: 'completed' } }]);
    await vi.waitFor(() => expect(useConversationStore.getState().live['conv-1']?.segments).toEqual([]));
    expect(shown()).toEqual(['A read.', 'Both files read.']);
  });

  it('the frame batcher hands over everything pushed, once', () => {
    const flushed: number[][] = [];
    const batcher = createFrameBatcher<number>((items) => flushed.push(items));
    for (let index = 0; index < 5; index += 1) batcher.push(index);
    batcher.flushNow();
    batcher.flushNow();
    expect(flushed).toEqual([[0, 1, 2, 3, 4]]);
  });
});
