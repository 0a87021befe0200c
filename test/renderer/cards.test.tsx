// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '../../src/shared/domain';

// The cards' code is highlighted by a chunk HighlightedCode imports on first use: loaded here first,
// so that no import of it is still on its way when the last test's environment is torn down.
beforeAll(async () => {
  await import('../../src/renderer/src/lib/highlight');
});

vi.mock('../../src/renderer/src/api', () => import('./apiMock'));
const { call } = await import('./apiMock');
const { CardView, CARD_KEY_DELAY_MS } = await import('../../src/renderer/src/features/cards/CardView');

const commandCard: Card = {
  id: 'card-1',
  callId: 'call-1',
  agentId: 'agent-1',
  conversationId: 'conv-1',
  tool: 'run',
  args: { command: 'npm test' },
  reason: 'npm test is not on the run list in ask mode',
  argv: ['npm', 'test'],
  cwd: '/work/app',
  rememberChoices: [
    { kind: 'exact', label: 'exactly `npm test` in /home/me/app' },
    { kind: 'prefix', label: '`npm` with subcommand `test`, and any words after it, in /home/me/app' },
  ],
  createdAt: '2025-01-01T00:00:00Z',
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
  call.mockClear();
  call.mockResolvedValue({ answered: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('an approval card', () => {
  it('ignores y before the card has been visible for 500 ms, and approves with y after', async () => {
    render(<CardView card={commandCard} active />);
    fireEvent.keyDown(window, { key: 'y' });
    fireEvent.keyDown(window, { key: 'n' });
    expect(call).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /^Approve\s*y$/ })).toHaveProperty('disabled', true);

    await act(async () => {
      vi.advanceTimersByTime(CARD_KEY_DELAY_MS + 10);
    });
    expect(screen.getByRole('button', { name: /^Approve\s*y$/ })).toHaveProperty('disabled', false);
    await act(async () => {
      fireEvent.keyDown(window, { key: 'y' });
    });
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith('cards.answer', {
      cardId: 'card-1',
      decision: 'approve',
      baseHash: undefined,
      remember: undefined,
    });
  });

  it('denies with n after the delay, and answers from a text field too, its letter never typed', async () => {
    render(
      <>
        <textarea aria-label="composer" />
        <CardView card={commandCard} active />
      </>,
    );
    await act(async () => {
      vi.advanceTimersByTime(CARD_KEY_DELAY_MS + 10);
    });
    let typed = true;
    await act(async () => {
      typed = fireEvent.keyDown(screen.getByLabelText('composer'), { key: 'n' });
    });
    expect(typed).toBe(false);
    expect(call).toHaveBeenCalledWith('cards.answer', expect.objectContaining({ cardId: 'card-1', decision: 'deny' }));
  });

  it('a y in a burst of typing that began before the delay ran out, or an auto-repeat, does not answer', async () => {
    render(
      <>
        <textarea aria-label="composer" />
        <CardView card={commandCard} active />
      </>,
    );
    const composer = screen.getByLabelText('composer');
    await act(async () => {
      vi.advanceTimersByTime(CARD_KEY_DELAY_MS - 100);
    });
    fireEvent.keyDown(composer, { key: 'h' });
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(fireEvent.keyDown(composer, { key: 'y' })).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(CARD_KEY_DELAY_MS + 10);
    });
    fireEvent.keyDown(window, { key: 'y', repeat: true });
    expect(call).not.toHaveBeenCalled();
  });

  it('a dangerous card names the danger, puts Deny first and primary, offers no remember, and takes no y', async () => {
    render(
      <CardView
        card={{ ...commandCard, danger: 'rm deletes or overwrites, and the operand / is the filesystem root' }}
        active
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('the operand / is the filesystem root');
    const buttons = screen.getAllByRole('button');
    expect(buttons[0]?.textContent).toMatch(/^Deny/);
    expect(buttons[0]?.className).toContain('primary');
    expect(screen.queryByRole('button', { name: /always allow/ })).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(CARD_KEY_DELAY_MS + 10);
    });
    fireEvent.keyDown(window, { key: 'y' });
    expect(call).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.keyDown(window, { key: 'n' });
    });
    expect(call).toHaveBeenCalledWith('cards.answer', expect.objectContaining({ decision: 'deny' }));
  });

  it('shows the core’s remember labels literally and sends the chosen kind', async () => {
    render(<CardView card={commandCard} active />);
    const exact = screen.getByRole('button', { name: 'Approve and always allow exactly `npm test` in /home/me/app' });
    expect(
      screen.getByRole('button', {
        name: 'Approve and always allow `npm` with subcommand `test`, and any words after it, in /home/me/app',
      }),
    ).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(CARD_KEY_DELAY_MS + 10);
    });
    await act(async () => {
      fireEvent.click(exact);
    });
    expect(call).toHaveBeenCalledWith(
      'cards.answer',
      expect.objectContaining({ decision: 'approve', remember: 'exact' }),
    );
  });

  it('an inactive card (not first in the queue) takes no keys', async () => {
    render(<CardView card={commandCard} active={false} />);
    await act(async () => {
      vi.advanceTimersByTime(CARD_KEY_DELAY_MS + 10);
    });
    fireEvent.keyDown(window, { key: 'y' });
    expect(call).not.toHaveBeenCalled();
  });

  it('a write card with three hunks: Reject on hunk 2 makes Approve "Apply 2 of 3 hunks", and the answer names the accepted ids', async () => {
    const writeCard: Card = {
      ...commandCard,
      id: 'card-hunks',
      tool: 'write',
      args: { path: 'f.txt', content: '…' },
      reason: 'in ask mode every write is a card',
      argv: undefined,
      cwd: undefined,
      rememberChoices: undefined,
      path: '/work/app/f.txt',
      diff: '--- a/f.txt\n+++ b/f.txt\n',
      baseHash: 'a'.repeat(64),
      hunks: [
        { id: 'hunk-1', header: '@@ -1,2 +1,2 @@', lines: ['-one', '+ONE', ' two'] },
        { id: 'hunk-2', header: '@@ -10,2 +10,2 @@', lines: ['-ten', '+TEN', ' eleven'] },
        { id: 'hunk-3', header: '@@ -20,2 +20,2 @@', lines: ['-twenty', '+TWENTY', ' twenty-one'] },
      ],
    };
    render(<CardView card={writeCard} active />);
    await act(async () => {
      vi.advanceTimersByTime(CARD_KEY_DELAY_MS + 10);
    });
    const hunk2 = screen.getByRole('region', { name: 'Hunk 2 of 3' });
    const reject = hunk2.querySelector('button[aria-pressed="false"]') as HTMLButtonElement;
    expect(reject.textContent).toBe('Reject');
    await act(async () => {
      fireEvent.click(reject);
    });
    expect(reject.getAttribute('aria-pressed')).toBe('true');
    const apply = screen.getByRole('button', { name: /^Apply 2 of 3 hunks\s*y$/ });
    await act(async () => {
      fireEvent.click(apply);
    });
    expect(call).toHaveBeenCalledWith('cards.answer', {
      cardId: 'card-hunks',
      decision: 'approve',
      baseHash: 'a'.repeat(64),
      remember: undefined,
      acceptedHunks: ['hunk-1', 'hunk-3'],
    });
  });

  it('every hunk rejected disables Approve, and y does not approve; a single hunk shows no toggles', async () => {
    const card: Card = {
      ...commandCard,
      id: 'card-two',
      tool: 'edit',
      argv: undefined,
      rememberChoices: undefined,
      path: '/work/app/g.txt',
      diff: '',
      baseHash: 'b'.repeat(64),
      hunks: [
        { id: 'hunk-1', header: '@@ -1 +1 @@', lines: ['-a', '+b'] },
        { id: 'hunk-2', header: '@@ -9 +9 @@', lines: ['-c', '+d'] },
      ],
    };
    const { unmount } = render(<CardView card={card} active />);
    await act(async () => {
      vi.advanceTimersByTime(CARD_KEY_DELAY_MS + 10);
    });
    for (const name of ['Hunk 1 of 2', 'Hunk 2 of 2']) {
      const reject = screen.getByRole('region', { name }).querySelectorAll('button')[1]!;
      await act(async () => {
        fireEvent.click(reject);
      });
    }
    expect(screen.getByRole('button', { name: /^Apply 0 of 2 hunks/ })).toHaveProperty('disabled', true);
    await act(async () => {
      fireEvent.keyDown(window, { key: 'y' });
    });
    expect(call).not.toHaveBeenCalled();
    unmount();
    render(<CardView card={{ ...card, id: 'card-one', hunks: [card.hunks![0]!] }} active />);
    expect(screen.queryByRole('region', { name: /^Hunk/ })).toBeNull();
  });
});

describe('hidden characters on a card', () => {
  it('shows bidi and zero-width characters as markers (a card read `echo` while it ran `touch`)', () => {
    const command = 'echo \u202e\u2066"\u2069\u2066hello\u2069\u2066"; touch PWNED #\u2069\u202c';
    const card: Card = {
      ...commandCard,
      tool: 'bash',
      args: { command },
      argv: ['/bin/sh', '-c', command],
      rememberChoices: undefined,
    };
    render(<CardView card={card} active />);
    const shownCommand = document.querySelector('.card-command code')?.textContent ?? '';
    expect(shownCommand).toContain('⟨U+202E⟩');
    expect(shownCommand).toContain('touch PWNED');
    expect(shownCommand).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it('shows them in a diff too (Trojan Source)', () => {
    const diff =
      '--- a/admin.js\n+++ b/admin.js\n@@ -0,0 +1 @@\n+/*\u202e } \u2066if (isAdmin)\u2069 \u2066 begin admins only */\n';
    render(
      <CardView
        card={{
          ...commandCard,
          tool: 'write',
          args: { path: 'admin.js' },
          argv: undefined,
          path: 'admin.js',
          diff,
          baseHash: null,
        }}
        active
      />,
    );
    expect(document.querySelector('.diff')?.textContent).toContain('⟨U+202E⟩');
    expect(document.querySelector('.diff')?.textContent).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});
