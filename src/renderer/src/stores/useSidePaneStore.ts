import { create } from 'zustand';

export const PANE_TABS = ['Files', 'Terminal', 'Preview', 'Summary', 'Tasks'] as const;
export type PaneTab = (typeof PANE_TABS)[number];

const WIDTH_KEY = 'paddock.sidepane.width';
const COLLAPSED_KEY = 'paddock.sidepane.collapsed';
export const PANE_MIN_WIDTH = 280;
export const PANE_MAX_WIDTH = 1400;
const DEFAULT_WIDTH = 460;

function clampWidth(width: number): number {
  if (!Number.isFinite(width)) return DEFAULT_WIDTH;
  return Math.round(Math.min(PANE_MAX_WIDTH, Math.max(PANE_MIN_WIDTH, width)));
}

function storedWidth(): number {
  try {
    const raw = globalThis.localStorage?.getItem(WIDTH_KEY);
    return raw ? clampWidth(Number(raw)) : DEFAULT_WIDTH;
  } catch {
    return DEFAULT_WIDTH;
  }
}

function storedCollapsed(): boolean {
  try {
    return globalThis.localStorage?.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

interface SidePaneState {
  tab: PaneTab;
  width: number;
  /** Folded to a strip, remembered like the width. */
  collapsed: boolean;
  setCollapsed(collapsed: boolean): void;
  /** Tabs with news the owner has not looked at (a preview shown while they worked in another tab). */
  badges: Partial<Record<PaneTab, boolean>>;
  setTab(tab: PaneTab): void;
  /** Brings a tab forward, unless the owner is busy in another: then the tab gets a badge instead. */
  offer(tab: PaneTab, ownerBusy: boolean): void;
  setWidth(width: number): void;
  /** Saves the width once a drag ends, not on every pixel. */
  persistWidth(): void;
}

export const useSidePaneStore = create<SidePaneState>((set, get) => ({
  tab: 'Files',
  width: storedWidth(),
  collapsed: storedCollapsed(),
  badges: {},
  setTab(tab) {
    set({ tab, collapsed: false, badges: { ...get().badges, [tab]: false } });
  },
  setCollapsed(collapsed) {
    set({ collapsed });
    try {
      globalThis.localStorage?.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
    } catch {
      // As for the width: this session only.
    }
  },
  offer(tab, ownerBusy) {
    if (get().tab === tab) return;
    if (ownerBusy) set({ badges: { ...get().badges, [tab]: true } });
    else get().setTab(tab);
  },
  setWidth(width) {
    set({ width: clampWidth(width) });
  },
  persistWidth() {
    try {
      globalThis.localStorage?.setItem(WIDTH_KEY, String(get().width));
    } catch {
      // Storage may be unavailable (private mode): the width then lasts for this session only.
    }
  },
}));
