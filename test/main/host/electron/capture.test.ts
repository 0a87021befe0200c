// Issue 18 item 2 / SPEC §6: in Electron the screenshot is taken by an offscreen, sandboxed window
// in a partition of its own, which may reach the page's origin only and is destroyed after the
// picture — against the typed fake, through the same app-wide guards the app installs.
import { describe, expect, it } from 'vitest';
import {
  createElectronCapture,
  SCREENSHOT_PARTITION,
  screenshotWindowOptions,
} from '../../../../src/main/host/electron/capture';
import { PREVIEW_PARTITION } from '../../../../src/main/host/electron/previewView';
import { installContentsGuards } from '../../../../src/main/host/electron/security';
import { VIEWPORTS } from '../../../../src/main/tools/screenshot';
import { FakeElectron } from '../../../support/fakeElectron';

const CAPTURE_PRELOAD = '/app/out/preload/capture.js';

function world() {
  const electron = new FakeElectron();
  const guards = installContentsGuards(electron.app, { opensInBrowser: () => false, openExternal: () => undefined });
  const session = electron.fromPartition(SCREENSHOT_PARTITION);
  const capture = createElectronCapture({
    openWindow: (options) => electron.openWindow(options),
    session,
    guards,
    preload: CAPTURE_PRELOAD,
    timeoutMs: 2_000,
  });
  return { electron, capture, session };
}

describe('the screenshot window', () => {
  it('is offscreen, hidden, sandboxed, isolated, without Node or devtools, in its own partition', () => {
    const options = screenshotWindowOptions(VIEWPORTS.phone, CAPTURE_PRELOAD);
    expect(options).toMatchObject({ show: false, width: 390, height: 844, useContentSize: true });
    expect(options.webPreferences).toMatchObject({
      offscreen: true,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: false,
      partition: SCREENSHOT_PARTITION,
    });
    // Its one preload takes WebRTC out of every frame (sandboxed: no frame gets Node from it).
    expect(options.webPreferences).toMatchObject({ preload: CAPTURE_PRELOAD, nodeIntegrationInSubFrames: true });
    expect(SCREENSHOT_PARTITION).not.toBe(PREVIEW_PARTITION);
    expect(SCREENSHOT_PARTITION.startsWith('persist:')).toBe(false);
  });

  it('turns UDP that is not proxied off before the page loads', async () => {
    const { electron, capture } = world();
    await capture('http://127.0.0.1:4100/', VIEWPORTS.desktop);
    expect(electron.windows[0]!.webContents.steps).toEqual([
      'policy:disable_non_proxied_udp',
      'load:http://127.0.0.1:4100/',
    ]);
  });

  it('loads the page, returns its picture and is destroyed', async () => {
    const { electron, capture } = world();
    const png = await capture('http://127.0.0.1:4100/', VIEWPORTS.desktop);
    expect(png.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    expect(electron.windows).toHaveLength(1);
    const [window] = electron.windows;
    expect(window!.options.width).toBe(1280);
    expect(window!.webContents.loaded).toEqual(['http://127.0.0.1:4100/']);
    expect(window!.destroyed).toBe(true);
  });

  it('is destroyed when the page fails to load, and the failure reaches the tool', async () => {
    const { electron, capture } = world();
    const open = electron.openWindow;
    electron.openWindow = (options) => {
      const window = open(options);
      window.webContents.loadError = new Error('ERR_CONNECTION_REFUSED');
      return window;
    };
    await expect(capture('http://127.0.0.1:4100/', VIEWPORTS.desktop)).rejects.toThrow('ERR_CONNECTION_REFUSED');
    expect(electron.windows).toHaveLength(1);
    expect(electron.windows[0]!.destroyed).toBe(true);
  });

  it('lets the page reach its own origin only, while it is being photographed', async () => {
    const { electron, capture, session } = world();
    let during: boolean[] = [];
    const open = electron.openWindow;
    electron.openWindow = (options) => {
      const window = open(options);
      const id = window.webContents.id;
      window.webContents.loadURL = async (url: string) => {
        during = await Promise.all([
          session.sendRequest(`${url}app.js`, id),
          session.sendRequest('ws://127.0.0.1:4100/hmr', id),
          session.sendRequest('data:image/png;base64,AAAA', id),
          session.sendRequest('http://127.0.0.1:22/', id),
          session.sendRequest('http://169.254.169.254/latest/meta-data', id),
          session.sendRequest('https://example.com/beacon', id),
          session.sendRequest(`${url}app.js`, id + 1000),
          session.sendRequest(`${url}app.js`),
        ]);
      };
      return window;
    };
    await capture('http://127.0.0.1:4100/', VIEWPORTS.desktop);
    expect(during).toEqual([true, true, true, false, false, false, false, false]);
    // Once destroyed, nothing of that window is let through.
    expect(await session.sendRequest('http://127.0.0.1:4100/late.js', electron.windows[0]!.webContents.id)).toBe(false);
    // Its redirects stay on the origin as well (the app-wide guards).
    expect(electron.windows[0]!.webContents.attempt('will-redirect', 'http://127.0.0.1:4100/login')).toBe(true);
    expect(electron.windows[0]!.webContents.attempt('will-redirect', 'https://example.com/')).toBe(false);
  });
});
