import Anser from 'anser';
import { memo, useMemo, type CSSProperties } from 'react';

/** Output as a terminal shows it: ANSI colours and decorations kept, whitespace kept, long lines wrapped inside the row. React elements, never HTML. */
export const TerminalText = memo(function TerminalText({ text, label }: { text: string; label: string }) {
  const parts = useMemo(() => Anser.ansiToJson(text, { remove_empty: true }), [text]);
  return (
    <pre className="terminal-text" aria-label={label} tabIndex={0}>
      {parts.map((part, index) => {
        const style: CSSProperties = {};
        if (part.fg) style.color = `rgb(${part.fg})`;
        if (part.bg) style.backgroundColor = `rgb(${part.bg})`;
        if (part.decorations.includes('bold')) style.fontWeight = 700;
        if (part.decorations.includes('dim')) style.opacity = 0.7;
        if (part.decorations.includes('italic')) style.fontStyle = 'italic';
        if (part.decorations.includes('underline')) style.textDecoration = 'underline';
        return part.fg || part.bg || part.decorations.length > 0 ? (
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
