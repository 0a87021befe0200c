// The part of Electron the host uses, as narrow interfaces. The real objects are handed in by
// src/main/index.ts, where the compiler checks them against electron.d.ts; the host's unit tests
// hand in a small fake that implements the same interfaces (test/support/fakeElectron.ts). The
// modules of this folder import only types from 'electron', so they load without its binary.
import type { BrowserWindowConstructorOptions, CustomScheme, Rectangle, Session } from 'electron';

/** Electron's own permission names (from electron.d.ts). */
export type PermissionName = Parameters<NonNullable<Parameters<Session['setPermissionCheckHandler']>[0]>>[1];

export interface PreventableEvent {
  preventDefault(): void;
}

/** will-navigate, will-frame-navigate and will-redirect: Electron's event carries the target URL. */
export interface NavigationEvent extends PreventableEvent {
  url: string;
}

export interface HostDownloadItem {
  cancel(): void;
  getURL(): string;
}

export interface HostSession {
  setPermissionRequestHandler(
    handler: ((contents: unknown, permission: PermissionName, callback: (granted: boolean) => void) => void) | null,
  ): void;
  setPermissionCheckHandler(
    handler: ((contents: unknown, permission: PermissionName, requestingOrigin: string) => boolean) | null,
  ): void;
  on(event: 'will-download', listener: (event: PreventableEvent, item: HostDownloadItem) => void): this;
  webRequest: {
    onBeforeRequest(
      listener:
        | ((
            details: { url: string; webContentsId?: number },
            callback: (response: { cancel?: boolean }) => void,
          ) => void)
        | null,
    ): void;
  };
}

export interface HostWebContents {
  readonly id: number;
  readonly session: HostSession;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(
    event: 'will-navigate' | 'will-frame-navigate' | 'will-redirect',
    listener: (event: NavigationEvent) => void,
  ): this;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): this;
}

export interface HostApp {
  readonly isPackaged: boolean;
  on(event: 'web-contents-created', listener: (event: PreventableEvent, contents: HostWebContents) => void): this;
}

export interface HostProtocol {
  registerSchemesAsPrivileged(schemes: CustomScheme[]): void;
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
}

/** A window the screenshot capture opens offscreen, loads, photographs and destroys. */
export interface CaptureWindow {
  readonly webContents: HostWebContents & {
    loadURL(url: string): Promise<void>;
    capturePage(rect?: Rectangle): Promise<{ toPNG(): Buffer }>;
    setWebRTCIPHandlingPolicy(policy: 'disable_non_proxied_udp'): void;
  };
  destroy(): void;
}

export type CaptureWindowFactory = (options: BrowserWindowConstructorOptions) => CaptureWindow;

/** Electron's Notification, as the attention notifier uses it (issue 32). */
export interface HostNotificationOptions {
  title: string;
  body: string;
  silent: boolean;
  /** macOS only in Electron: buttons beside the notification. */
  actions?: { type: 'button'; text: string }[];
}

export interface HostNotification {
  show(): void;
  close(): void;
  on(event: 'click' | 'close', listener: () => void): this;
  on(event: 'action', listener: (event: unknown, index: number) => void): this;
}

export interface HostNotifier {
  isSupported(): boolean;
  create(options: HostNotificationOptions): HostNotification;
}

/** The main window as a notification's click brings it forward. */
export interface AttentionWindow {
  isFocused(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}
