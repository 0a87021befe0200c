// The window's hardening (SPEC §2): a strict CSP, no navigation, no new windows, no permissions,
// and a trusted-sender check that every IPC call passes before the core sees it.
import { session, shell, type WebContents, type WebFrameMain } from 'electron';

export const ELECTRON_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; frame-src http://127.0.0.1:*; object-src 'none'; base-uri 'none'; form-action 'none'";

export function applySessionPolicy(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [ELECTRON_CSP] } });
  });
}

/** `opensInBrowser`: the preview links ("Open in a tab") go to the owner's browser; nothing opens inside. */
export function lockDownContents(contents: WebContents, opensInBrowser: (url: string) => boolean = () => false): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (opensInBrowser(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Only the main frame of our own window, showing our own page, may call the core. */
export function isTrustedSender(frame: WebFrameMain | null, ownContents: WebContents | null, appUrl: string): boolean {
  if (!frame || !ownContents || frame !== ownContents.mainFrame) return false;
  try {
    const url = new URL(frame.url);
    const expected = new URL(appUrl);
    return url.protocol === expected.protocol && url.host === expected.host && url.pathname === expected.pathname;
  } catch {
    return false;
  }
}
