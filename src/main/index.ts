// The Electron host: app lifecycle, the window, IPC registration — nothing else. Every rule is the core's.
import { app, BrowserWindow, dialog, safeStorage } from 'electron';
import { createApiRouter } from './api/router';
import { createHandlers } from './api/handlers';
import { createCore, type Core } from './core';
import { installShutdown, type Shutdown } from './shutdown';
import { ownerHome } from './environment';
import { forwardEvents, registerIpc } from './host/electron/ipc';
import { installMenu } from './host/electron/menu';
import { applySessionPolicy } from './host/electron/security';
import { createMainWindow } from './host/electron/window';
import { createPreviewView } from './host/electron/previewView';

let mainWindow: BrowserWindow | null = null;
let appUrl = '';
let shutdown: Shutdown | null = null;

async function start(): Promise<void> {
  const dataDir = process.env.PADDOCK_DATA_DIR ?? app.getPath('userData');
  // API keys are encrypted by the system keychain where it can; otherwise the core keeps a 0600 file and says so.
  const cipher = safeStorage.isEncryptionAvailable()
    ? { encrypt: (plain: string) => safeStorage.encryptString(plain), decrypt: (data: Buffer) => safeStorage.decryptString(data) }
    : undefined;
  let running: Core;
  try {
    running = await createCore({ dataDir, home: ownerHome(), env: process.env, host: 'electron', cipher });
  } catch (error) {
    dialog.showErrorBox('Paddock cannot start', (error as Error).message);
    app.exit(1);
    return;
  }
  shutdown = installShutdown(running, { onSignal: () => app.quit(), log: running.log });
  applySessionPolicy();
  installMenu();
  const router = createApiRouter(
    createHandlers(running, {
      host: 'electron',
      version: app.getVersion(),
      pickDirectory: async () => {
        const options = { title: 'Choose a workspace', properties: ['openDirectory' as const, 'createDirectory' as const] };
        const picked = mainWindow ? await dialog.showOpenDialog(mainWindow, options) : await dialog.showOpenDialog(options);
        return picked.canceled ? null : (picked.filePaths[0] ?? null);
      },
      previewView: createPreviewView(() => mainWindow),
    }),
    running.log,
  );
  registerIpc(router, () => mainWindow, () => appUrl);
  forwardEvents(running.events.subscribe, () => mainWindow);
  const previewPrefix = `http://127.0.0.1:${running.services.preview.port}/preview/`;
  const created = createMainWindow((url) => url.startsWith(previewPrefix));
  mainWindow = created.window;
  appUrl = created.appUrl;
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });

  void app.whenReady().then(start);
  app.on('window-all-closed', () => app.quit());

  // Quitting stops every process the agents started (seed 003 §10, item 4), through the one
  // shutdown path `paddock serve` uses too: a signal asks Electron to quit, and will-quit runs it.
  let quitDone = false;
  app.on('will-quit', (event) => {
    if (quitDone || !shutdown) return;
    event.preventDefault();
    void shutdown.quit().finally(() => {
      quitDone = true;
      app.exit(0);
    });
  });
}
