// What needs the owner (issue 32 item 1): the kinds of moments a desktop notification may tell,
// and the owner's choices about them. The text itself is built from typed events (src/shared/attention.ts).

export const ATTENTION_KINDS = ['card', 'finished', 'failed', 'limit'] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export interface AttentionSettings {
  /** Desktop notifications at all (only while the window is not focused). */
  enabled: boolean;
  sound: boolean;
  kinds: Record<AttentionKind, boolean>;
}

export const DEFAULT_ATTENTION: AttentionSettings = {
  enabled: true,
  sound: true,
  kinds: { card: true, finished: true, failed: true, limit: true },
};

export const ATTENTION_KIND_WORDS: Record<AttentionKind, string> = {
  card: 'A card waits for an answer',
  finished: 'A turn finished',
  failed: 'A turn failed',
  limit: 'A turn hit a limit (spending, turns, output)',
};
