// The main window: context isolation, sandbox, no Node, the preload as the only bridge, the
// renderer from app://paddock/ (appScheme.ts). DevTools exist only in an unpackaged build, and
// only an unpackaged build may load the renderer from the dev server.
import type { BrowserWindowConstructorOptions } from 'electron';
import { APP_ENTRY_URL } from './appScheme';

export interface MainWindowSettings {
  preload: string;
  /** app.isPackaged: a shipped app has no DevTools and ignores ELECTRON_RENDERER_URL. */
  packaged: boolean;
  dark: boolean;
}

export function mainWindowOptions(settings: MainWindowSettings): BrowserWindowConstructorOptions {
  return {
    width: 1400,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Paddock',
    backgroundColor: settings.dark ? '#16181d' : '#ffffff',
    webPreferences: {
      preload: settings.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      devTools: !settings.packaged,
    },
  };
}

/**
 * The URL the window loads. ELECTRON_RENDERER_URL (electron-vite's dev server) only when
 * unpackaged: in a shipped app an environment variable must not point the window that holds the
 * bridge to the core at another page.
 */
export function rendererEntry(packaged: boolean, env: NodeJS.ProcessEnv): string {
  const devUrl = env.ELECTRON_RENDERER_URL;
  return !packaged && devUrl ? new URL(devUrl).href : APP_ENTRY_URL;
}

export interface MainWindowHandle {
  readonly webContents: { loadURL(url: string): Promise<void> };
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
}

export function openMainWindow<W extends MainWindowHandle>(
  open: (options: BrowserWindowConstructorOptions) => W,
  settings: MainWindowSettings,
  env: NodeJS.ProcessEnv,
): { window: W; appUrl: string } {
  const window = open(mainWindowOptions(settings));
  const appUrl = rendererEntry(settings.packaged, env);
  window.once('ready-to-show', () => window.show());
  void window.webContents.loadURL(appUrl).catch(() => undefined);
  return { window, appUrl };
}
