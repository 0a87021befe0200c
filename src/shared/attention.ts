// What a desktop notification says (issue 32 item 1), built from the core's typed events only, never
// from parsing text: a card that starts waiting, a turn that ends, fails or hits a limit. Both
// hosts use it: the window under `paddock serve` (Web Notifications) and the Electron host (its
// own Notification). Plain TypeScript: no DOM, no Node.
import type { AttentionKind, Card, TurnEndReason } from './domain';
import type { PaddockEvent } from './ipc/events';

export interface AttentionNote {
  kind: AttentionKind;
  /** "@dev · Fix the login test": the agent and the conversation. */
  title: string;
  /** One line: "@dev asks to run `npm install left-pad`". */
  body: string;
  agentId: string;
  conversationId: string;
  /** The card to open (and answer, when `answerable`). */
  cardId: string | null;
  /** A card that names no danger may be approved or denied from the notification; a danger card only opens. */
  answerable: boolean;
  /** Replaces an earlier notification of the same card or conversation. */
  tag: string;
}

export interface AttentionNames {
  handle(agentId: string): string | null;
  conversationTitle(conversationId: string): string | null;
}

const LINE = 140;
const clip = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > LINE ? `${line.slice(0, LINE - 1)}…` : line;
};

/** What the card asks for, in one line, from its typed fields. */
export function cardLine(handle: string, card: Pick<Card, 'tool' | 'args' | 'argv' | 'path' | 'danger'>): string {
  const args = (card.args ?? {}) as Record<string, unknown>;
  let asks: string;
  if (card.argv && card.argv.length > 0) asks = `run \`${card.argv.join(' ')}\``;
  else if (typeof args.command === 'string') asks = `run \`${args.command}\``;
  // A card about a file names the tool as the verb ("write src/a.ts", "edit src/b.ts").
  else if (card.path) asks = `${card.tool} ${card.path}`;
  else asks = `use ${card.tool}`;
  const line = `${handle} asks to ${asks}`;
  return clip(card.danger ? `${line} — danger: ${card.danger}` : line);
}

function endLine(
  handle: string,
  reason: TurnEndReason,
  filesChanged: number,
  failedMessage: string | null,
  failingTests: number | null,
): { kind: AttentionKind; body: string } | null {
  const changed =
    filesChanged === 0 ? 'no files changed' : `${filesChanged} ${filesChanged === 1 ? 'file' : 'files'} changed`;
  const testWords =
    failingTests === null
      ? ''
      : failingTests > 0
        ? `, ${failingTests} ${failingTests === 1 ? 'test fails' : 'tests fail'}`
        : ', tests pass';
  const files = `${changed}${testWords}`;
  switch (reason) {
    case 'completed':
      return { kind: 'finished', body: `${handle} finished: ${files}` };
    case 'error':
      return { kind: 'failed', body: clip(`${handle}'s turn failed: ${failedMessage ?? 'see the conversation'}`) };
    case 'budget':
      return { kind: 'limit', body: `${handle} stopped: a spending limit is reached (${files})` };
    case 'turn_limit':
      return { kind: 'limit', body: `${handle} stopped at the turn limit (${files})` };
    case 'max_tokens':
      return { kind: 'limit', body: `${handle} stopped at the output bound (${files})` };
    case 'cancelled':
    case 'refused':
      // The owner stopped it, or it never started: nothing to be told about.
      return null;
  }
}

/**
 * Follows the event stream and returns a note for each moment worth telling. It keeps, per working
 * conversation, the files its calls' outcomes say they changed, the failing tests of its last test
 * run and the last error it reported: all from the calls' stored outcomes, never from their text.
 */
export function createAttentionWatch(names: AttentionNames) {
  const turns = new Map<string, { files: Set<string>; error: string | null; failingTests: number | null }>();
  const turnOf = (conversationId: string) => {
    let turn = turns.get(conversationId);
    if (!turn) {
      turn = { files: new Set(), error: null, failingTests: null };
      turns.set(conversationId, turn);
      if (turns.size > 100) turns.delete(turns.keys().next().value as string);
    }
    return turn;
  };
  const titleOf = (handle: string, conversationId: string): string => {
    const title = names.conversationTitle(conversationId);
    return title ? `${handle} · ${clip(title)}` : handle;
  };

  return {
    take(event: PaddockEvent): AttentionNote | null {
      if (event.type === 'card.pending') {
        const card = event.card;
        const handle = names.handle(card.agentId) ?? 'an agent';
        return {
          kind: 'card',
          title: titleOf(handle, card.conversationId),
          body: cardLine(handle, card),
          agentId: card.agentId,
          conversationId: card.conversationId,
          cardId: card.id,
          answerable: !card.danger,
          tag: `card-${card.id}`,
        };
      }
      if (event.type === 'toolCall.changed') {
        const outcome = event.call.outcome;
        if (!outcome) return null;
        const turn = turnOf(event.call.conversationId);
        for (const file of outcome.filesChanged ?? []) turn.files.add(file);
        // The turn's last test run is the one its end reports.
        const failing = outcome.command?.failingTests;
        if (failing !== undefined && failing !== null) turn.failingTests = failing;
        return null;
      }
      if (event.type !== 'conversation') return null;
      const agentEvent = event.event;
      switch (agentEvent.type) {
        case 'turn_started':
          turns.delete(agentEvent.conversationId);
          return null;
        case 'error':
          turnOf(agentEvent.conversationId).error = agentEvent.message;
          return null;
        case 'turn_ended': {
          const turn = turnOf(agentEvent.conversationId);
          turns.delete(agentEvent.conversationId);
          const handle = names.handle(agentEvent.agentId) ?? 'an agent';
          const line = endLine(handle, agentEvent.reason, turn.files.size, turn.error, turn.failingTests);
          if (!line) return null;
          return {
            ...line,
            title: titleOf(handle, agentEvent.conversationId),
            agentId: agentEvent.agentId,
            conversationId: agentEvent.conversationId,
            cardId: null,
            answerable: false,
            tag: `turn-${agentEvent.conversationId}`,
          };
        }
        default:
          return null;
      }
    },
  };
}

export type AttentionWatch = ReturnType<typeof createAttentionWatch>;
