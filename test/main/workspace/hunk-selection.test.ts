// Per-hunk answers (issue 17): only the accepted hunks of the card's own diff are applied, to the very
// content they were computed from; a hunk that does not match the content is refused, never guessed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAcceptedHunks, hunksOf, rejectedHunksText } from '../../../src/main/workspace/hunks';

const numbered = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}\n`).join('');

describe('applyAcceptedHunks', () => {
  const before = numbered(30);
  const after = before
    .replace('line 2\n', 'line two\n')
    .replace('line 15\n', 'line fifteen\n')
    .replace('line 29\n', 'line 29\nline 29.5\n');
  const hunks = hunksOf(before, after);

  it('splits a change three screens apart into three hunks, each with an id and a header', () => {
    expect(hunks.map((hunk) => hunk.id)).toEqual(['hunk-1', 'hunk-2', 'hunk-3']);
    expect(hunks[1]).toMatchObject({ header: '@@ -12,7 +12,7 @@' });
    expect(hunks[1]!.lines).toContain('-line 15');
    expect(hunks[1]!.lines).toContain('+line fifteen');
  });

  const table: { accepted: string[]; has: string[]; lacks: string[] }[] = [
    {
      accepted: ['hunk-1', 'hunk-2', 'hunk-3'],
      has: ['line two', 'line fifteen', 'line 29.5'],
      lacks: ['line 2\n', 'line 15\n'],
    },
    { accepted: ['hunk-2'], has: ['line 2\n', 'line fifteen', 'line 29\nline 30'], lacks: ['line two', 'line 29.5'] },
    { accepted: ['hunk-1', 'hunk-3'], has: ['line two', 'line 15\n', 'line 29.5'], lacks: ['line fifteen'] },
    { accepted: [], has: ['line 2\n', 'line 15\n'], lacks: ['line two', 'line fifteen', 'line 29.5'] },
  ];
  it.each(table)('accepting $accepted applies exactly those', ({ accepted, has, lacks }) => {
    const result = applyAcceptedHunks(before, hunks, new Set(accepted));
    if (!result.ok) throw new Error(result.error);
    for (const text of has) expect(result.content).toContain(text);
    for (const text of lacks) expect(result.content).not.toContain(text);
    expect(result.rejected.map((hunk) => hunk.id)).toEqual(
      hunks.map((hunk) => hunk.id).filter((id) => !accepted.includes(id)),
    );
  });

  it('refuses when the content is not what the hunks were computed from (a stale base)', () => {
    const other = before.replace('line 14\n', 'line 14 typed by the owner\n');
    expect(applyAcceptedHunks(other, hunks, new Set(['hunk-1']))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/hunk-2 does not match/),
    });
    expect(applyAcceptedHunks(numbered(5), hunks, new Set(['hunk-1']))).toMatchObject({ ok: false });
  });

  it('keeps a missing final newline, on either side, and creates a new file from its one hunk', () => {
    const noNewline = hunksOf('a\nb', 'a\nc');
    expect(applyAcceptedHunks('a\nb', noNewline, new Set(['hunk-1']))).toMatchObject({ ok: true, content: 'a\nc' });
    const added = hunksOf('a\nb', 'a\nb\n');
    expect(applyAcceptedHunks('a\nb', added, new Set(['hunk-1']))).toMatchObject({ ok: true, content: 'a\nb\n' });
    const created = hunksOf(null, 'x\ny\n');
    expect(created).toHaveLength(1);
    expect(applyAcceptedHunks('', created, new Set(['hunk-1']))).toMatchObject({ ok: true, content: 'x\ny\n' });
  });

  it('tells the model each rejected hunk by header and lines', () => {
    const text = rejectedHunksText('f.txt', [hunks[1]!], 3);
    expect(text).toMatch(/rejected 1 of 3 hunks of the change to f.txt; they were NOT applied/);
    expect(text).toContain('hunk-2 @@ -12,7 +12,7 @@');
    expect(text).toContain('+line fifteen');
  });

  // Random files of short lines (so hunks repeat text) and random edits; crlf and missing final newlines included.
  const lineArb = fc.constantFrom('a', 'b', 'c', '', ' x', 'a\r', 'dd');
  const fileArb = fc.tuple(fc.array(lineArb, { maxLength: 40 }), fc.boolean()).map(([lines, finalNewline]) => {
    const text = lines.join('\n');
    return finalNewline && text !== '' ? `${text}\n` : text;
  });

  it('property: all accepted gives the new content, none gives the old, and any subset lies between', () => {
    fc.assert(
      fc.property(fileArb, fileArb, fc.array(fc.boolean(), { maxLength: 20 }), (before, after, picks) => {
        const hunks = hunksOf(before, after);
        const all = applyAcceptedHunks(before, hunks, new Set(hunks.map((hunk) => hunk.id)));
        expect(all).toMatchObject({ ok: true, content: after });
        expect(applyAcceptedHunks(before, hunks, new Set())).toMatchObject({ ok: true, content: before });
        const accepted = new Set(hunks.filter((_, index) => picks[index] ?? false).map((hunk) => hunk.id));
        const some = applyAcceptedHunks(before, hunks, accepted);
        if (!some.ok) throw new Error(some.error);
        // Accepting the rest on top of the partial result reaches the same new content.
        const rest = hunksOf(some.content, after);
        expect(applyAcceptedHunks(some.content, rest, new Set(rest.map((hunk) => hunk.id)))).toMatchObject({
          ok: true,
          content: after,
        });
        expect(some.rejected).toHaveLength(hunks.length - accepted.size);
      }),
      { numRuns: 400 },
    );
  });

  it('property: hunks applied to other content than their base are refused or change nothing they did not show', () => {
    fc.assert(
      fc.property(fileArb, fileArb, fileArb, (base, after, other) => {
        const hunks = hunksOf(base, after);
        const result = applyAcceptedHunks(other, hunks, new Set(hunks.map((hunk) => hunk.id)));
        // Either refused, or every old side was found verbatim in `other`: then the result only swaps shown lines.
        if (result.ok && other !== base) {
          const added = new Set(
            hunks.flatMap((hunk) => hunk.lines.filter((line) => line.startsWith('+')).map((line) => line.slice(1))),
          );
          for (const line of result.content.split('\n'))
            expect(other.split('\n').includes(line) || added.has(line) || line === '').toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
