// The window's hardening (SPEC §2), installed app-wide: every webContents Electron ever creates
// (the window, the preview's view, the screenshot window, any future one) gets the guards through
// app.on('web-contents-created'), and every session it uses denies permissions and downloads.
// A trusted-sender check runs on every IPC call before the core sees it.
import type { WebContents, WebFrameMain } from 'electron';
import type { HostApp, HostSession, HostWebContents, NavigationEvent } from './surface';

export interface GuardOptions {
  /** The preview links ("Open in a tab") go to the owner's browser; nothing opens inside. */
  opensInBrowser: (url: string) => boolean;
  openExternal: (url: string) => void;
}

export interface ContentsGuards {
  /**
   * Lets `contents` navigate, and follow redirects, within the origin `origin()` names, and no
   * further (the preview's view, the screenshot window). Every other webContents never navigates.
   */
  allowOrigin(contents: HostWebContents, origin: () => string | null): void;
}

function sameOrigin(url: string, origin: string | null): boolean {
  if (origin === null) return false;
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/** No permission is ever granted or reported granted; no download is ever started. */
export function guardSession(session: HostSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.on('will-download', (event, item) => {
    event.preventDefault();
    item.cancel();
  });
}

export function installContentsGuards(app: HostApp, options: GuardOptions): ContentsGuards {
  const allowed = new WeakMap<HostWebContents, () => string | null>();
  const guardedSessions = new WeakSet<HostSession>();

  const mayGo = (contents: HostWebContents, url: string): boolean => {
    const origin = allowed.get(contents);
    return origin !== undefined && sameOrigin(url, origin());
  };

  app.on('web-contents-created', (_event, contents) => {
    if (!guardedSessions.has(contents.session)) {
      guardedSessions.add(contents.session);
      guardSession(contents.session);
    }
    contents.setWindowOpenHandler(({ url }) => {
      if (options.opensInBrowser(url)) options.openExternal(url);
      return { action: 'deny' };
    });
    const guardNavigation = (event: NavigationEvent): void => {
      if (!mayGo(contents, event.url)) event.preventDefault();
    };
    contents.on('will-navigate', guardNavigation);
    contents.on('will-frame-navigate', guardNavigation);
    contents.on('will-redirect', guardNavigation);
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  return {
    allowOrigin(contents, origin) {
      allowed.set(contents, origin);
    },
  };
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
