// @vitest-environment jsdom
// Rows of the transcript as a newcomer reads them: a restore said once (its notice), the owner's
// message without a band kept for a hidden button, a committed turn's row saying so.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckpointView } from '../../src/shared/domain';

vi.mock('../../src/renderer/src/api', () => import('./apiMock'));
const { TranscriptRow } = await import('../../src/renderer/src/features/conversation/TranscriptRow');

const restore: CheckpointView = {
  id: 9,
  conversationId: 'conv-1',
  kind: 'restore',
  messagesFrom: 12,
  summary: 'Undo this turn: restored notes.txt; removed added.txt.',
  recorded: true,
  undone: false,
  pruned: false,
  working: false,
  startedAt: '',
};

afterEach(cleanup);

describe('transcript rows', () => {
  it('a restore’s row does not repeat what its notice just said', () => {
    render(
      <>
        <TranscriptRow
          item={{ key: 'm12', kind: 'notice', text: restore.summary }}
          agentId="agent-1"
          conversationId="conv-1"
        />
        <TranscriptRow
          item={{ key: 'k9', kind: 'checkpoint', checkpoint: restore }}
          agentId="agent-1"
          conversationId="conv-1"
        />
      </>,
    );
    expect(screen.getAllByText(restore.summary)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Undo this restore' })).toBeTruthy();
  });

  it('the owner’s message keeps its restore button on its header line, not in a band below the text', () => {
    const { container } = render(
      <TranscriptRow
        item={{ key: 'm3', kind: 'owner', text: 'Rewrite the notes', messageId: 3 }}
        agentId="agent-1"
        conversationId="conv-1"
      />,
    );
    const message = container.querySelector('.message-owner') as HTMLElement;
    expect(message.lastElementChild?.className).toBe('message-text');
    const button = screen.getByRole('button', { name: 'Restore to before this message' });
    expect(button.closest('.message-header')).not.toBeNull();
  });
});
