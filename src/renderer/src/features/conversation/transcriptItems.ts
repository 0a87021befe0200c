import type { CheckpointView, MessageView, UsageTotals } from '../../../../shared/domain';
import type { LiveRetry, LiveTurn } from '../../stores/liveTurn';

/** One row of the virtualised transcript: small rows measure and scroll well. */
export type TranscriptItem =
  /** images: stored pictures (files in Paddock's files) or, before the message is stored, data: URLs. */
  | { key: string; kind: 'owner'; text: string; messageId?: number; undone?: boolean; images?: string[] }
  | { key: string; kind: 'assistant'; text: string; undone?: boolean }
  | {
      key: string;
      kind: 'call';
      callId: string;
      tool: string;
      args: unknown;
      result?: { text: string; isError: boolean };
      undone?: boolean;
      step?: string;
    }
  /** Above the calls of one step (one assistant message with two or more): their summary, which folds them. */
  | {
      key: string;
      kind: 'step';
      step: string;
      calls: { callId: string; tool: string; result?: { text: string; isError: boolean } }[];
      undone?: boolean;
    }
  /** budget: a spending limit stopped the turn here; last: it is the conversation's last stored message (Continue anyway is offered). */
  | { key: string; kind: 'notice'; text: string; undone?: boolean; budget?: boolean; last?: boolean }
  /** After a turn's (or a restore's) last message: what it changed, with its Undo. */
  | { key: string; kind: 'checkpoint'; checkpoint: CheckpointView }
  | { key: string; kind: 'error'; message: string; retryable: boolean }
  | { key: string; kind: 'thinking'; text: string; redacted: boolean }
  | { key: string; kind: 'usage'; turn: UsageTotals; conversation: UsageTotals | null }
  | { key: string; kind: 'working'; retry: LiveRetry | null }
  /** The owner's message waiting for the turn's next step or its end. */
  | { key: string; kind: 'waiting'; text: string; when: 'now' | 'queue' };

/** Usage of finished turns, by the id of the last assistant message each wrote. */
export type UsageByMessage = ReadonlyMap<number, UsageTotals>;

/** Stored messages, then what the current turn has streamed; tool results fold into their call's row. */
export function transcriptItems(
  stored: MessageView[],
  live: LiveTurn | undefined,
  usage: UsageByMessage = new Map(),
  checkpoints: readonly CheckpointView[] = [],
): TranscriptItem[] {
  // A load that lands while a turn works (the last turn's, as the next one starts at once) may hold
  // messages this turn stored: its streamed copy shows them until it settles, so they are not drawn twice.
  const after = live?.turnId != null ? live.afterMessageId : undefined;
  const messages = after === undefined ? stored : stored.filter((message) => message.id <= after);
  const results = new Map<string, { text: string; isError: boolean }>();
  for (const message of messages) {
    if (message.role === 'tool') results.set(message.callId, { text: message.text, isError: message.isError });
  }
  const items: TranscriptItem[] = [];
  const shownCalls = new Set<string>();
  const storedIds = new Set(messages.map((message) => message.id));
  const marks = checkpointMarks(checkpoints);
  let mark = 0;
  const flushMarks = (beforeId: number): void => {
    while (mark < marks.length && marks[mark]!.end <= beforeId) {
      if (marks[mark]!.shown)
        items.push({ key: `k${marks[mark]!.checkpoint.id}`, kind: 'checkpoint', checkpoint: marks[mark]!.checkpoint });
      mark++;
    }
  };
  for (const message of messages) {
    flushMarks(message.id);
    const undone = message.undone === true;
    switch (message.role) {
      case 'owner':
        items.push({
          key: `m${message.id}`,
          kind: 'owner',
          text: message.text,
          messageId: message.id,
          undone,
          ...(message.images ? { images: message.images } : {}),
        });
        break;
      case 'assistant':
        (message.thinking ?? []).forEach((block, index) =>
          items.push({
            key: `t${message.id}-${index}`,
            kind: 'thinking',
            text: block.type === 'thinking' ? block.thinking : '',
            redacted: block.type === 'redacted_thinking',
          }),
        );
        if (message.text.trim() !== '')
          items.push({ key: `m${message.id}`, kind: 'assistant', text: message.text, undone });
        {
          const step = message.toolCalls.length >= 2 ? `s${message.id}` : undefined;
          if (step) {
            const calls = message.toolCalls.map((call) => ({
              callId: call.id,
              tool: call.name,
              result: results.get(call.id),
            }));
            items.push({ key: step, kind: 'step', step, calls, undone });
          }
          for (const call of message.toolCalls) {
            shownCalls.add(call.id);
            items.push({
              key: `c${call.id}`,
              kind: 'call',
              callId: call.id,
              tool: call.name,
              args: call.args,
              result: results.get(call.id),
              undone,
              step,
            });
          }
        }
        {
          const turnUsage = usage.get(message.id);
          if (turnUsage) items.push({ key: `u${message.id}`, kind: 'usage', turn: turnUsage, conversation: null });
        }
        break;
      case 'tool':
        break;
      case 'notice':
        items.push({
          key: `m${message.id}`,
          kind: 'notice',
          text: message.text,
          undone,
          ...(message.budget
            ? { budget: true, last: message === stored[stored.length - 1] && live?.working !== true }
            : {}),
        });
        break;
    }
  }
  flushMarks(Number.POSITIVE_INFINITY);
  if (!live) return items;
  if (live.ownerText !== null)
    items.push({
      key: 'live-owner',
      kind: 'owner',
      text: live.ownerText,
      ...(live.ownerImages && live.ownerImages.length > 0 ? { images: live.ownerImages } : {}),
    });
  // The streaming turn's calls group the same way: each run of two or more calls is one step.
  const liveCalls = live.segments.map((segment) => segment.kind === 'call' && !shownCalls.has(segment.callId));
  live.segments.forEach((segment, index) => {
    if (segment.kind === 'text') items.push({ key: `live-text-${index}`, kind: 'assistant', text: segment.text });
    else if (segment.kind === 'owner') {
      if (!storedIds.has(segment.messageId))
        items.push({ key: `m${segment.messageId}`, kind: 'owner', text: segment.text, messageId: segment.messageId });
    } else if (segment.kind === 'thinking')
      items.push({ key: `live-thinking-${index}`, kind: 'thinking', text: segment.text, redacted: segment.redacted });
    else if (liveCalls[index]) {
      let first = index;
      while (first > 0 && liveCalls[first - 1]) first--;
      let end = index;
      while (end + 1 < liveCalls.length && liveCalls[end + 1]) end++;
      const step = end > first ? `live-step-${first}` : undefined;
      if (step && index === first) {
        const calls = live.segments
          .slice(first, end + 1)
          .flatMap((s) => (s.kind === 'call' ? [{ callId: s.callId, tool: s.tool }] : []));
        items.push({ key: step, kind: 'step', step, calls });
      }
      items.push({
        key: `c${segment.callId}`,
        kind: 'call',
        callId: segment.callId,
        tool: segment.tool,
        args: segment.args,
        step,
      });
    }
  });
  live.notices.forEach((text, index) => items.push({ key: `live-notice-${index}`, kind: 'notice', text }));
  if (live.error) items.push({ key: 'live-error', kind: 'error', ...live.error });
  if (live.usage && live.usage.turnId === live.turnId && live.turnId !== null) {
    items.push({ key: 'live-usage', kind: 'usage', turn: live.usage.turn, conversation: live.usage.conversation });
  }
  if (live.working) items.push({ key: 'live-working', kind: 'working', retry: live.retry ?? null });
  for (const waiting of live.working ? (live.waiting ?? []) : [])
    items.push({ key: `w${waiting.waitingId}`, kind: 'waiting', text: waiting.text, when: waiting.when });
  return items;
}

/** Each checkpoint's messages run up to the next one's first message; its row goes after them. */
function checkpointMarks(
  checkpoints: readonly CheckpointView[],
): { checkpoint: CheckpointView; end: number; shown: boolean }[] {
  const ordered = [...checkpoints].sort((a, b) => a.messagesFrom - b.messagesFrom || a.id - b.id);
  return ordered.map((checkpoint, index) => ({
    checkpoint,
    end: ordered[index + 1]?.messagesFrom ?? Number.POSITIVE_INFINITY,
    // A turn that ran nothing that could change files has nothing to undo on disk; a working one is not done.
    shown: !checkpoint.working && (checkpoint.kind === 'restore' || checkpoint.recorded),
  }));
}

/** The rows on screen: a folded step shows its summary and hides its calls. */
export function unfoldedItems(items: TranscriptItem[], folded: Readonly<Record<string, boolean>>): TranscriptItem[] {
  if (!Object.values(folded).some(Boolean)) return items;
  return items.filter((item) => !(item.kind === 'call' && item.step !== undefined && folded[item.step]));
}

/**
 * The row that shows a stored message (a search hit): its own, or for a result its call's, or for
 * an assistant message without text its step or first call. A call folded into its step lands on the step.
 */
export function itemKeyOf(
  messages: readonly MessageView[],
  items: readonly TranscriptItem[],
  messageId: number,
): string | null {
  const message = messages.find((candidate) => candidate.id === messageId);
  if (!message) return null;
  const candidates: string[] = [`m${message.id}`];
  if (message.role === 'tool') {
    candidates.unshift(`c${message.callId}`);
    const caller = messages.find(
      (candidate) => candidate.role === 'assistant' && candidate.toolCalls.some((call) => call.id === message.callId),
    );
    if (caller) candidates.push(`s${caller.id}`);
  } else if (message.role === 'assistant') {
    candidates.push(`s${message.id}`, ...message.toolCalls.map((call) => `c${call.id}`), `t${message.id}-0`);
  }
  const keys = new Set(items.map((item) => item.key));
  return candidates.find((key) => keys.has(key)) ?? null;
}
