import Anser from 'anser';
import { memo, useDeferredValue, useMemo, type CSSProperties } from 'react';
import { revealHiddenCharacters } from '../../../../shared/hiddenCharacters';

/**
 * How much of a long output is drawn: its last 128 KiB. A flood of colour codes drew 100,000 spans
 * and froze the window for seconds per chunk; past this (or past STYLED_PARTS_MAX colour changes)
 * the drawn part loses its colours, never its text.
 */
const DRAW_MAX_CHARS = 128 * 1024;
const STYLED_PARTS_MAX = 4_000;

/** The relative luminance (WCAG) of an `r, g, b` triple as anser gives it. */
function luminance(rgb: string): number {
  const [r, g, b] = rgb.split(',').map((part) => {
    const c = Number(part) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** The terminal's own colours, from the design tokens, as `r,g,b` (a dark background in both themes). */
function terminalColour(token: '--terminal-bg' | '--terminal-fg', fallback: string): string {
  const value =
    typeof document === 'undefined' ? '' : getComputedStyle(document.documentElement).getPropertyValue(token).trim();
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  return hex
    ? hex
        .slice(1)
        .map((h) => parseInt(h, 16))
        .join(',')
    : fallback;
}

/**
 * Whether a colour pair can be read: text the same colour as what is behind it hid a line the model
 * read from the owner (a contrast under 2:1 is drawn in the terminal's own colours instead).
 */
function readable(fg: string, bg: string): boolean {
  const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05) >= 2;
}

/**
 * Output as a terminal shows it: ANSI colours and decorations kept, whitespace kept, long lines
 * wrapped inside the row. React elements, never HTML. `raw`: exactly the characters (what the model
 * was sent), escapes and invisible characters shown as ⟨U+…⟩ rather than obeyed.
 */
export const TerminalText = memo(function TerminalText({
  text,
  label,
  raw = false,
}: {
  text: string;
  label: string;
  raw?: boolean;
}) {
  // A flood renders at the pace the window can draw, not once per chunk.
  const deferred = useDeferredValue(text);
  const drawn = deferred.length > DRAW_MAX_CHARS ? deferred.slice(-DRAW_MAX_CHARS) : deferred;
  const skipped = deferred.length - drawn.length;
  const parts = useMemo(() => (raw ? [] : Anser.ansiToJson(drawn, { remove_empty: true })), [drawn, raw]);
  const [background, foreground] = useMemo(
    () => [terminalColour('--terminal-bg', '21,23,27'), terminalColour('--terminal-fg', '223,227,232')],
    [],
  );
  const note =
    skipped > 0 ? (
      <span className="hint">
        … {skipped.toLocaleString()} earlier characters are not drawn here{'\n'}
      </span>
    ) : null;
  if (raw) {
    return (
      <pre className="terminal-text" aria-label={label} tabIndex={0}>
        {note}
        {revealHiddenCharacters(drawn)}
      </pre>
    );
  }
  if (parts.length > STYLED_PARTS_MAX) {
    return (
      <pre className="terminal-text" aria-label={label} tabIndex={0}>
        {note}
        {parts.map((part) => part.content).join('')}
      </pre>
    );
  }
  return (
    <pre className="terminal-text" aria-label={label} tabIndex={0}>
      {note}
      {parts.map((part, index) => {
        const style: CSSProperties = {};
        if ((part.fg || part.bg) && readable(part.fg || foreground, part.bg || background)) {
          if (part.fg) style.color = `rgb(${part.fg})`;
          if (part.bg) style.backgroundColor = `rgb(${part.bg})`;
        }
        if (part.decorations.includes('bold')) style.fontWeight = 700;
        if (part.decorations.includes('dim')) style.opacity = 0.7;
        if (part.decorations.includes('italic')) style.fontStyle = 'italic';
        if (part.decorations.includes('underline')) style.textDecoration = 'underline';
        return Object.keys(style).length > 0 ? (
          <span key={index} style={style}>
            {part.content}
          </span>
        ) : (
          part.content
        );
      })}
    </pre>
  );
});
