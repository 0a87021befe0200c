// The Electron host: app lifecycle, the window, IPC registration — nothing else. Every rule is the core's.
import path from 'node:path';
import { app, BrowserWindow, dialog, nativeTheme, protocol, safeStorage, shell } from 'electron';
import { createApiRouter } from './api/router';
import type { HostCapabilities } from './api/coreApi';
import { createCore } from './core';
import { ownerHome } from './environment';
import { installShutdown, type Shutdown } from './shutdown';
import { electronCapture, electronNotifier, electronPreviewView, installMenu } from './host/electron/adapters';
import { createElectronAttention } from './host/electron/attention';
import { registerAppScheme, serveRenderer } from './host/electron/appScheme';
import { forwardEvents, registerIpc } from './host/electron/ipc';
import { installContentsGuards } from './host/electron/security';
import { openMainWindow } from './host/electron/window';

let mainWindow: BrowserWindow | null = null;
let appUrl = '';
let isPreviewUrl: (url: string) => boolean = () => false;
let shutdown: Shutdown | null = null;

// Before ready: every renderer sandboxed, the app:// scheme privileged, and the guards waiting for
// every webContents Electron will ever create.
app.enableSandbox();
registerAppScheme(protocol);
const guards = installContentsGuards(app, {
  opensInBrowser: (url) => isPreviewUrl(url),
  openExternal: (url) => void shell.openExternal(url),
});

async function start(): Promise<void> {
  serveRenderer(protocol, path.join(__dirname, '../renderer'));
  const dataDir = process.env.PADDOCK_DATA_DIR ?? app.getPath('userData');
  // API keys are encrypted by the system keychain where it can; otherwise the core keeps a 0600 file and says so.
  const cipher = safeStorage.isEncryptionAvailable()
    ? {
        encrypt: (plain: string) => safeStorage.encryptString(plain),
        decrypt: (data: Buffer) => safeStorage.decryptString(data),
      }
    : undefined;
  let running;
  try {
    running = await createCore({
      dataDir,
      home: ownerHome(),
      env: process.env,
      host: 'electron',
      cipher,
      capture: electronCapture(guards),
    });
  } catch (error) {
    dialog.showErrorBox('Paddock cannot start', (error as Error).message);
    app.exit(1);
    return;
  }
  shutdown = installShutdown(running, { onSignal: () => app.quit(), log: running.log });
  installMenu(!app.isPackaged);
  const host: HostCapabilities = {
    host: 'electron',
    version: app.getVersion(),
    pickDirectory: async (purpose = 'workspace') => {
      const options = {
        title: purpose === 'worktrees' ? 'Choose where the task’s worktree goes' : 'Choose a workspace',
        properties: ['openDirectory' as const, 'createDirectory' as const],
      };
      const picked = mainWindow
        ? await dialog.showOpenDialog(mainWindow, options)
        : await dialog.showOpenDialog(options);
      return picked.canceled ? null : (picked.filePaths[0] ?? null);
    },
    previewView: electronPreviewView(() => mainWindow, guards),
    setBadgeCount: (count) => app.setBadgeCount(count),
  };
  const router = createApiRouter(running.api, host, running.log);
  registerIpc(
    router,
    () => mainWindow,
    () => appUrl,
  );
  forwardEvents(running.events.subscribe, () => mainWindow);
  const core = running;
  const attention = createElectronAttention({
    notifier: electronNotifier,
    platform: process.platform,
    window: () => mainWindow,
    names: {
      handle: (agentId) => core.agents.get(agentId)?.handle ?? null,
      conversationTitle: (id) => core.conversations.get(id)?.title ?? null,
    },
    settings: () => core.attention.get(),
    pendingCard: (cardId) => core.cards.list().find((card) => card.id === cardId) ?? null,
    // A refusal throws here (or rejects), where the notification's handler catches it and opens the card.
    answer: (answer) => core.api.cards.answer(answer, host),
    open: (target) => core.events.emit({ type: 'attention.open', ...target }),
    log: core.log,
  });
  running.events.subscribe((event) => attention.take(event));
  isPreviewUrl = running.services.preview.isPreviewUrl;
  const opened = openMainWindow(
    (options) => new BrowserWindow(options),
    {
      preload: path.join(__dirname, '../preload/index.js'),
      packaged: app.isPackaged,
      dark: nativeTheme.shouldUseDarkColors,
    },
    process.env,
  );
  mainWindow = opened.window;
  appUrl = opened.appUrl;
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
