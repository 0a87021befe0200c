// The one output coalescer (STYLE: IPC). High-rate streams — a model's tokens, a terminal, a running
// command's live output, the bus's output events — are handed on at most every ~16 ms, as Hyper
// does, so a flood never floods the window. Past the size bound a stream either goes at once
// (`flush`) or keeps only its newest items (`drop-oldest`, counting what it dropped).

export const COALESCE_MS = 16;
export const COALESCE_BYTES = 200 * 1024;

export interface Coalescer<T> {
  push(item: T): void;
  /** Hands on whatever is pending now. */
  flush(): void;
}

export interface CoalescerOptions<T> {
  flushMs?: number;
  maxSize?: number;
  sizeOf: (item: T) => number;
  overflow?: 'flush' | 'drop-oldest';
}

/** `send` gets the pending items in order and the size of those dropped since the last send. */
export function createCoalescer<T>(
  send: (items: T[], dropped: number) => void,
  options: CoalescerOptions<T>,
): Coalescer<T> {
  const { sizeOf, flushMs = COALESCE_MS, maxSize = COALESCE_BYTES, overflow = 'flush' } = options;
  let pending: T[] = [];
  let size = 0;
  let dropped = 0;
  let timer: NodeJS.Timeout | null = null;
  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (size === 0 && dropped === 0) {
      pending = [];
      return;
    }
    const items = pending;
    const lost = dropped;
    pending = [];
    size = 0;
    dropped = 0;
    send(items, lost);
  };
  return {
    push(item) {
      pending.push(item);
      size += sizeOf(item);
      if (overflow === 'flush') {
        if (size >= maxSize) return flush();
      } else {
        // Drop whole old items while the rest still reaches the bound.
        while (pending.length > 1 && size - sizeOf(pending[0]!) >= maxSize) {
          const old = sizeOf(pending.shift() as T);
          size -= old;
          dropped += old;
        }
      }
      timer ??= setTimeout(flush, flushMs);
    },
    flush,
  };
}

/** Text pushed is handed on joined: a model's tokens, a terminal's output. */
export function createTextCoalescer(
  send: (text: string) => void,
  flushMs = COALESCE_MS,
  maxChars = COALESCE_BYTES,
): Coalescer<string> {
  return createCoalescer<string>((items) => send(items.join('')), {
    flushMs,
    maxSize: maxChars,
    sizeOf: (text) => text.length,
  });
}
