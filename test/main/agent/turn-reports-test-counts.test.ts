// A turn's end notification says "tests pass" from data, never from text (issue 32 item 1): the run
// tool hands a test runner's counts as `data.tests`, and the loop carries them on the call's
// finished event.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/main/agent/events';
import { testCountsOf } from '../../../src/main/tools/run';
import { startFakeModelServer } from '../../support/fakeModelServer';
import { createCore, createFakeDispatcher } from './harness';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

describe('test counts as data', () => {
  it("the run tool reads a runner's own summary into counts, and nothing from a command that is no test run", () => {
    const vitest = ' Test Files  1 failed | 2 passed (3)\n      Tests  2 failed | 5 passed (7)\n';
    expect(testCountsOf(['npx', 'vitest', 'run'], vitest)).toEqual({ failed: 2, passed: 5, skipped: 0 });
    expect(testCountsOf(['echo', 'Tests  2 failed | 5 passed (7)'], 'Tests  2 failed | 5 passed (7)\n')).toBeNull();
  });

  it('the loop puts the counts a tool gave on its finished event', async () => {
    const server = await startFakeModelServer([{ toolCalls: [{ name: 'run', args: { command: 'npm test' } }] }, { text: 'done' }]);
    const dispatcher = createFakeDispatcher({ run: () => ({ ok: true, text: 'exit 0', data: { tests: { failed: 0, passed: 12, skipped: 1 } } }) });
    const core = createCore({ provider: 'anthropic', baseUrl: server.url, dispatcher });
    cleanups.push(() => server.close(), () => core.close());
    const turnId = core.runner.startTurn({ agentId: core.agent.id, conversationId: core.conversationId, text: 'run the tests' });
    expect(await core.runner.settled(turnId)).toBe('completed');
    const finished = core.events.find((e): e is Extract<AgentEvent, { type: 'tool_call_finished' }> => e.type === 'tool_call_finished');
    expect(finished?.tests).toEqual({ failed: 0, passed: 12 });
  });
});
