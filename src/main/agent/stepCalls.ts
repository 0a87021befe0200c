// The calls of one step: read-only calls run at once, side by side; a call that may change
// something (and may wait on a card) waits for every call before it, so cards queue in call order
// and a read after a write sees the write. Results come back in call order. Which calls only read
// is each tool's own declaration (tools/types.ts CallEffects), asked by the caller.
import type { ToolResult } from '../../shared/domain';

export interface StepCall {
  id: string;
  name: string;
  args: unknown;
}

/**
 * Starts every call as early as its rule allows and returns their results in call order.
 * `run` is called at most once per call; a call never waits on a later one.
 */
export function runStepCalls<C extends Pick<StepCall, 'name' | 'args'>>(
  calls: readonly C[],
  isReadOnly: (call: C) => boolean,
  run: (call: C) => Promise<ToolResult>,
): Promise<ToolResult>[] {
  const started: Promise<ToolResult>[] = [];
  // Everything before the latest changing call must end before it starts, and it before anything after it.
  let barrier: Promise<unknown> = Promise.resolve();
  for (const call of calls) {
    if (isReadOnly(call)) {
      started.push(barrier.then(() => run(call)));
    } else {
      const before = Promise.allSettled([barrier, ...started]);
      const result = before.then(() => run(call));
      started.push(result);
      barrier = result.catch(() => undefined);
    }
  }
  return started;
}
