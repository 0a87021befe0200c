// The real Electron behind the host's narrow interfaces (surface.ts). This file and index.ts are
// where the compiler checks those interfaces against electron.d.ts; the unit tests use a fake.
import path from 'node:path';
import { BrowserWindow, Menu, Notification, session, WebContentsView } from 'electron';
import type { CapturePage } from '../../preview/types';
import { createElectronCapture, SCREENSHOT_PARTITION } from './capture';
import { menuTemplate } from './menu';
import { createPreviewView, type PreviewView } from './previewView';
import type { ContentsGuards } from './security';
import type { HostNotification, HostNotifier } from './surface';

export function installMenu(devTools: boolean): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate({ platform: process.platform, devTools })));
}

export function electronCapture(guards: ContentsGuards): CapturePage {
  return createElectronCapture({
    openWindow: (options) => new BrowserWindow(options),
    session: session.fromPartition(SCREENSHOT_PARTITION),
    guards,
    preload: path.join(__dirname, '../preload/capture.js'),
  });
}

export function electronPreviewView(window: () => BrowserWindow | null, guards: ContentsGuards): PreviewView {
  return createPreviewView({
    openView(options) {
      const target = window();
      if (!target) return null;
      const view = new WebContentsView(options);
      target.contentView.addChildView(view);
      return view;
    },
    windowSize: () => window()?.getContentBounds() ?? null,
    guards,
  });
}

export const electronNotifier: HostNotifier = {
  isSupported: () => Notification.isSupported(),
  create: (options): HostNotification => new Notification(options),
};
