// The window's shortcuts, per host. A browser tab never receives Ctrl+N or Ctrl+1…5 (the browser
// opens a window or switches tabs first), so the web host uses Alt+Shift chords it does receive.
import { hostKind } from '../../stores/host';
import { hasCommandModifier } from '../../lib/keys';

export type ShortcutAction =
  'palette' | 'search' | 'conversation.new' | 'turn.stop' | 'pane.1' | 'pane.2' | 'pane.3' | 'pane.4' | 'pane.5';

type Chord = { mod: 'command' | 'command-shift' | 'alt-shift'; code: string; label: string };

const PANE_CODES = ['Digit1', 'Digit2', 'Digit3', 'Digit4', 'Digit5'] as const;

function chords(host: 'electron' | 'web'): Record<ShortcutAction, Chord> {
  const switcher = host === 'electron' ? 'command' : 'alt-shift';
  const prefix = host === 'electron' ? 'Ctrl+' : 'Alt+Shift+';
  return {
    palette: { mod: 'command', code: 'KeyK', label: 'Ctrl+K' },
    // Find in every conversation: neither Chromium nor Electron gives Ctrl+Shift+F a meaning of its own.
    search: { mod: 'command-shift', code: 'KeyF', label: 'Ctrl+Shift+F' },
    'conversation.new': { mod: switcher, code: 'KeyN', label: `${prefix}N` },
    // Its own key, never Escape: Escape belongs to cards and dialogs, and must not throw away a turn.
    'turn.stop': { mod: 'command', code: 'Period', label: 'Ctrl+.' },
    ...(Object.fromEntries(
      PANE_CODES.map((code, index) => [`pane.${index + 1}`, { mod: switcher, code, label: `${prefix}${index + 1}` }]),
    ) as Record<'pane.1' | 'pane.2' | 'pane.3' | 'pane.4' | 'pane.5', Chord>),
  };
}

const TABLE = chords(hostKind);

/** The label the palette and the tooltips show for an action in this host. */
export function shortcutLabel(action: ShortcutAction): string {
  return TABLE[action].label;
}

/** The action a keydown asks for, or null. Keys by physical code, so Shift and layouts do not change them. */
export function shortcutFor(event: KeyboardEvent): ShortcutAction | null {
  for (const [action, chord] of Object.entries(TABLE) as [ShortcutAction, Chord][]) {
    if (event.code !== chord.code) continue;
    if (chord.mod === 'command' && hasCommandModifier(event) && !event.altKey && !event.shiftKey) return action;
    if (chord.mod === 'command-shift' && hasCommandModifier(event) && !event.altKey && event.shiftKey) return action;
    if (chord.mod === 'alt-shift' && event.altKey && event.shiftKey && !hasCommandModifier(event)) return action;
  }
  return null;
}
