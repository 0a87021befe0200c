// High-rate streams (model text, process output) arrive as many small events; applying each one to
// React state would re-render per chunk and freeze the window under a flood (STYLE: batch like Hyper).
// Items are collected and handed over once per animation frame, or after 50 ms when frames are paused
// (a hidden window), so memory is bounded by the stores' own caps rather than by the frame rate.

export interface FrameBatcher<T> {
  push(item: T): void;
  flushNow(): void;
}

export function createFrameBatcher<T>(flush: (items: T[]) => void): FrameBatcher<T> {
  let pending: T[] = [];
  let scheduled = false;
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function run(): void {
    if (frame !== null && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
    frame = null;
    timer = null;
    scheduled = false;
    const items = pending;
    pending = [];
    if (items.length > 0) flush(items);
  }

  return {
    push(item) {
      pending.push(item);
      if (scheduled) return;
      scheduled = true;
      if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(run);
      timer = setTimeout(run, 50);
    },
    flushNow: run,
  };
}
