import { useMemo, useState } from 'react';
import { useListKeys } from '../../lib/listKeys';
import { useAppStore } from '../../stores/useAppStore';
import { windowCommands } from './commands';

/** Ctrl/Cmd+K: type to filter the common actions, arrows to choose, Enter to run, Escape to close. */
export function CommandPalette() {
  const open = useAppStore((state) => state.paletteOpen);
  const setOpen = useAppStore((state) => state.setPaletteOpen);
  const [query, setQuery] = useState('');
  const commands = useMemo(() => (open ? windowCommands() : []), [open]);
  const shown = commands.filter((command) => command.title.toLowerCase().includes(query.trim().toLowerCase()));
  const { index, setIndex, onKeyDown } = useListKeys({ count: shown.length, choose: runAt, close });
  if (!open) return null;

  function close(): void {
    setOpen(false);
    setQuery('');
    setIndex(0);
  }

  function runAt(position: number): void {
    const command = shown[position];
    close();
    command?.run();
  }

  return (
    <div className="palette-backdrop" onMouseDown={close}>
      <div
        className="palette"
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        onMouseDown={(event) => event.stopPropagation()}
      >
        <input
          autoFocus
          aria-label="Command"
          role="combobox"
          aria-expanded="true"
          aria-controls="palette-list"
          aria-activedescendant={shown[index] ? `palette-${shown[index].id}` : undefined}
          placeholder="Type a command…"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setIndex(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul id="palette-list" role="listbox" aria-label="Commands">
          {shown.map((command, position) => (
            <li
              key={command.id}
              id={`palette-${command.id}`}
              role="option"
              aria-selected={position === index}
              className={position === index ? 'selected' : undefined}
              onMouseEnter={() => setIndex(position)}
              onClick={() => runAt(position)}
            >
              <span>{command.title}</span>
              {command.shortcut && <kbd>{command.shortcut}</kbd>}
            </li>
          ))}
          {shown.length === 0 && <li className="hint">No command matches.</li>}
        </ul>
      </div>
    </div>
  );
}
