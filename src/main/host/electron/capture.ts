// Screenshots in Electron (SPEC §6): an offscreen, sandboxed BrowserWindow in a partition of its
// own — no preload, no Node, no devtools, no cookies shared with the window or the preview — that
// may reach the page's own origin and nothing else, loads the page, photographs it, and is destroyed.
// No system browser is launched, so nothing runs with --no-sandbox on a page the agent wrote.
// Its one preload (src/preload/capture.ts) gives the page nothing and removes WebRTC from every
// frame before the page's scripts; UDP that is not proxied is off for it too.
import type { BrowserWindowConstructorOptions } from 'electron';
import type { CapturePage, Viewport } from '../../preview/types';
import type { ContentsGuards } from './security';
import type { CaptureWindowFactory, HostSession } from './surface';

export const SCREENSHOT_PARTITION = 'paddock-screenshot';

export function screenshotWindowOptions(viewport: Viewport, preload: string): BrowserWindowConstructorOptions {
  return {
    show: false,
    width: viewport.width,
    height: viewport.height,
    useContentSize: true,
    frame: false,
    paintWhenInitiallyHidden: true,
    webPreferences: {
      offscreen: true,
      partition: SCREENSHOT_PARTITION,
      preload,
      // The preload (WebRTC out) runs in every frame; sandboxed, no frame gets Node from it.
      nodeIntegrationInSubFrames: true,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      devTools: false,
      spellcheck: false,
      backgroundThrottling: false,
    },
  };
}

export interface ElectronCaptureDeps {
  openWindow: CaptureWindowFactory;
  /** The screenshot partition's session (session.fromPartition(SCREENSHOT_PARTITION)). */
  session: HostSession;
  guards: ContentsGuards;
  /** The built src/preload/capture.ts (out/preload/capture.js). */
  preload: string;
  timeoutMs?: number;
}

/** The origin a request reaches; data: and blob: reach nothing beyond the page. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'data:' || parsed.protocol === 'blob:') return 'local';
    return parsed.protocol === 'ws:' ? `http://${parsed.host}` : parsed.origin;
  } catch {
    return null;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the screenshot timed out after ${ms / 1000} s while ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createElectronCapture(deps: ElectronCaptureDeps): CapturePage {
  const timeout = deps.timeoutMs ?? 30_000;
  // Which origin each capture window may reach; a request from anything else in the partition is refused.
  const origins = new Map<number, string>();
  deps.session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = details.webContentsId === undefined ? undefined : origins.get(details.webContentsId);
    const reached = originOf(details.url);
    callback({ cancel: allowed === undefined || (reached !== allowed && reached !== 'local') });
  });

  return async (url: string, viewport: Viewport) => {
    const origin = new URL(url).origin;
    const window = deps.openWindow(screenshotWindowOptions(viewport, deps.preload));
    const contents = window.webContents;
    contents.setWebRTCIPHandlingPolicy('disable_non_proxied_udp');
    origins.set(contents.id, origin);
    deps.guards.allowOrigin(contents, () => origin);
    try {
      await withTimeout(contents.loadURL(url), timeout, 'loading the page');
      const image = await withTimeout(contents.capturePage(), timeout, 'taking the picture');
      return image.toPNG();
    } finally {
      origins.delete(contents.id);
      window.destroy();
    }
  };
}
