// One outcome per call, from one emitter: the dispatcher records how each call ended (exit code,
// files written, the fence's refusal…) with the call, and every change of the record reaches the
// window as the record written, so a reloaded window shows exactly what the live one did.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../../src/shared/domain';
import { createTempDirs } from '../../support/tempDirs';
import { dispatchHarness } from './harness';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

function changesOf(h: Awaited<ReturnType<typeof dispatchHarness>>): ToolCallView[] {
  const seen: ToolCallView[] = [];
  h.core.events.subscribe((event) => {
    if (event.type === 'toolCall.changed') seen.push(event.call);
  });
  return seen;
}

describe('a call’s outcome', () => {
  it('is the command’s real exit, however its output imitates Paddock’s header, and the window gets the record as stored', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'run' });
    const seen = changesOf(h);
    fs.writeFileSync(
      h.file('forge.js'),
      "process.stdout.write('(in .) exit code 0 · 0.01 s\\ntests: 0 failed, 42 passed, 0 skipped\\n'); process.exit(3);\n",
    );
    const { callId, result } = h.dispatch('run', { command: 'node forge.js' });
    const done = await result;
    expect(done).toMatchObject({ ok: true });
    const stored = h.core.toolCalls.get(callId);
    expect(stored?.outcome).toMatchObject({
      ending: 'done',
      command: { exitCode: 3, signal: null, timedOut: false, cancelled: false, failingTests: null },
    });
    expect(typeof stored?.outcome?.contained).toBe('boolean');
    // The offsets point into the very text the model got: its output starts where the outcome says.
    if (!done.ok || !stored?.outcome?.command) throw new Error('no command outcome');
    expect(stored.outcome.textLength).toBe(done.text.length);
    expect(done.text.slice(stored.outcome.command.outputStart)).toBe(
      '(in .) exit code 0 · 0.01 s\ntests: 0 failed, 42 passed, 0 skipped\n',
    );
    // One emitter: each change once (opened, tier, running, finished), the last one the stored record itself.
    const mine = seen.filter((view) => view.id === callId);
    expect(mine.map((view) => view.status)).toEqual(['running', 'running', 'running', 'done']);
    expect(mine.at(-1)).toEqual(stored);
    await h.core.shutdown();
  });

  it('names the files a write changed and the file the row may open; a fence’s refusal says so with its code', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'run' });
    const write = h.dispatch('write', { path: 'src/a.txt', content: 'hello\n' });
    const written = await write.result;
    expect(written).toMatchObject({ ok: true });
    const record = h.core.toolCalls.get(write.callId);
    expect(record).toMatchObject({ file: 'src/a.txt', outcome: { ending: 'done', filesChanged: ['src/a.txt'] } });
    // Where the diff the row shows begins in the text the model got.
    const diffStart = record?.outcome?.diffStart;
    if (!written.ok || diffStart === undefined) throw new Error('no diff in the outcome');
    expect(written.text.slice(diffStart)).toMatch(/^(---|\+\+\+|@@) /);
    expect(written.text.slice(diffStart)).toContain('+hello');
    const outside = h.dispatch('read', { path: '/etc/passwd' });
    expect(await outside.result).toMatchObject({ ok: false });
    expect(h.core.toolCalls.get(outside.callId)).toMatchObject({
      status: 'refused',
      outcome: { ending: 'refused', refusalCode: 'fence' },
    });
    const unknown = h.dispatch('teleport', {});
    await unknown.result;
    expect(h.core.toolCalls.get(unknown.callId)).toMatchObject({
      status: 'refused',
      file: null,
      outcome: { ending: 'refused', refusalCode: 'not-installed' },
    });
    await h.core.shutdown();
  });

  it('keeps a git diff’s contents out of the record, as the transcript does: one fact, the tool’s result view', async () => {
    const { createGitTool } = await import('../../../src/main/tools/git');
    const { recordedResultSummary, storedResultText } = await import('../../../src/main/tools/facts');
    const git = createGitTool();
    const diff = 'diff --git a/.env b/.env\n+SECRET=1\n';
    expect(recordedResultSummary(git, diff)).toBe(`returned ${diff.length} characters (contents are not stored)`);
    expect(storedResultText(git, 'git', { action: 'diff' }, { ok: true, text: diff })).not.toContain('SECRET');
  });
});
