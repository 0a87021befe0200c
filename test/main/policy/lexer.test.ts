// The lexer (seed 003 §5.1, SPEC §7): words and quotes only; the argv classified is the argv spawned.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lexCommand } from '../../../src/main/policy';

const argvOf = (command: string) => {
  const r = lexCommand(command);
  return r.ok ? r.argv : null;
};

describe('lexCommand', () => {
  it('splits on ASCII spaces only, any number of them', () => {
    expect(argvOf('npm test')).toEqual(['npm', 'test']);
    expect(argvOf('  grep   -n  foo  ')).toEqual(['grep', '-n', 'foo']);
  });

  it('quotes group, nothing is expanded, adjacent pieces join into one word', () => {
    expect(argvOf(`grep "a b" 'c d'`)).toEqual(['grep', 'a b', 'c d']);
    expect(argvOf(`echo a"b c"d`)).toEqual(['echo', 'ab cd']);
    expect(argvOf(`echo "it's"`)).toEqual(['echo', "it's"]);
    expect(argvOf(`echo 'say "hi"'`)).toEqual(['echo', 'say "hi"']);
    expect(argvOf(`"grep" x`)).toEqual(['grep', 'x']);
  });

  it('* and ? stay text', () => {
    expect(argvOf('ls src/*.ts a?')).toEqual(['ls', 'src/*.ts', 'a?']);
  });

  it('refuses every shell character, inside quotes too', () => {
    for (const ch of ['$', '`', '~', '|', ';', '&', '<', '>', '(', ')', '{', '}', '[', ']', '\n', '\\']) {
      for (const command of [`echo a${ch}b`, `echo '${ch}'`, `echo "${ch}"`, `${ch}`]) {
        const r = lexCommand(command);
        expect(r.ok, JSON.stringify(command)).toBe(false);
        if (!r.ok) expect(r.reason).toMatch(/^not a plain command: /);
      }
    }
  });

  it('refuses an unterminated quote, an empty word, and nothing at all', () => {
    expect(lexCommand(`echo "abc`)).toMatchObject({ ok: false, reason: expect.stringContaining('never closed') });
    expect(lexCommand(`echo 'abc`)).toMatchObject({ ok: false });
    expect(lexCommand(`grep '' b.txt`)).toMatchObject({ ok: false, reason: expect.stringContaining('empty') });
    expect(lexCommand(`grep ""`)).toMatchObject({ ok: false });
    expect(lexCommand('')).toMatchObject({ ok: false });
    expect(lexCommand('   ')).toMatchObject({ ok: false });
  });

  it('refuses every control, format, space-like and ignorable code point anywhere', () => {
    const invisible = [
      0x00,
      0x01,
      0x09,
      0x0b,
      0x0c,
      0x0d,
      0x1b,
      0x7f,
      0x85,
      0xa0,
      0xad,
      0x61c,
      0x115f,
      0x1160,
      0x180e,
      ...Array.from({ length: 0x10 }, (_, i) => 0x2000 + i),
      0x2028,
      0x2029,
      0x202a,
      0x202e,
      0x202f,
      ...Array.from({ length: 0x11 }, (_, i) => 0x205f + i),
      0x3000,
      0x3164,
      0xfe00,
      0xfe0f,
      0xfeff,
      0xffa0,
      0xfff9,
      0xe000,
      0xe0001,
      0xe0020,
      0xe007f,
      0xd800,
      0xdfff,
    ];
    for (const cp of invisible) {
      const ch = cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
      for (const command of [`grep${ch}x`, `grep "a${ch}b" f`, `grep x f${ch}`]) {
        expect(lexCommand(command).ok, `U+${cp.toString(16)}`).toBe(false);
      }
    }
  });

  it('letters of any script are text (they simply never match a listed name)', () => {
    expect(argvOf('grep é b.txt')).toEqual(['grep', 'é', 'b.txt']);
    expect(argvOf('grеp x')).toEqual(['grеp', 'x']); // Cyrillic е: lexed, then not on the list
  });

  it('property: a plain command lexes to words that rejoin to it', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9._\-\/=:,+*?@%^!#]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), (words) => {
        expect(argvOf(words.join(' '))).toEqual(words);
        expect(argvOf(words.map((w) => `'${w}'`).join('  '))).toEqual(words);
      }),
      { numRuns: 500 },
    );
  });

  it('property: inserting any shell character or invisible code point anywhere makes it not plain', () => {
    const bad = fc.constantFrom(
      '$',
      '`',
      '~',
      '|',
      ';',
      '&',
      '<',
      '>',
      '(',
      ')',
      '{',
      '}',
      '[',
      ']',
      '\n',
      '\\',
      '\t',
      '\r',
      '\u00a0',
      '\u200b',
      '\u202e',
      '\u2066',
      '\ufeff',
      '\u3000',
      '\u0000',
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), bad, fc.nat(), (base, ch, at) => {
        const i = base.length === 0 ? 0 : at % (base.length + 1);
        expect(lexCommand(base.slice(0, i) + ch + base.slice(i)).ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});
