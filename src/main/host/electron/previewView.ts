// The preview in Electron (SPEC §9): a cross-site iframe would not send the preview's SameSite=Lax
// cookie, so the page gets a view of its own — its own session, no preload, sandboxed — laid over
// the place the window reserves for it, and never over the cards (viewBounds.ts). Its navigation
// and redirects stay on the origin of the preview it shows — each preview has its own port — (the
// app-wide guards, security.ts).
import type { Rectangle, WebContentsViewConstructorOptions } from 'electron';
import { clampPreviewBounds, type ViewBounds } from '../../preview/viewBounds';
import type { ContentsGuards } from './security';
import type { HostWebContents } from './surface';

export const PREVIEW_PARTITION = 'paddock-preview';

export const PREVIEW_VIEW_OPTIONS: WebContentsViewConstructorOptions = {
  webPreferences: {
    partition: PREVIEW_PARTITION,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    webSecurity: true,
    devTools: false,
  },
};

export interface PreviewViewHandle {
  readonly webContents: HostWebContents & { loadURL(url: string): Promise<void> };
  setBounds(bounds: Rectangle): void;
  setVisible(visible: boolean): void;
}

export interface PreviewViewDeps {
  /** Creates the view inside the current window; null when there is no window. */
  openView(options: WebContentsViewConstructorOptions): PreviewViewHandle | null;
  /** The window's content size, or null when there is no window. */
  windowSize(): { width: number; height: number } | null;
  guards: ContentsGuards;
}

export interface PreviewView {
  show(key: string, ticketUrl: () => Promise<string>, bounds: ViewBounds): void;
  hide(): void;
}

export function createPreviewView(deps: PreviewViewDeps): PreviewView {
  let view: PreviewViewHandle | null = null;
  let origin: string | null = null;
  let loadedKey: string | null = null;

  function ensure(): PreviewViewHandle | null {
    if (view) return view;
    view = deps.openView(PREVIEW_VIEW_OPTIONS);
    if (view) deps.guards.allowOrigin(view.webContents, () => origin);
    return view;
  }

  return {
    /** Lays the view over `bounds`, cut to the side pane; loads a fresh ticket only when another preview is asked for. */
    show(key, ticketUrl, bounds) {
      const size = deps.windowSize();
      const shown = size ? ensure() : null;
      if (!shown || !size) return;
      const placed = clampPreviewBounds(bounds, size);
      shown.setBounds(placed);
      shown.setVisible(placed.width > 0);
      if (loadedKey !== key) {
        loadedKey = key;
        // Each preview has its own origin (its own port): the view may move only within this one's.
        void ticketUrl()
          .then((url) => {
            if (loadedKey !== key) return;
            origin = new URL(url).origin;
            return shown.webContents.loadURL(url);
          })
          .catch(() => undefined);
      }
    },
    hide() {
      view?.setVisible(false);
    },
  };
}
