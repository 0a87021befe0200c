import { useEffect, useRef } from 'react';
import { isTypingTarget } from '../../lib/keys';

/** A keypress only counts once the card has been visible this long: a stray key never approves. */
export const CARD_KEY_DELAY_MS = 500;

export type CardKeyAnswer = 'approve' | 'deny';

/** The card's answer for a key, or null: y approves, n and Escape deny, Ctrl+Enter approves. */
export function cardAnswerForKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): CardKeyAnswer | null {
  if (event.altKey) return null;
  const commandKey = event.ctrlKey || event.metaKey;
  if (event.key === 'Enter' && commandKey) return 'approve';
  if (commandKey) return null;
  if (event.key === 'y' || event.key === 'Y') return 'approve';
  if (event.key === 'n' || event.key === 'N' || event.key === 'Escape') return 'deny';
  return null;
}

/**
 * The active card's keys, wherever focus is (also in the composer: its y never becomes a letter).
 * A key counts only when the card has been visible CARD_KEY_DELAY_MS, it is not an auto-repeat,
 * and, in a text field, it is not part of a burst of typing that began before the delay ran out.
 * `avoidsApprove`: a dangerous card takes no approval from a key at all, only from its button.
 */
export function useCardKeys(active: boolean, respond: (decision: CardKeyAnswer) => void, avoidsApprove: boolean): void {
  const shownAt = useRef<number | null>(null);
  const lastTypedAt = useRef(0);
  const respondRef = useRef(respond);
  respondRef.current = respond;

  useEffect(() => {
    shownAt.current = performance.now();
  }, []);

  useEffect(() => {
    if (!active) return undefined;
    function onKey(event: KeyboardEvent): void {
      const now = performance.now();
      const typing = isTypingTarget(event.target);
      const previousTyping = lastTypedAt.current;
      if (typing) lastTypedAt.current = now;
      const answer = cardAnswerForKey(event);
      if (!answer || event.repeat || event.isComposing) return;
      if (shownAt.current === null || now - shownAt.current < CARD_KEY_DELAY_MS) return;
      if (typing && now - previousTyping < CARD_KEY_DELAY_MS) return;
      if (answer === 'approve' && avoidsApprove) return;
      // Capture phase: the card hears the key before the composer turns it into a letter.
      event.preventDefault();
      event.stopPropagation();
      respondRef.current(answer);
    }
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [active, avoidsApprove]);
}
