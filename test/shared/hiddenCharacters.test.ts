// What the owner reads on a card is what runs: characters that change how text reads without being
// seen are shown as markers (a reviewer made a bash card read `echo "…hello"` while it ran `touch`).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters, revealHiddenCharacters } from '../../src/shared/hiddenCharacters';

describe('hidden characters', () => {
  it.each([
    [
      'echo \u202e\u2066"\u2069\u2066hello\u2069\u2066"; touch PWNED #\u2069\u202c',
      'echo ⟨U+202E⟩⟨U+2066⟩"⟨U+2069⟩⟨U+2066⟩hello⟨U+2069⟩⟨U+2066⟩"; touch PWNED #⟨U+2069⟩⟨U+202C⟩',
    ],
    ['rm\u200b -rf', 'rm⟨U+200B⟩ -rf'],
    ['is\u200dAdmin', 'is⟨U+200D⟩Admin'],
    ['a\ufe0f', 'a⟨U+FE0F⟩'],
    ['a\u00adb\ufeffc', 'a⟨U+00AD⟩b⟨U+FEFF⟩c'],
    ['x\ry', 'x⟨U+000D⟩y'],
    ['tag\u{e0041}', 'tag⟨U+E0041⟩'],
    ['line\u2028sep', 'line⟨U+2028⟩sep'],
  ])('marks %j', (text, shown) => {
    expect(hasHiddenCharacters(text)).toBe(true);
    expect(revealHiddenCharacters(text)).toBe(shown);
  });

  it('leaves ordinary text, newlines, tabs and other scripts as they are', () => {
    for (const text of [
      'npm test',
      'a\nb\tc',
      'café naïve',
      '日本語',
      'שלום',
      'emoji 😀',
      'love ❤️',
      'warn ⚠️ now',
      'coder 👩‍💻',
      'family 👨‍👩‍👧',
    ]) {
      expect(hasHiddenCharacters(text), text).toBe(false);
      expect(revealHiddenCharacters(text)).toBe(text);
    }
  });

  it('never leaves a bidi control or zero-width character in what it shows', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        (text) => !/[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u061c\ufeff]/.test(revealHiddenCharacters(text)),
      ),
    );
  });
});
