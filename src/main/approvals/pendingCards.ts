// Pending approval cards (SPEC §5). The core asked the question, so the core decides which answers
// count: an answer for a card that is not pending, or for another hash, is refused.
import { randomUUID } from 'node:crypto';
import type { Card, CardAnswer } from '../../shared/domain';

export type CardOutcome =
  | { decision: 'approve'; remember?: CardAnswer['remember']; choice?: CardAnswer['choice']; acceptedHunks?: string[] }
  | { decision: 'deny' }
  | { decision: 'cancelled'; why: string };

export type AnswerRefusal = {
  ok: false;
  code:
    | 'card-not-pending'
    | 'card-hash-mismatch'
    | 'card-not-rememberable'
    | 'card-choice-not-offered'
    | 'card-hunk-not-offered'
    | 'card-no-hunk-accepted';
  message: string;
};

/** A per-hunk answer names only hunks this card offered, each once, and at least one (none is a Deny). */
function hunksRefusal(card: Card, accepted: readonly string[]): AnswerRefusal | null {
  const offered = new Set((card.hunks ?? []).map((hunk) => hunk.id));
  if (offered.size === 0)
    return { ok: false, code: 'card-hunk-not-offered', message: 'refused: this card does not offer per-hunk answers' };
  const seen = new Set<string>();
  for (const id of accepted) {
    if (!offered.has(id) || seen.has(id)) {
      return {
        ok: false,
        code: 'card-hunk-not-offered',
        message: `refused: this card offers no hunk "${id.slice(0, 32)}" (or names it twice)`,
      };
    }
    seen.add(id);
  }
  if (seen.size === 0)
    return {
      ok: false,
      code: 'card-no-hunk-accepted',
      message: 'refused: no hunk was accepted; deny the card instead',
    };
  return null;
}

interface Waiting {
  card: Card;
  resolve(outcome: CardOutcome): void;
}

export interface PendingCardsEvents {
  onPending(card: Card): void;
  onResolved(cardId: string, outcome: CardOutcome['decision']): void;
}

export function createPendingCards(events: PendingCardsEvents) {
  const waiting = new Map<string, Waiting>();

  function settle(cardId: string, outcome: CardOutcome): void {
    const entry = waiting.get(cardId);
    if (!entry) return;
    waiting.delete(cardId);
    entry.resolve(outcome);
    events.onResolved(cardId, outcome.decision);
  }

  return {
    /** Opens a card and waits for the owner. An abort (turn cancelled) settles it as cancelled. */
    ask(draft: Omit<Card, 'id' | 'createdAt'>, signal: AbortSignal): { card: Card; outcome: Promise<CardOutcome> } {
      const card: Card = { ...draft, id: randomUUID(), createdAt: new Date().toISOString() };
      const outcome = new Promise<CardOutcome>((resolve) => {
        waiting.set(card.id, { card, resolve });
      });
      if (signal.aborted) settle(card.id, { decision: 'cancelled', why: 'the turn was cancelled' });
      else {
        signal.addEventListener(
          'abort',
          () => settle(card.id, { decision: 'cancelled', why: 'the turn was cancelled' }),
          {
            once: true,
          },
        );
        events.onPending(card);
      }
      return { card, outcome };
    },

    answer(answer: CardAnswer): { ok: true } | AnswerRefusal {
      const entry = waiting.get(answer.cardId);
      if (!entry) {
        return { ok: false, code: 'card-not-pending', message: 'refused: that card is not waiting for an answer' };
      }
      const { card } = entry;
      // A card with a diff is answered for its hash (null: a new file); a card without one (a command)
      // is answered without a hash: an answer that brings one was computed for some other question.
      const hashMatches =
        card.baseHash === undefined ? answer.baseHash === undefined : answer.baseHash === card.baseHash;
      if (answer.decision === 'approve' && !hashMatches) {
        return {
          ok: false,
          code: 'card-hash-mismatch',
          message: 'refused: the answer was for a different version of this diff',
        };
      }
      if (answer.decision === 'approve' && answer.remember) {
        const offered = card.rememberChoices?.some((choice) => choice.kind === answer.remember) ?? false;
        if (!offered) {
          return {
            ok: false,
            code: 'card-not-rememberable',
            message: 'refused: this card does not offer that "remember" choice',
          };
        }
      }
      if (answer.decision === 'approve' && answer.choice) {
        const offered = card.choices?.some((choice) => choice.kind === answer.choice) ?? false;
        if (!offered) {
          return {
            ok: false,
            code: 'card-choice-not-offered',
            message: 'refused: this card does not offer that choice',
          };
        }
      }
      if (answer.decision === 'approve' && answer.acceptedHunks !== undefined) {
        const refused = hunksRefusal(card, answer.acceptedHunks);
        if (refused) return refused;
      }
      // Every hunk accepted is the whole change: the outcome then carries no selection.
      const partial = answer.acceptedHunks !== undefined && answer.acceptedHunks.length < (card.hunks?.length ?? 0);
      settle(
        card.id,
        answer.decision === 'approve'
          ? {
              decision: 'approve',
              remember: answer.remember,
              ...(answer.choice ? { choice: answer.choice } : {}),
              ...(partial ? { acceptedHunks: [...(answer.acceptedHunks ?? [])] } : {}),
            }
          : { decision: 'deny' },
      );
      return { ok: true };
    },

    list(): Card[] {
      return [...waiting.values()].map((entry) => entry.card);
    },

    /** Paddock is quitting: every waiting card is settled, recorded as unanswered by its caller. */
    cancelAll(why: string): void {
      for (const id of [...waiting.keys()]) settle(id, { decision: 'cancelled', why });
    },
  };
}

export type PendingCards = ReturnType<typeof createPendingCards>;
