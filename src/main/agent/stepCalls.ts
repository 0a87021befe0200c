// The calls of one step (issue 16): read-only calls run at once, side by side; a call that may
// change something (and may wait on a card) waits for every call before it, so cards queue in call
// order and a read after a write sees the write. Results come back in call order.
import type { ToolResult } from '../../shared/domain';

export interface StepCall {
  id: string;
  name: string;
  args: unknown;
}

/** Tools that only observe: they never change the workspace, a process or the owner's state. */
const READ_ONLY_TOOLS: ReadonlySet<string> = new Set(['read', 'list', 'search', 'output', 'summarise']);
const READ_ONLY_GIT_ACTIONS: ReadonlySet<string> = new Set(['status', 'diff', 'log']);

export function isReadOnlyCall(call: Pick<StepCall, 'name' | 'args'>): boolean {
  if (READ_ONLY_TOOLS.has(call.name)) return true;
  if (call.name === 'git') {
    const action = (call.args as { action?: unknown } | null)?.action;
    return typeof action === 'string' && READ_ONLY_GIT_ACTIONS.has(action);
  }
  return false;
}

/**
 * Starts every call as early as its rule allows and returns their results in call order.
 * `run` is called at most once per call; a call never waits on a later one.
 */
export function runStepCalls<C extends Pick<StepCall, 'name' | 'args'>>(calls: readonly C[], run: (call: C) => Promise<ToolResult>): Promise<ToolResult>[] {
  const started: Promise<ToolResult>[] = [];
  // Everything before the latest changing call must end before it starts, and it before anything after it.
  let barrier: Promise<unknown> = Promise.resolve();
  for (const call of calls) {
    if (isReadOnlyCall(call)) {
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
