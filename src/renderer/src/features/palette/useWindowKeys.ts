import { useEffect } from 'react';
import { useAppStore } from '../../stores/useAppStore';
import { useSearchStore } from '../../stores/useSearchStore';
import { PANE_TABS, useSidePaneStore } from '../../stores/useSidePaneStore';
import { newConversation, stopTurn } from './commands';
import { shortcutFor } from './shortcuts';

/** The window's shortcuts (shortcuts.ts). Card answers live on the card (useCardKeys), with its 500 ms delay. */
export function useWindowKeys(): void {
  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      switch (action) {
        case 'palette':
          useAppStore.getState().setPaletteOpen(!useAppStore.getState().paletteOpen);
          return;
        case 'search':
          useAppStore.getState().setPaletteOpen(false);
          useSearchStore.getState().setOpen(!useSearchStore.getState().open);
          return;
        case 'conversation.new':
          newConversation();
          return;
        case 'turn.stop':
          stopTurn();
          return;
        case 'pane.1':
        case 'pane.2':
        case 'pane.3':
        case 'pane.4':
        case 'pane.5': {
          const tab = PANE_TABS[Number(action.slice(5)) - 1];
          if (tab) useSidePaneStore.getState().setTab(tab);
          return;
        }
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
