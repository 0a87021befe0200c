// Characters that change how text reads without being seen (SPEC §5: the card the owner reads says
// exactly what runs): bidi controls (Trojan Source), zero-width and other default-ignorable code
// points, format and control characters, unassigned and private-use code points, line and paragraph
// separators. A newline and a tab show themselves, so they stay. Pure: the window shows each one as
// a visible marker wherever text of the model's or of a file reaches an approval card.

const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

/** A zero-width joiner or an emoji variation selector inside an emoji sequence (`❤️`, `👩‍💻`) is how it is drawn, not hidden. */
const EMOJI_JOINERS = new Set(['\u200d', '\ufe0e', '\ufe0f']);
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Emoji_Component}/u;

/** The character that ends just before index `at` (a surrogate pair read whole). */
function charBefore(text: string, at: number): string {
  if (at <= 0) return '';
  const low = text.charCodeAt(at - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : at - 1;
  return String.fromCodePoint(text.codePointAt(start) ?? 0);
}

function isShown(char: string, text: string, at: number): boolean {
  if (char === '\n' || char === '\t') return true;
  if (!EMOJI_JOINERS.has(char)) return false;
  const before = charBefore(text, at);
  return (before.codePointAt(0) ?? 0) > 0x7f && PICTOGRAPH.test(before);
}

/** The code point as the marker shows it: `U+202E`. */
export function codePointName(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Whether `text` holds a character that changes how it reads without being seen. */
export function hasHiddenCharacters(text: string): boolean {
  if (!HIDDEN.test(text)) return false;
  for (const match of text.matchAll(HIDDEN_ALL)) if (!isShown(match[0], text, match.index)) return true;
  return false;
}

/** `text` with each such character replaced by a visible `⟨U+202E⟩`. */
export function revealHiddenCharacters(text: string): string {
  if (!HIDDEN.test(text)) return text;
  return text.replace(HIDDEN_ALL, (char: string, at: number) =>
    isShown(char, text, at) ? char : `⟨${codePointName(char)}⟩`,
  );
}
