// The window's start, step by step, on the page's own timeline (Performance API marks): bench/window.ts
// reads them to say where the time to a usable first screen goes. Each step is marked once.
export type StartStep =
  | 'entry-run'
  | 'socket-open'
  | 'agents-answer'
  | 'conversations-answer'
  | 'first-answer'
  | 'screen-loaded'
  | 'react-loaded'
  | 'screen-shown';

const marked = new Set<StartStep>();

export function markStart(step: StartStep): void {
  if (marked.has(step) || typeof performance === 'undefined') return;
  marked.add(step);
  performance.mark(`paddock:${step}`);
}
