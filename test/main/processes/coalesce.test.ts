// One output coalescer (issue 15): the model's tokens, the terminal, a command's live output and the
// bus's output events all go through processes/coalesce.ts. Flushed by hand: no timing is asserted.
import { describe, expect, it } from 'vitest';
import { createCoalescer, createTextCoalescer } from '../../../src/main/processes/coalesce';
import { LiveStream } from '../../../src/main/processes/live';
import { createEventBus } from '../../../src/main/events';
import type { PaddockEvent } from '../../../src/shared/ipc';

const LONG = 60_000;

describe('the coalescer', () => {
  it('joins text and sends at once past the bound', () => {
    const sent: string[] = [];
    const text = createTextCoalescer((chunk) => sent.push(chunk), LONG, 5);
    text.push('ab');
    text.push('c');
    expect(sent).toEqual([]);
    text.push('de');
    expect(sent).toEqual(['abcde']);
    text.flush();
    expect(sent).toEqual(['abcde']);
  });

  it('keeps only the newest items past the bound and says how much it dropped', () => {
    const sent: [string[], number][] = [];
    const c = createCoalescer<string>((items, dropped) => sent.push([items, dropped]), {
      flushMs: LONG,
      maxSize: 4,
      sizeOf: (s) => s.length,
      overflow: 'drop-oldest',
    });
    for (const item of ['aaa', 'bb', 'cccc', 'd']) c.push(item);
    c.flush();
    expect(sent).toEqual([[['cccc', 'd'], 5]]);
  });

  it('live output says what it did not show', () => {
    const seen: string[] = [];
    const live = new LiveStream((text) => seen.push(text), LONG, 4);
    live.push(Buffer.from('0123'));
    live.push(Buffer.from('4567'));
    live.push(Buffer.from('89'));
    live.end();
    expect(seen.join('')).toContain('not shown live');
    expect(seen.join('').endsWith('6789')).toBe(true);
  });

  it('the bus delivers each call’s output joined, before any other event', () => {
    const bus = createEventBus();
    const got: PaddockEvent[] = [];
    bus.subscribe((event) => got.push(event));
    bus.emit({ type: 'toolCall.output', callId: 'a', chunk: '1' });
    bus.emit({ type: 'toolCall.output', callId: 'b', chunk: 'x' });
    bus.emit({ type: 'toolCall.output', callId: 'a', chunk: '2' });
    bus.emit({ type: 'agents.changed' });
    expect(got).toEqual([
      { type: 'toolCall.output', callId: 'a', chunk: '12' },
      { type: 'toolCall.output', callId: 'b', chunk: 'x' },
      { type: 'agents.changed' },
    ]);
  });
});
