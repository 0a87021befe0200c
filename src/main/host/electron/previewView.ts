// The preview in Electron (SPEC §9): a cross-site iframe would not send the preview's SameSite=Lax
// cookie, so the page gets a view of its own — its own session, no preload, sandboxed — laid over
// the place the window reserves for it. Its navigation stays on the preview's origin.
import { session, WebContentsView, type BrowserWindow } from 'electron';

const PARTITION = 'paddock-preview';

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

export function createPreviewView(window: () => BrowserWindow | null) {
  let view: WebContentsView | null = null;
  let origin: string | null = null;
  let loadedKey: string | null = null;

  function ensure(target: BrowserWindow): WebContentsView {
    if (view) return view;
    const previewSession = session.fromPartition(PARTITION);
    previewSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    const created = new WebContentsView({
      webPreferences: { partition: PARTITION, sandbox: true, contextIsolation: true, nodeIntegration: false },
    });
    created.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    created.webContents.on('will-navigate', (event, url) => {
      if (!origin || new URL(url).origin !== origin) event.preventDefault();
    });
    // A server redirect is not a navigation the page asked for: will-navigate never sees it. The proxy
    // already refuses one out of the preview; this holds even if a response slipped past it.
    created.webContents.on('will-redirect', (event, url) => {
      if (!origin || !sameOrigin(url, origin)) event.preventDefault();
    });
    target.contentView.addChildView(created);
    view = created;
    return created;
  }

  return {
    /** Lays the view over `bounds`; loads a fresh ticket only when another preview is asked for. */
    show(key: string, ticketUrl: () => string, bounds: { x: number; y: number; width: number; height: number }): void {
      const target = window();
      if (!target) return;
      const shown = ensure(target);
      shown.setBounds(bounds);
      shown.setVisible(true);
      if (loadedKey !== key) {
        const url = ticketUrl();
        origin = new URL(url).origin;
        loadedKey = key;
        void shown.webContents.loadURL(url);
      }
    },
    hide(): void {
      view?.setVisible(false);
    },
  };
}
