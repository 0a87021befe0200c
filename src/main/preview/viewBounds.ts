// Where the preview's own view may lie in the Electron window (SPEC §9). The window is three
// columns (src/renderer/src/styles.css, `.app`): the agents sidebar, the main column with the
// conversation and the cards, and the side pane where the preview shows. The renderer reports the
// place it reserves, but the page in the view is the agent's: whatever bounds arrive, the view
// stays inside the side pane and the window, so it can never cover a card the owner must read.

export interface ViewBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The window's columns; a test reads styles.css and checks that it says the same. */
export const WINDOW_COLUMNS = { sidebarPx: 250, mainMinPx: 420, sideMinPx: 320, sideMaxShare: 0.36 } as const;

/**
 * The x where the side pane begins in a window `width` wide: the side column grows to its 36 % as
 * long as the main column keeps its minimum, and never starts inside the sidebar or that minimum.
 */
export function sidePaneLeft(width: number): number {
  const { sidebarPx, mainMinPx, sideMinPx, sideMaxShare } = WINDOW_COLUMNS;
  const side = Math.max(sideMinPx, width * sideMaxShare);
  return Math.max(sidebarPx + mainMinPx, Math.floor(width - side));
}

/** `requested` cut to the side pane of a window whose content is `window` (width 0 when none is left). */
export function clampPreviewBounds(requested: ViewBounds, window: { width: number; height: number }): ViewBounds {
  const left = Math.max(requested.x, sidePaneLeft(window.width));
  const top = Math.max(requested.y, 0);
  const right = Math.min(requested.x + requested.width, window.width);
  const bottom = Math.min(requested.y + requested.height, window.height);
  const width = Math.max(0, right - left);
  const height = Math.max(0, bottom - top);
  return width === 0 || height === 0 ? { x: left, y: top, width: 0, height: 0 } : { x: left, y: top, width, height };
}
