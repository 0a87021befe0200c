// A command's account of its output (issue 35 §6): what it printed in all, and what of it reached
// the window live, a log and the model, recorded with the call so the row can say it from facts.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempDirs } from '../../support/tempDirs';
import { dispatchHarness } from './harness';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

describe('the output account of a run', () => {
  it('counts every byte printed, what went to the window live and what the model was sent', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'run' });
    fs.writeFileSync(h.file('flood.js'), "process.stdout.write('x'.repeat(3_000_000));\n");
    const { callId, result } = h.dispatch('run', { command: 'node flood.js' });
    const done = await result;
    expect(done).toMatchObject({ ok: true });
    const account = h.core.toolCalls.get(callId)?.outputAccount;
    expect(account).not.toBeNull();
    expect(account?.printedBytes).toBe(3_000_000);
    expect(account?.modelBytes).toBeLessThan(300 * 1024);
    expect(account?.modelBytes).toBeGreaterThan(100 * 1024);
    expect(account?.windowBytes).toBeGreaterThan(0);
    expect(account?.windowBytes).toBeLessThanOrEqual(3_000_000 + 1024);
    expect(account?.logBytes).toBeNull();
    await h.core.shutdown();
  });
});
