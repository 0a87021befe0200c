// Issue 18 item 3: the guards are installed app-wide through web-contents-created, so every
// webContents — the window, the preview's view, the screenshot window, any future one — and every
// session it uses is guarded: no navigation or redirect off its allowed origin, no new windows, no
// webviews, no downloads, no permission granted on request nor reported granted on a check.
import { describe, expect, it } from 'vitest';
import { installContentsGuards } from '../../../../src/main/host/electron/security';
import type { PermissionName } from '../../../../src/main/host/electron/surface';
import { FakeElectron } from '../../../support/fakeElectron';

const PREVIEW = 'http://127.0.0.1:4100';

function guarded() {
  const electron = new FakeElectron();
  const opened: string[] = [];
  const guards = installContentsGuards(electron.app, {
    opensInBrowser: (url) => url.startsWith(`${PREVIEW}/preview/`),
    openExternal: (url) => opened.push(url),
  });
  return { electron, guards, opened };
}

const PERMISSIONS: PermissionName[] = [
  'media',
  'geolocation',
  'notifications',
  'clipboard-read',
  'openExternal',
  'fullscreen',
  'hid',
  'serial',
  'usb',
];

describe('app-wide guards', () => {
  it('reach every webContents created after them, in every session', async () => {
    const { electron } = guarded();
    const all = [
      electron.createContents(),
      electron.createContents('paddock-preview'),
      electron.createContents('some-future-partition'),
    ];
    for (const contents of all) {
      expect(contents.attempt('will-navigate', 'https://example.com/')).toBe(false);
      expect(contents.attempt('will-frame-navigate', 'https://example.com/')).toBe(false);
      expect(contents.attempt('will-redirect', 'https://example.com/')).toBe(false);
      expect(contents.attachWebview()).toBe(false);
      expect(contents.windowOpen('https://example.com/')).toBe('deny');
      expect(contents.session.download('https://example.com/payload.sh')).toBe(false);
      for (const permission of PERMISSIONS) {
        expect(contents.session.check(permission, 'https://example.com')).toBe(false);
        expect(await contents.session.request(permission)).toBe(false);
      }
    }
  });

  it('guard each session once, however many webContents share it', () => {
    const { electron } = guarded();
    electron.createContents('paddock-preview');
    electron.createContents('paddock-preview');
    expect(electron.fromPartition('paddock-preview').listeners.count('will-download')).toBe(1);
  });

  it('let an allowed webContents move within its origin only, redirects included', () => {
    const { electron, guards } = guarded();
    const view = electron.createContents('paddock-preview');
    let origin: string | null = null;
    guards.allowOrigin(view, () => origin);
    expect(view.attempt('will-navigate', `${PREVIEW}/`)).toBe(false); // nothing loaded yet: no origin
    origin = PREVIEW;
    expect(view.attempt('will-navigate', `${PREVIEW}/about`)).toBe(true);
    expect(view.attempt('will-redirect', `${PREVIEW}/login`)).toBe(true);
    expect(view.attempt('will-redirect', 'http://127.0.0.1:4101/')).toBe(false); // another port is another origin
    expect(view.attempt('will-redirect', 'http://localhost:4100/')).toBe(false);
    expect(view.attempt('will-navigate', 'file:///etc/passwd')).toBe(false);
    expect(view.attempt('will-frame-navigate', 'https://example.com/')).toBe(false);
    expect(view.attempt('will-navigate', 'not a url')).toBe(false);
    // Another webContents in the same session gains nothing from the preview's allowance.
    expect(electron.createContents('paddock-preview').attempt('will-navigate', `${PREVIEW}/about`)).toBe(false);
  });

  it('send only preview links to the owner’s browser; nothing ever opens inside', () => {
    const { electron, opened } = guarded();
    const window = electron.createContents();
    expect(window.windowOpen(`${PREVIEW}/preview/abc`)).toBe('deny');
    expect(window.windowOpen('https://example.com/')).toBe('deny');
    expect(opened).toEqual([`${PREVIEW}/preview/abc`]);
  });
});
