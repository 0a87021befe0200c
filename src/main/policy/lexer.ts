// The one lexer (seed 003 §5.1, SPEC §7). There is no shell: the argv this returns is exactly the
// argv the run tool spawns, so what was classified is what runs — nothing re-splits it later.
//
// "Plain" means words and quotes only:
// - any character a shell reads as more than text ($ ` ~ | ; & < > ( ) { } [ ], newline, backslash)
//   makes the command not plain, inside quotes too: the rule is about the characters, not about
//   what a particular shell would do with them;
// - only the ASCII space separates words. A tab, CR, any other control character, any Unicode space,
//   line/paragraph separator, format character (zero-width, bidi controls, BOM, tags), surrogate,
//   private-use or unassigned code point, or any default-ignorable code point anywhere makes the
//   command not plain: those are how other parsers were shown one command and ran another;
// - so does a non-ASCII quotation mark, or a character NFKC turns into shell syntax (`；` `｜` `＄`
//   `;` (U+037E)): what the owner reads on the card must be what the words are;
// - so does a command longer than MAX_COMMAND_LENGTH, which no card shows whole;
// - single and double quotes group, nothing is expanded, and adjacent pieces join into one word
//   (`a"b c"d` is the one word `ab cd`);
// - an empty word (`''` or `""`) is refused: it cannot be told apart on a card, and several of the
//   listed programs read an empty operand as "the current directory" or "match everything";
// - an unterminated quote is refused rather than guessed at.
// `*` and `?` stay text: nothing expands them, so a glob reaches the program as the characters it is.

export type LexResult = { ok: true; argv: string[] } | { ok: false; reason: string };

const SHELL_CHARACTERS: Record<string, string> = {
  $: '`$` expands variables in a shell',
  '`': 'a backtick runs a command in a shell',
  '~': '`~` names a home directory in a shell',
  '|': '`|` is a pipe',
  ';': '`;` separates commands',
  '&': '`&` runs or chains commands',
  '<': '`<` is shell syntax',
  '>': '`>` is shell syntax',
  '(': '`(` is shell syntax',
  ')': '`)` is shell syntax',
  '{': '`{` is shell syntax',
  '}': '`}` is shell syntax',
  '[': '`[` is shell syntax',
  ']': '`]` is shell syntax',
  '\\': 'a backslash escapes characters in a shell',
  '\n': 'a newline separates commands',
};

/**
 * Every code point other than the ASCII space that could be invisible, separate words for some
 * reader, or reorder what the owner sees: categories C* (Cc, Cf, Cs, Co, Cn) and Z* (Zs, Zl, Zp),
 * Unicode White_Space, and Default_Ignorable_Code_Point (Hangul fillers, variation selectors, …).
 */
const INVISIBLE = /[\p{C}\p{Z}\p{White_Space}\p{Default_Ignorable_Code_Point}]/u;

/**
 * Quotation marks other than the ASCII two (“ ” ‘ ’ „ « » ‹ › ＂ ʼ ′ 〝 …): the owner reads `cat “a b”`
 * on a card as one quoted word, and the program is given two words with the marks inside them.
 */
const QUOTE_LIKE =
  /[\p{Pi}\p{Pf}\u201a\u201e\u2032-\u2037\u02b9-\u02bc\u02c8\u02ee\u00b4\u301d-\u301f\uff02\uff07\ua78c\u05f3\u05f4]/u;

/** The ASCII characters a reader (or a layer that normalises with NFKC) would take for syntax. */
const SYNTAX = /[$`~|;&<>(){}[\]\\'"\n]/;

/** Longer than a card can show whole, or an owner can read: such a command is not plain. */
export const MAX_COMMAND_LENGTH = 4096;

function describeCodePoint(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  const hex = cp.toString(16).toUpperCase().padStart(4, '0');
  if (ch === '\t') return 'a tab (U+0009)';
  if (ch === '\r') return 'a carriage return (U+000D)';
  return `the invisible or control character U+${hex}`;
}

function notPlain(detail: string): LexResult {
  return { ok: false, reason: `not a plain command: ${detail}; only words, quotes and spaces run without a card.` };
}

/** A non-ASCII character that reads as a quote, or that NFKC turns into shell syntax (`；` → `;`). */
function confusable(ch: string): boolean {
  return QUOTE_LIKE.test(ch) || SYNTAX.test(ch.normalize('NFKC'));
}

export function lexCommand(command: string): LexResult {
  if (command.length > MAX_COMMAND_LENGTH) {
    return notPlain(
      `it is ${command.length} characters long, more than the ${MAX_COMMAND_LENGTH} a card can show whole`,
    );
  }
  const argv: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '' | "'" | '"' = '';
  // Iterate by code point so a surrogate pair is one character and a lone surrogate is seen as one.
  for (const ch of command) {
    const shell = SHELL_CHARACTERS[ch];
    if (shell !== undefined) return notPlain(shell);
    const code = ch.charCodeAt(0);
    // Printable ASCII is never invisible; everything else is checked against the Unicode classes.
    if ((code < 0x21 || code > 0x7e) && ch !== ' ' && INVISIBLE.test(ch)) {
      return notPlain(`${describeCodePoint(ch)} is not an ordinary space or letter`);
    }
    if (code > 0x7e && confusable(ch)) {
      const hex = (ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
      return notPlain(`${ch} (U+${hex}) reads as a quote or as shell syntax, and is neither here`);
    }
    if (quote !== '') {
      if (ch === quote) quote = '';
      else word += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
      continue;
    }
    if (ch === ' ') {
      if (inWord) {
        if (word === '') return notPlain('an empty quoted word (`\'\'` or `""`) is not a word');
        argv.push(word);
      }
      word = '';
      inWord = false;
      continue;
    }
    word += ch;
    inWord = true;
  }
  if (quote !== '') return notPlain(`the quote ${quote} is never closed`);
  if (inWord) {
    if (word === '') return notPlain('an empty quoted word (`\'\'` or `""`) is not a word');
    argv.push(word);
  }
  if (argv.length === 0) return notPlain('there is no command');
  return { ok: true, argv };
}

/** Whether a command could be remembered on a card: only a plain command has one argv to match. */
export function isPlainCommand(command: string): boolean {
  return lexCommand(command).ok;
}
