// @vitest-environment jsdom
// Issue 23 §1–2: the tool rows of one step sit under a summary ("4 calls · 1 card · 1 failed") that
// folds them; each tool has its icon; the composer says when a key is missing and will not send.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageView, ToolCallView } from '../../src/shared/domain';
import type { AgentView } from '../../src/shared/ipc';

vi.mock('../../src/renderer/src/api', () => import('./apiMock'));
const { call } = await import('./apiMock');
const { transcriptItems, unfoldedItems } = await import('../../src/renderer/src/features/conversation/transcriptItems');
const { TranscriptRow } = await import('../../src/renderer/src/features/conversation/TranscriptRow');
const { describeStep } = await import('../../src/renderer/src/features/conversation/StepSummary');
const { Composer } = await import('../../src/renderer/src/features/conversation/Composer');
const { useToolCallsStore } = await import('../../src/renderer/src/stores/useToolCallsStore');
const { useCardsStore } = await import('../../src/renderer/src/stores/useCardsStore');
const { useSetupStore } = await import('../../src/renderer/src/stores/useSetupStore');

const base = { conversationId: 'conv-1', createdAt: '2025-01-01T00:00:00Z' };
const record = (id: string, tool: string, patch: Partial<ToolCallView>): ToolCallView => ({
  id,
  conversationId: 'conv-1',
  agentId: 'agent-1',
  tool,
  args: {},
  tier: 'auto',
  reason: null,
  status: 'done',
  answer: null,
  resultSummary: null,
  error: null,
  outputAccount: null,
  outcome: null,
  file: null,
  icon: 'other',
  createdAt: base.createdAt,
  startedAt: base.createdAt,
  endedAt: base.createdAt,
  ...patch,
});

const messages: MessageView[] = [
  { ...base, id: 1, role: 'owner', text: 'tidy up' },
  {
    ...base,
    id: 2,
    role: 'assistant',
    text: 'On it.',
    toolCalls: [
      { id: 'a', name: 'read', args: { path: 'a.ts' } },
      { id: 'b', name: 'write', args: { path: 'b.ts', content: 'x' } },
      { id: 'c', name: 'read', args: { path: 'gone.ts' } },
      { id: 'd', name: 'search', args: { pattern: 'todo' } },
    ],
  },
  { ...base, id: 3, role: 'tool', callId: 'a', tool: 'read', text: 'const a = 1;', isError: false },
  { ...base, id: 4, role: 'tool', callId: 'c', tool: 'read', text: 'no such file', isError: true },
  { ...base, id: 5, role: 'assistant', text: 'One more.', toolCalls: [{ id: 'e', name: 'list', args: {} }] },
];

beforeEach(() => {
  call.mockReset();
  useToolCallsStore.setState({ calls: {}, output: {}, expanded: {}, folded: {} });
  useCardsStore.setState({ cards: [] });
});
afterEach(cleanup);

describe('steps in the transcript', () => {
  it('puts a summary above the calls of a step with two or more, and folding it hides exactly those calls', () => {
    const items = transcriptItems(messages, undefined);
    expect(items.map((item) => item.kind)).toEqual([
      'owner',
      'assistant',
      'step',
      'call',
      'call',
      'call',
      'call',
      'assistant',
      'call',
    ]);
    const folded = unfoldedItems(items, { s2: true });
    expect(folded.map((item) => item.key)).toEqual(['m1', 'm2', 's2', 'm5', 'ce']);
  });

  it('counts calls, cards and failures in the summary, and folds on click', () => {
    useToolCallsStore
      .getState()
      .upsert([
        record('a', 'read', {}),
        record('b', 'write', { tier: 'gated', status: 'pending' }),
        record('c', 'read', { status: 'failed', error: 'no such file' }),
        record('d', 'search', { status: 'refused', error: 'refused: invalid arguments' }),
      ]);
    useCardsStore.setState({ cards: [{ id: 'card-b', callId: 'b' } as never] });
    const step = transcriptItems(messages, undefined).find((item) => item.kind === 'step');
    if (!step) throw new Error('no step');
    render(<TranscriptRow item={step} agentId="agent-1" conversationId="conv-1" />);
    const button = screen.getByRole('button', { name: 'Step: 4 calls · 1 card · 1 failed · 1 refused' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button);
    expect(useToolCallsStore.getState().folded.s2).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it("groups the streaming turn's runs of calls the same way, a lone call stays alone", () => {
    const live = {
      turnId: 't1',
      ownerText: 'go',
      segments: [
        { kind: 'text' as const, text: 'Reading.' },
        { kind: 'call' as const, callId: 'x1', tool: 'read', args: {} },
        { kind: 'call' as const, callId: 'x2', tool: 'read', args: {} },
        { kind: 'text' as const, text: 'Now one more.' },
        { kind: 'call' as const, callId: 'x3', tool: 'list', args: {} },
      ],
      working: true,
      notices: [],
      error: null,
      lastSent: 'go',
      startedAt: 0,
      step: 2,
      toolCount: 3,
    };
    const items = transcriptItems([], live);
    expect(items.map((item) => item.key)).toEqual([
      'live-owner',
      'live-text-0',
      'live-step-1',
      'cx1',
      'cx2',
      'live-text-3',
      'cx3',
      'live-working',
    ]);
    expect(unfoldedItems(items, { 'live-step-1': true }).map((item) => item.key)).toEqual([
      'live-owner',
      'live-text-0',
      'live-step-1',
      'live-text-3',
      'cx3',
      'live-working',
    ]);
  });

  it('says the counts in the words of the issue', () => {
    expect(describeStep({ calls: 7, cards: 2, failed: 1, refused: 0, denied: 0, running: 0 })).toBe(
      '7 calls · 2 cards · 1 failed',
    );
  });

  it('gives each tool row its tool icon, and an unknown tool the generic one', () => {
    // Each call's record carries the icon its tool declares (tools/types.ts ResultViews.icon); the made-up tool has none.
    useToolCallsStore
      .getState()
      .upsert([
        record('a', 'read', { icon: 'file-read' }),
        record('b', 'write', { icon: 'file-write' }),
        record('c', 'read', { icon: 'file-read' }),
        record('d', 'search', { icon: 'file-search' }),
        record('e', 'list', { icon: 'file-list' }),
      ]);
    const items = transcriptItems(messages, undefined).filter((item) => item.kind === 'call');
    const { container } = render(
      <>
        {items.map((item) => (
          <TranscriptRow key={item.key} item={item} agentId="agent-1" conversationId="conv-1" />
        ))}
        <TranscriptRow
          item={{ key: 'cz', kind: 'call', callId: 'z', tool: 'made_up', args: {} }}
          agentId="agent-1"
          conversationId="conv-1"
        />
      </>,
    );
    const icons = [...container.querySelectorAll('svg.tool-icon')].map((svg) => svg.getAttribute('class') ?? '');
    expect(icons).toHaveLength(6);
    expect(icons[0]).toContain('lucide-file-text');
    expect(icons[1]).toContain('lucide-file-plus');
    expect(icons[3]).toContain('lucide-search');
    expect(icons[4]).toContain('lucide-folder-tree');
    expect(icons[5]).toContain('lucide-wrench');
  });
});

const agent = (patch: Partial<AgentView>): AgentView => ({
  id: 'agent-1',
  name: 'developer',
  handle: '@dev',
  provider: 'anthropic',
  model: 'claude-sonnet-5-5',
  baseUrl: null,
  scopes: [],
  mode: 'run',
  acceptancePolicy: 'apply',
  maxOutputTokens: 8000,
  createdAt: base.createdAt,
  workspace: null,
  runsAnyCommand: false,
  vocabulary: [],
  hasApiKey: false,
  needsApiKey: false,
  defaultBaseUrl: { url: 'https://api.anthropic.com', variable: null },
  ...patch,
});

describe('the composer with no key', () => {
  it('says what is missing, will not send, and opens the setup at the key step', () => {
    render(<Composer conversationId="conv-1" agent={agent({ needsApiKey: true })} />);
    expect(screen.getByRole('alert').textContent).toContain(
      'developer has no API key, so anthropic would refuse every message.',
    );
    fireEvent.input(screen.getByLabelText('Message to the agent'), { target: { value: 'hello' } });
    expect((screen.getByRole('button', { name: /^Send/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByLabelText('Message to the agent'), { key: 'Enter' });
    expect(call).not.toHaveBeenCalledWith('conversations.send', expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Add a key and test it' }));
    expect(useSetupStore.getState()).toMatchObject({ open: true, step: 'provider' });
  });

  it('sends as before when a key is stored or the endpoint needs none', () => {
    render(<Composer conversationId="conv-1" agent={agent({ needsApiKey: false })} />);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.input(screen.getByLabelText('Message to the agent'), { target: { value: 'hello' } });
    expect((screen.getByRole('button', { name: /^Send/ }) as HTMLButtonElement).disabled).toBe(false);
  });
});
