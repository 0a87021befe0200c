// Messages the owner sends while a turn works (the composer's "Send now" and "Queue"). "Send now"
// waits for the next step of the working turn and goes in front of the model there, as the
// owner's words between tool results; "Queue" waits for the turn to end and opens the next one.
// Nothing here is lost silently: what a turn leaves waiting is either sent (the turn ended as
// planned) or handed back to the composer (the owner stopped it, or it failed).
import { randomUUID } from 'node:crypto';
import type { TurnEndReason } from '../../shared/domain';
import type { StoredOwnerImage } from './ownerImages';

export type InterjectionWhen = 'now' | 'queue';

export interface Interjection {
  id: string;
  text: string;
  when: InterjectionWhen;
  /** Pictures sent with it, already stored. */
  images?: readonly StoredOwnerImage[];
}

export interface OwnerInbox {
  hold(
    conversationId: string,
    text: string,
    when: InterjectionWhen,
    images?: readonly StoredOwnerImage[],
  ): Interjection;
  /** The "Send now" messages waiting in a conversation, oldest first; taken. */
  takeNow(conversationId: string): Interjection[];
  /** Everything still waiting in a conversation, oldest first; taken. */
  takeAll(conversationId: string): Interjection[];
}

export function createOwnerInbox(): OwnerInbox {
  const waiting = new Map<string, Interjection[]>();
  const take = (conversationId: string, which: (item: Interjection) => boolean): Interjection[] => {
    const all = waiting.get(conversationId) ?? [];
    const taken = all.filter(which);
    const left = all.filter((item) => !which(item));
    if (left.length > 0) waiting.set(conversationId, left);
    else waiting.delete(conversationId);
    return taken;
  };
  return {
    hold(conversationId, text, when, images) {
      const item: Interjection = { id: randomUUID(), text, when, ...(images && images.length > 0 ? { images } : {}) };
      waiting.set(conversationId, [...(waiting.get(conversationId) ?? []), item]);
      return item;
    },
    takeNow: (conversationId) => take(conversationId, (item) => item.when === 'now'),
    takeAll: (conversationId) => take(conversationId, () => true),
  };
}

/** How a turn ended decides what its waiting messages become: sent as the next turn, or handed back (a stop, a failure, a spending limit). */
export function continuesAfter(reason: TurnEndReason): boolean {
  return reason === 'completed' || reason === 'max_tokens' || reason === 'turn_limit';
}
