// The main window as shipped: sandboxed, isolated, no Node, no webview, the preload as the only
// bridge, the renderer from app://paddock/; DevTools (window and menu) only when unpackaged.
import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from '../../../../src/main/host/electron/appScheme';
import { menuTemplate } from '../../../../src/main/host/electron/menu';
import { mainWindowOptions, openMainWindow, type MainWindowHandle } from '../../../../src/main/host/electron/window';

function roles(template: ReturnType<typeof menuTemplate>): string[] {
  return template.flatMap((item) => [
    item.role ?? '',
    ...(Array.isArray(item.submenu) ? item.submenu.map((sub) => sub.role ?? '') : []),
  ]);
}

describe('the main window', () => {
  it('is sandboxed and isolated, with DevTools only when unpackaged', () => {
    for (const packaged of [true, false]) {
      const options = mainWindowOptions({ preload: '/app/out/preload/index.js', packaged, dark: false });
      expect(options.webPreferences).toMatchObject({
        preload: '/app/out/preload/index.js',
        sandbox: true,
        contextIsolation: true,
        nodeIntegration: false,
        webSecurity: true,
        webviewTag: false,
        devTools: !packaged,
      });
    }
  });

  it('loads app://paddock/index.html when packaged, even with ELECTRON_RENDERER_URL set', () => {
    const loaded: string[] = [];
    const window: MainWindowHandle = {
      webContents: { loadURL: async (url) => void loaded.push(url) },
      once: () => undefined,
      show: () => undefined,
    };
    const { appUrl } = openMainWindow(
      () => window,
      { preload: 'p', packaged: true, dark: true },
      { ELECTRON_RENDERER_URL: 'http://127.0.0.1:9/' },
    );
    expect(appUrl).toBe(APP_ENTRY_URL);
    expect(loaded).toEqual([APP_ENTRY_URL]);
  });

  it('has a DevTools menu item only when unpackaged', () => {
    expect(roles(menuTemplate({ platform: 'linux', devTools: false }))).not.toContain('toggleDevTools');
    expect(roles(menuTemplate({ platform: 'linux', devTools: true }))).toContain('toggleDevTools');
    expect(roles(menuTemplate({ platform: 'darwin', devTools: false }))).toContain('appMenu');
  });
});
