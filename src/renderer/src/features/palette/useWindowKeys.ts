import { useEffect } from 'react';
import { hasCommandModifier } from '../../lib/keys';
import { useAppStore } from '../../stores/useAppStore';
import { PANE_TABS, useSidePaneStore } from '../../stores/useSidePaneStore';
import { newConversation, stopTurn } from './commands';

/** The window's shortcuts. Card answers (y/n) live on the card itself, with its 500 ms delay. */
export function useWindowKeys(): void {
  useEffect(() => {
    function onKey(event: KeyboardEvent): void {
      if (hasCommandModifier(event) && !event.altKey && !event.shiftKey) {
        const key = event.key.toLowerCase();
        if (key === 'k') {
          event.preventDefault();
          useAppStore.getState().setPaletteOpen(!useAppStore.getState().paletteOpen);
          return;
        }
        if (key === 'n') {
          event.preventDefault();
          newConversation();
          return;
        }
        const tab = PANE_TABS[Number(event.key) - 1];
        if (/^[1-4]$/.test(event.key) && tab) {
          event.preventDefault();
          useSidePaneStore.getState().setTab(tab);
        }
        return;
      }
      if (event.key === 'Escape' && !event.defaultPrevented && !useAppStore.getState().paletteOpen) {
        if (stopTurn()) event.preventDefault();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
