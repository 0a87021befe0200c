/** Live output kept in memory per tool call: the tail wins, the head is dropped and counted. */
export const OUTPUT_CAP_CHARS = 2 * 1024 * 1024;

export interface CappedText {
  text: string;
  dropped: number;
}

export const EMPTY_CAPPED: CappedText = { text: '', dropped: 0 };

/** Appends and keeps the last `cap` characters, so a 50 MB flood costs at most `cap` in the window. */
export function appendCapped(current: CappedText, chunk: string, cap = OUTPUT_CAP_CHARS): CappedText {
  const joined = current.text + chunk;
  if (joined.length <= cap) return { text: joined, dropped: current.dropped };
  const cut = joined.length - cap;
  return { text: joined.slice(cut), dropped: current.dropped + cut };
}

/** A sentence for the dropped head, or null when nothing was dropped. */
export function droppedSentence(dropped: number): string | null {
  if (dropped === 0) return null;
  const megabytes = dropped / (1024 * 1024);
  const amount = megabytes >= 1 ? `${megabytes.toFixed(1)} MB` : `${Math.ceil(dropped / 1024)} KB`;
  return `… ${amount} of earlier output not kept in the window`;
}
