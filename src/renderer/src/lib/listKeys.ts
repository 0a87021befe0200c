import { useState, type KeyboardEvent } from 'react';

export interface ListKeys {
  /** The option the keyboard is on. */
  index: number;
  setIndex(index: number): void;
  /** For the text box above the list. */
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
}

/**
 * The keyboard of a list under a text box (the command palette, the search dialog): ↓ and ↑ move
 * within the `count` options, Enter chooses the one the keyboard is on, Escape closes and goes no
 * further (the window's own Escape does not see it). `choose` and `close` are read at the key press.
 */
export function useListKeys(options: { count: number; choose(index: number): void; close(): void }): ListKeys {
  const [index, setIndex] = useState(0);
  function onKeyDown(event: KeyboardEvent<HTMLElement>): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      options.close();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setIndex(Math.min(options.count - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setIndex(Math.max(0, index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      options.choose(index);
    }
  }
  return { index, setIndex, onKeyDown };
}
