// Token deltas are batched before they reach the window (STYLE: ~16 ms, as Hyper batches terminal
// output), so a fast model cannot flood the renderer with one message per token.
export interface TextBatcher {
  push(text: string): void;
  /** Sends whatever is pending now (before a tool call starts, and when the turn ends). */
  flush(): void;
}

export function createTextBatcher(send: (text: string) => void, intervalMs = 16, maxChars = 200_000): TextBatcher {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  const flush = (): void => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (pending.length === 0) return;
    const text = pending;
    pending = '';
    send(text);
  };
  return {
    push(text) {
      pending += text;
      if (pending.length >= maxChars) flush();
      else if (!timer) timer = setTimeout(flush, intervalMs);
    },
    flush,
  };
}
