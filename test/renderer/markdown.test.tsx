// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageView } from '../../src/shared/domain';

vi.mock('../../src/renderer/src/api', () => import('./apiMock'));
const { TranscriptRow } = await import('../../src/renderer/src/features/conversation/TranscriptRow');
const { transcriptItems } = await import('../../src/renderer/src/features/conversation/transcriptItems');

afterEach(cleanup);

const base = { conversationId: 'conv-1', createdAt: '2025-01-01T00:00:00Z' };

describe('model text in the transcript', () => {
  it('renders Markdown but shows raw HTML as text: an <img onerror> never becomes an element', async () => {
    const text =
      'Done. **Bold** and `code`.\n\n<img src=x onerror="alert(1)"> <script>alert(2)</script>\n\n[link](javascript:alert(3))';
    const { container } = render(
      <TranscriptRow item={{ key: 'm1', kind: 'assistant', text }} agentId="agent-1" conversationId="conv-1" />,
    );
    // The renderer is loaded with the first reply: plain text until then.
    // Loaded on first use: on a busy machine the import can take longer than waitFor's default second.
    await waitFor(() => expect(container.querySelector('strong')?.textContent).toBe('Bold'), { timeout: 15_000 });
    expect(container.querySelector('code')?.textContent).toBe('code');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript:');
  });

  it('shows the owner’s text as typed, never as Markdown or HTML', () => {
    const { container } = render(
      <TranscriptRow
        item={{ key: 'm2', kind: 'owner', text: '<b>hi</b> **there**' }}
        agentId="agent-1"
        conversationId="conv-1"
      />,
    );
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('<b>hi</b> **there**')).toBeTruthy();
  });

  it('folds a tool result into its call row and shows an error with Retry', () => {
    const messages: MessageView[] = [
      { ...base, id: 1, role: 'owner', text: 'run the tests' },
      {
        ...base,
        id: 2,
        role: 'assistant',
        text: '',
        toolCalls: [{ id: 'c1', name: 'run', args: { command: 'npm test' } }],
      },
      { ...base, id: 3, role: 'tool', callId: 'c1', tool: 'run', text: 'exit 0', isError: false },
    ];
    const items = transcriptItems(messages, {
      turnId: 't1',
      ownerText: null,
      segments: [],
      working: false,
      notices: [],
      error: { message: 'The provider refused the request: the API key is missing.', retryable: true },
      lastSent: 'run the tests',
      startedAt: null,
      step: 0,
      toolCount: 0,
    });
    expect(items.map((item) => item.kind)).toEqual(['owner', 'call', 'error']);
    expect(items[1]).toMatchObject({ kind: 'call', callId: 'c1', result: { text: 'exit 0', isError: false } });
    const error = items[2];
    if (!error) throw new Error('no error item');
    render(<TranscriptRow item={error} agentId="agent-1" conversationId="conv-1" />);
    expect(screen.getByRole('alert').textContent).toContain('the API key is missing');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('code in the transcript (issue 23 §2)', () => {
  it('colours a fenced block by its language with the bundled highlighter, and still never makes an element of its text', async () => {
    const text =
      '```ts\nconst answer: number = 42; // "<img src=x onerror=alert(1)>"\n```\n\n```html\n<img src=x onerror="alert(2)">\n```';
    const { container } = render(
      <TranscriptRow item={{ key: 'm9', kind: 'assistant', text }} agentId="agent-1" conversationId="conv-1" />,
    );
    await waitFor(() => expect(container.querySelector('pre code .hljs-keyword')?.textContent).toBe('const'), {
      timeout: 15_000,
    });
    const blocks = container.querySelectorAll('pre code');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]!.querySelector('.hljs-number')?.textContent).toBe('42');
    expect(blocks[0]!.textContent).toBe('const answer: number = 42; // "<img src=x onerror=alert(1)>"');
    expect(blocks[1]!.querySelector('.hljs-tag')).not.toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('leaves a block in a language it does not bundle as plain text', async () => {
    const { container } = render(
      <TranscriptRow
        item={{ key: 'm10', kind: 'assistant', text: '```cobol\nDISPLAY "HI".\n```' }}
        agentId="agent-1"
        conversationId="conv-1"
      />,
    );
    await waitFor(() => expect(container.querySelector('pre code')).not.toBeNull(), { timeout: 15_000 });
    expect(container.querySelector('pre code')?.textContent).toBe('DISPLAY "HI".');
    expect(container.querySelector('pre code span')).toBeNull();
  });
});
