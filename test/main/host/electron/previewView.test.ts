// Issue 18 item 3: the preview's view can never cover the cards area, whatever bounds the renderer
// sends; its own partition; its origin set from the ticket it loads. Against the typed fake.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createPreviewView,
  PREVIEW_PARTITION,
  type PreviewViewHandle,
} from '../../../../src/main/host/electron/previewView';
import { installContentsGuards } from '../../../../src/main/host/electron/security';
import { clampPreviewBounds, sidePaneLeft, WINDOW_COLUMNS } from '../../../../src/main/preview/viewBounds';
import { FakeElectron, type FakeWebContents } from '../../../support/fakeElectron';

class FakeView implements PreviewViewHandle {
  bounds = { x: 0, y: 0, width: 0, height: 0 };
  visible = true;
  constructor(readonly webContents: FakeWebContents) {}
  setBounds(bounds: { x: number; y: number; width: number; height: number }): void {
    this.bounds = bounds;
  }
  setVisible(visible: boolean): void {
    this.visible = visible;
  }
}

function world(size: { width: number; height: number } | null = { width: 1400, height: 900 }) {
  const electron = new FakeElectron();
  const guards = installContentsGuards(electron.app, { opensInBrowser: () => false, openExternal: () => undefined });
  const views: FakeView[] = [];
  const partitions: (string | undefined)[] = [];
  const preview = createPreviewView({
    openView(options) {
      partitions.push(options.webPreferences?.partition);
      const view = new FakeView(electron.createContents(options.webPreferences?.partition));
      views.push(view);
      return view;
    },
    windowSize: () => size,
    guards,
  });
  return { preview, views, partitions };
}

const TICKET = 'http://127.0.0.1:4100/preview/t1';

describe('the preview view', () => {
  it('opens once, in its own partition, and may move only within the ticket’s origin', async () => {
    const { preview, views, partitions } = world();
    preview.show('dev/web', async () => TICKET, { x: 900, y: 60, width: 480, height: 800 });
    preview.show('dev/web', async () => TICKET, { x: 900, y: 60, width: 480, height: 800 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(views).toHaveLength(1);
    expect(partitions).toEqual([PREVIEW_PARTITION]);
    expect(views[0]!.webContents.loaded).toEqual([TICKET]);
    expect(views[0]!.webContents.attempt('will-redirect', 'http://127.0.0.1:4100/')).toBe(true);
    expect(views[0]!.webContents.attempt('will-redirect', 'http://127.0.0.1:9/')).toBe(false);
    expect(views[0]!.webContents.session.download('http://127.0.0.1:4100/file.zip')).toBe(false);
  });

  it('moves to the origin of the preview it shows now, and no longer to the one before (each preview its own port)', async () => {
    const { preview, views } = world();
    preview.show('dev/web', async () => TICKET, { x: 900, y: 60, width: 480, height: 800 });
    await new Promise((resolve) => setImmediate(resolve));
    const web2 = 'http://127.0.0.1:4200/preview/developer/web2/?ticket=t2';
    preview.show('dev/web2', async () => web2, { x: 900, y: 60, width: 480, height: 800 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(views[0]!.webContents.loaded).toEqual([TICKET, web2]);
    expect(views[0]!.webContents.attempt('will-redirect', 'http://127.0.0.1:4200/preview/developer/web2/x')).toBe(true);
    expect(views[0]!.webContents.attempt('will-redirect', 'http://127.0.0.1:4100/preview/developer/web/')).toBe(false);
    expect(views[0]!.webContents.attempt('will-navigate', 'http://127.0.0.1:4100/preview/developer/web/')).toBe(false);
  });

  it('keeps honest bounds inside the side pane as they are', () => {
    const { preview, views } = world();
    preview.show('dev/web', async () => TICKET, { x: 900, y: 60, width: 480, height: 800 });
    expect(views[0]!.bounds).toEqual({ x: 900, y: 60, width: 480, height: 800 });
    expect(views[0]!.visible).toBe(true);
  });

  it('cuts bounds that reach over the cards or out of the window to the side pane', () => {
    const { preview, views } = world();
    preview.show('dev/web', async () => TICKET, { x: 0, y: 0, width: 20_000, height: 20_000 });
    expect(views[0]!.bounds).toEqual({ x: sidePaneLeft(1400), y: 0, width: 1400 - sidePaneLeft(1400), height: 900 });
  });

  it('hides the view when nothing of the side pane is left', () => {
    const { preview, views } = world();
    preview.show('dev/web', async () => TICKET, { x: 260, y: 100, width: 300, height: 300 });
    expect(views[0]!.bounds.width).toBe(0);
    expect(views[0]!.visible).toBe(false);
  });

  it('does nothing without a window', () => {
    const { preview, views } = world(null);
    preview.show('dev/web', async () => TICKET, { x: 900, y: 60, width: 480, height: 800 });
    expect(views).toHaveLength(0);
  });
});

describe('clampPreviewBounds', () => {
  it('never lets any bounds overlap the sidebar and main column, for any window size', () => {
    for (const width of [600, 900, 990, 1047, 1400, 2560, 5000]) {
      for (const requested of [
        { x: 0, y: 0, width: 20_000, height: 20_000 },
        { x: 300, y: 10, width: 600, height: 400 },
        { x: width - 10, y: 0, width: 5000, height: 10 },
      ]) {
        const placed = clampPreviewBounds(requested, { width, height: 800 });
        if (placed.width > 0) {
          expect(placed.x).toBeGreaterThanOrEqual(WINDOW_COLUMNS.sidebarPx + WINDOW_COLUMNS.mainMinPx);
          expect(placed.x).toBeGreaterThanOrEqual(
            Math.floor(width - Math.max(WINDOW_COLUMNS.sideMinPx, width * WINDOW_COLUMNS.sideMaxShare)),
          );
          expect(placed.x + placed.width).toBeLessThanOrEqual(width);
          expect(placed.y + placed.height).toBeLessThanOrEqual(800);
        }
      }
    }
  });

  it('agrees with the window’s columns as styles.css draws them', () => {
    const css = fs.readFileSync(path.resolve(__dirname, '../../../../src/renderer/src/styles.css'), 'utf8');
    const { sidebarPx, mainMinPx, sideMinPx, sideMaxShare } = WINDOW_COLUMNS;
    expect(css).toContain(
      `.app { display: grid; grid-template-columns: ${sidebarPx}px minmax(${mainMinPx}px, 1fr) minmax(${sideMinPx}px, ${sideMaxShare * 100}%);`,
    );
  });
});
