// A card's danger line when what the owner approves reads as something else than what runs: the
// call's arguments or the card's own text hold characters that change how text reads without
// showing (bidi controls, zero-width: Trojan Source), whatever the tool.
import type { CardPreview } from '../../shared/domain';
import { hasHiddenCharacters } from '../../shared/hiddenCharacters';

/** The card's danger line when a call holds characters that change how text reads without showing. */
const HIDDEN_CHARACTERS_DANGER =
  'it holds characters that change how text reads without showing (bidi controls, zero-width), shown on this card as ⟨U+…⟩: what runs or is written is the text with them';

/** Whether the arguments or what the card would show hold such characters (shared/hiddenCharacters.ts). */
function holdsHiddenCharacters(args: unknown, preview: CardPreview): boolean {
  const texts = [
    ...collectStrings(args),
    preview.path ?? '',
    preview.diff ?? '',
    preview.cwd ?? '',
    ...(preview.argv ?? []),
    ...(preview.details ?? []),
    ...(preview.hunks ?? []).flatMap((hunk) => hunk.lines),
  ];
  return texts.some(hasHiddenCharacters);
}

/** Every string inside a parsed argument object (bounded by what the schema admitted). */
function collectStrings(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collectStrings(item, into);
  return into;
}

/** The danger line for a card whose arguments or text hold hidden characters; undefined when none do. */
export function hiddenCharactersDanger(args: unknown, preview: CardPreview): string | undefined {
  return holdsHiddenCharacters(args, preview) ? HIDDEN_CHARACTERS_DANGER : undefined;
}
