// The main window: context isolation, sandbox, no Node, the preload as the only bridge.
import path from 'node:path';
import { BrowserWindow, nativeTheme } from 'electron';
import { lockDownContents } from './security';

export function createMainWindow(opensInBrowser: (url: string) => boolean): { window: BrowserWindow; appUrl: string } {
  const window = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Paddock',
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#16181d' : '#ffffff',
    webPreferences: {
      preload: path.join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  lockDownContents(window.webContents, opensInBrowser);
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  const appUrl = devUrl ?? `file://${path.join(__dirname, '../renderer/index.html')}`;
  window.once('ready-to-show', () => window.show());
  if (devUrl) void window.loadURL(devUrl);
  else void window.loadFile(path.join(__dirname, '../renderer/index.html'));
  return { window, appUrl: new URL(appUrl).href };
}
