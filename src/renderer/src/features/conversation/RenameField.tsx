import { useState, type KeyboardEvent } from 'react';

const MAX_TITLE = 200;

/** The conversation's title in place: Enter or leaving the field keeps it, Escape puts the old one back. */
export function RenameField({ title, onDone }: { title: string; onDone(title: string | null): void }) {
  const [text, setText] = useState(title);
  const finish = (): void => onDone(text.trim() === '' ? null : text.trim());

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onDone(null);
    }
  }

  return (
    <input
      autoFocus
      className="conversation-rename"
      aria-label="Conversation title"
      value={text}
      maxLength={MAX_TITLE}
      onFocus={(event) => event.target.select()}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={finish}
    />
  );
}
