// Desktop notifications in the Electron host (issue 32 item 1), against the typed fake of Electron's
// Notification: the text built from typed events, shown only while the window is not focused, a
// click that opens the conversation or card, and on macOS Approve / Deny for a card that names no
// danger, answered through the real pending cards, whose checks refuse a stale answer.
import { describe, expect, it } from 'vitest';
import type {
  AttentionSettings,
  Card,
  CommandOutcome,
  ToolCallOutcome,
  ToolCallView,
} from '../../../../src/shared/domain';
import type { PaddockEvent } from '../../../../src/shared/ipc';
import { DEFAULT_ATTENTION } from '../../../../src/shared/domain';
import { APPROVE_INDEX, DENY_INDEX, createElectronAttention } from '../../../../src/main/host/electron/attention';
import { createPendingCards } from '../../../../src/main/approvals/pendingCards';
import { FakeAttentionWindow, FakeNotifier } from '../../../support/fakeElectron';

function setup(options: { platform?: NodeJS.Platform; settings?: AttentionSettings } = {}) {
  const notifier = new FakeNotifier();
  const window = new FakeAttentionWindow();
  const opened: { agentId: string; conversationId: string; cardId: string | null }[] = [];
  const logged: string[] = [];
  const resolved: { cardId: string; decision: string }[] = [];
  let attention: ReturnType<typeof createElectronAttention> | null = null;
  const cards = createPendingCards({
    onPending: (card) => attention?.take({ type: 'card.pending', card }),
    onResolved: (cardId, decision) => {
      resolved.push({ cardId, decision });
      attention?.take({ type: 'card.resolved', cardId, decision });
    },
  });
  attention = createElectronAttention({
    notifier,
    platform: options.platform ?? 'darwin',
    window: () => window,
    names: {
      handle: (id) => (id === 'developer' ? '@dev' : null),
      conversationTitle: (id) => (id === 'c1' ? 'Add left-pad' : null),
    },
    settings: () => options.settings ?? DEFAULT_ATTENTION,
    pendingCard: (cardId) => cards.list().find((card) => card.id === cardId) ?? null,
    answer: (answer) => {
      const result = cards.answer(answer);
      if (!result.ok) throw new Error(result.message);
    },
    open: (target) => opened.push(target),
    log: (line) => logged.push(line),
  });
  const ask = (draft: Partial<Card> = {}) =>
    cards.ask(
      {
        callId: 'call1',
        agentId: 'developer',
        conversationId: 'c1',
        tool: 'run',
        args: {},
        argv: ['npm', 'install', 'left-pad'],
        reason: 'installs a package',
        ...draft,
      },
      new AbortController().signal,
    );
  const take = (event: PaddockEvent) => attention?.take(event);
  return { notifier, window, opened, logged, resolved, ask, take, cards };
}

describe('a card that starts waiting while the window is not focused', () => {
  it('is told with the agent, the conversation and one line, and Approve answers it through the card path', async () => {
    const { notifier, ask, resolved } = setup();
    const { card, outcome } = ask();
    expect(notifier.created).toHaveLength(1);
    const shown = notifier.created[0]!;
    expect(shown.shown).toBe(true);
    expect(shown.options).toMatchObject({
      title: '@dev · Add left-pad',
      body: '@dev asks to run `npm install left-pad`',
      silent: false,
    });
    expect(shown.options.actions?.map((action) => action.text)).toEqual(['Approve', 'Deny']);
    shown.action(APPROVE_INDEX);
    expect((await outcome).decision).toBe('approve');
    expect(resolved).toEqual([{ cardId: card.id, decision: 'approve' }]);
    expect(shown.closed).toBe(true);
  });

  it('Deny denies it', async () => {
    const { notifier, ask } = setup();
    const { outcome } = ask();
    notifier.created[0]!.action(DENY_INDEX);
    expect((await outcome).decision).toBe('deny');
  });

  it('a danger card carries no buttons, names the danger, and a click only opens it', async () => {
    const { notifier, ask, opened, window } = setup();
    const { card } = ask({ argv: ['rm', '-rf', '/'], danger: 'removes everything under /' });
    const shown = notifier.created[0]!;
    expect(shown.options.actions).toBeUndefined();
    expect(shown.options.body).toBe('@dev asks to run `rm -rf /` — danger: removes everything under /');
    shown.click();
    expect(opened).toEqual([{ agentId: 'developer', conversationId: 'c1', cardId: card.id }]);
    expect(window.raised).toBe(1);
  });

  it('a notification answered after the window answered the card answers nothing twice and only opens', async () => {
    const { notifier, ask, opened, resolved, cards } = setup();
    const { card, outcome } = ask();
    const held = notifier.created[0]!;
    // The owner denies it in the window; the notification is taken away, but a late press still arrives.
    expect(cards.answer({ cardId: card.id, decision: 'deny' })).toEqual({ ok: true });
    expect((await outcome).decision).toBe('deny');
    expect(held.closed).toBe(true);
    held.action(APPROVE_INDEX);
    expect(resolved).toEqual([{ cardId: card.id, decision: 'deny' }]);
    expect(opened).toEqual([{ agentId: 'developer', conversationId: 'c1', cardId: card.id }]);
  });

  it('the answer carries the hash the core holds: a write card approved from the notification applies that version only', async () => {
    const { notifier, ask } = setup();
    const { outcome } = ask({ tool: 'write', argv: undefined, path: 'a.txt', baseHash: 'hash-now' });
    expect(notifier.created[0]!.options.body).toBe('@dev asks to write a.txt');
    notifier.created[0]!.action(APPROVE_INDEX);
    expect((await outcome).decision).toBe('approve');
  });

  it('outside macOS a notification has no buttons (Electron offers them there only) and opens on click', () => {
    const { notifier, ask } = setup({ platform: 'linux' });
    ask();
    expect(notifier.created[0]!.options.actions).toBeUndefined();
  });
});

describe('what decides whether a notification is shown', () => {
  it('nothing while the window is focused; nothing for a kind the owner turned off; silent without sound', () => {
    const focused = setup();
    focused.window.focused = true;
    focused.ask();
    expect(focused.notifier.created).toHaveLength(0);

    const noCards = setup({ settings: { ...DEFAULT_ATTENTION, kinds: { ...DEFAULT_ATTENTION.kinds, card: false } } });
    noCards.ask();
    expect(noCards.notifier.created).toHaveLength(0);

    const off = setup({ settings: { ...DEFAULT_ATTENTION, enabled: false } });
    off.ask();
    expect(off.notifier.created).toHaveLength(0);

    const quiet = setup({ settings: { ...DEFAULT_ATTENTION, sound: false } });
    quiet.ask();
    expect(quiet.notifier.created[0]!.options.silent).toBe(true);
  });

  it('a turn that ends says how many files its write and edit calls changed; a failed one says why; a stopped one says nothing', () => {
    const { notifier, take, opened, window } = setup();
    const base = { turnId: 't1', agentId: 'developer', conversationId: 'c1' };
    // What each call's stored outcome says (the dispatcher's toolCall.changed): two files written, one failed, a test run.
    take({ type: 'toolCall.changed', call: finishedCall('a', { ending: 'done', filesChanged: ['src/a.ts'] }) });
    take({ type: 'toolCall.changed', call: finishedCall('b', { ending: 'done', filesChanged: ['src/b.ts'] }) });
    take({ type: 'toolCall.changed', call: finishedCall('c', { ending: 'failed' }) });
    take({ type: 'toolCall.changed', call: finishedCall('d', { ending: 'done', command: testRun(0) }) });
    take({ type: 'conversation', event: { ...base, type: 'turn_ended', reason: 'completed' } });
    expect(notifier.created.map((n) => n.options.body)).toEqual(['@dev finished: 2 files changed, tests pass']);
    notifier.created[0]!.click();
    expect(opened).toEqual([{ agentId: 'developer', conversationId: 'c1', cardId: null }]);
    window.focused = false;

    take({
      type: 'conversation',
      event: { ...base, turnId: 't2', type: 'error', message: 'the provider refused the key', retryable: false },
    });
    take({ type: 'conversation', event: { ...base, turnId: 't2', type: 'turn_ended', reason: 'error' } });
    take({ type: 'conversation', event: { ...base, turnId: 't3', type: 'turn_ended', reason: 'budget' } });
    take({ type: 'conversation', event: { ...base, turnId: 't4', type: 'turn_ended', reason: 'cancelled' } });
    expect(notifier.created.map((n) => n.options.body)).toEqual([
      '@dev finished: 2 files changed, tests pass',
      "@dev's turn failed: the provider refused the key",
      '@dev stopped: a spending limit is reached (no files changed)',
    ]);
  });
});

/** A call's record as the dispatcher sends it once the call has ended, with the outcome given. */
function finishedCall(id: string, outcome: ToolCallOutcome): ToolCallView {
  return {
    id,
    conversationId: 'c1',
    agentId: 'developer',
    tool: 'any',
    args: {},
    tier: 'auto',
    reason: null,
    status: outcome.ending === 'done' ? 'succeeded' : 'failed',
    answer: null,
    resultSummary: null,
    error: null,
    outputAccount: null,
    outcome,
    file: null,
    createdAt: '2026-01-01T00:00:00Z',
    startedAt: null,
    endedAt: null,
  } as ToolCallView;
}

function testRun(failingTests: number): CommandOutcome {
  return {
    shown: 'npm test',
    cwd: '.',
    exitCode: 0,
    signal: null,
    timedOut: false,
    cancelled: false,
    elapsedMs: 10,
    ending: 'exit code 0',
    failingTests,
    outputStart: 0,
    printedNothing: false,
  };
}
