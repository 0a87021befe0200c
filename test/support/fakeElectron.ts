// A small in-memory Electron for the host's unit tests: it implements the host's narrow interfaces
// (src/main/host/electron/surface.ts), which index.ts and adapters.ts check against electron.d.ts
// with the real objects. It records what the host installs and lets a test play Electron's part:
// create a webContents, navigate, redirect, download, ask for a permission, fetch an app:// URL.
import type { BrowserWindowConstructorOptions, CustomScheme, Rectangle } from 'electron';
import type {
  AttentionWindow,
  CaptureWindow,
  HostNotification,
  HostNotificationOptions,
  HostNotifier,
  HostApp,
  HostDownloadItem,
  HostProtocol,
  HostSession,
  HostWebContents,
  NavigationEvent,
  PermissionName,
  PreventableEvent,
} from '../../src/main/host/electron/surface';

type Listener = (...args: never[]) => void;

class Listeners {
  private readonly byEvent = new Map<string, Listener[]>();
  add(event: string, listener: Listener): void {
    this.byEvent.set(event, [...(this.byEvent.get(event) ?? []), listener]);
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.byEvent.get(event) ?? []) (listener as (...values: unknown[]) => void)(...args);
  }
  count(event: string): number {
    return this.byEvent.get(event)?.length ?? 0;
  }
}

function preventable<T extends object>(fields: T): T & PreventableEvent & { prevented: boolean } {
  const event = {
    ...fields,
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
  };
  return event;
}

export class FakeSession implements HostSession {
  readonly listeners = new Listeners();
  requestHandler: Parameters<HostSession['setPermissionRequestHandler']>[0] = null;
  checkHandler: Parameters<HostSession['setPermissionCheckHandler']>[0] = null;
  beforeRequest: Parameters<HostSession['webRequest']['onBeforeRequest']>[0] = null;
  readonly webRequest = {
    onBeforeRequest: (listener: Parameters<HostSession['webRequest']['onBeforeRequest']>[0]): void => {
      this.beforeRequest = listener;
    },
  };

  constructor(readonly partition: string) {}

  setPermissionRequestHandler(handler: Parameters<HostSession['setPermissionRequestHandler']>[0]): void {
    this.requestHandler = handler;
  }
  setPermissionCheckHandler(handler: Parameters<HostSession['setPermissionCheckHandler']>[0]): void {
    this.checkHandler = handler;
  }
  on(event: 'will-download', listener: (event: PreventableEvent, item: HostDownloadItem) => void): this {
    this.listeners.add(event, listener);
    return this;
  }

  /** Electron asking whether a permission is granted; null when no handler decides (Electron's default: granted). */
  check(permission: PermissionName, origin: string): boolean | null {
    return this.checkHandler ? this.checkHandler(null, permission, origin) : null;
  }
  /** Electron asking for a permission; resolves with the handler's answer (no handler: Electron grants). */
  request(permission: PermissionName): Promise<boolean> {
    const handler = this.requestHandler;
    if (!handler) return Promise.resolve(true);
    return new Promise((resolve) => handler(null, permission, resolve));
  }
  /** A page starting a download; returns whether it went ahead. */
  download(url: string): boolean {
    let cancelled = false;
    const item: HostDownloadItem = { cancel: () => void (cancelled = true), getURL: () => url };
    const event = preventable({});
    this.listeners.emit('will-download', event, item);
    return !event.prevented && !cancelled;
  }
  /** A request from `webContentsId`; returns whether it is let through. */
  sendRequest(url: string, webContentsId?: number): Promise<boolean> {
    const listener = this.beforeRequest;
    if (!listener) return Promise.resolve(true);
    return new Promise((resolve) => listener({ url, webContentsId }, (response) => resolve(response.cancel !== true)));
  }
}

let nextContentsId = 1;

export class FakeWebContents implements HostWebContents {
  readonly id = nextContentsId++;
  readonly listeners = new Listeners();
  openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  readonly loaded: string[] = [];
  loadError: Error | null = null;
  picture = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  constructor(readonly session: FakeSession) {}

  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.openHandler = handler;
  }
  on(
    event: 'will-navigate' | 'will-frame-navigate' | 'will-redirect',
    listener: (event: NavigationEvent) => void,
  ): this;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): this;
  on(event: string, listener: Listener): this {
    this.listeners.add(event, listener);
    return this;
  }
  async loadURL(url: string): Promise<void> {
    this.steps.push(`load:${url}`);
    if (this.loadError) throw this.loadError;
    this.loaded.push(url);
  }
  async capturePage(_rect?: Rectangle): Promise<{ toPNG(): Buffer }> {
    return { toPNG: () => this.picture };
  }
  /** What the capture set before loading, in order with the loads (`policy:<name>`). */
  readonly steps: string[] = [];
  setWebRTCIPHandlingPolicy(policy: string): void {
    this.steps.push(`policy:${policy}`);
  }

  /** The page (or a redirect) asking to go to `url`; returns whether it may. */
  attempt(event: 'will-navigate' | 'will-frame-navigate' | 'will-redirect', url: string): boolean {
    const navigation = preventable({ url });
    this.listeners.emit(event, navigation);
    return !navigation.prevented;
  }
  attachWebview(): boolean {
    const event = preventable({});
    this.listeners.emit('will-attach-webview', event);
    return !event.prevented;
  }
  /** window.open from the page: what the handler answers (no handler: Electron allows). */
  windowOpen(url: string): 'allow' | 'deny' {
    return this.openHandler ? this.openHandler({ url }).action : 'allow';
  }
}

export class FakeApp implements HostApp {
  readonly listeners = new Listeners();
  constructor(readonly isPackaged = false) {}
  on(event: 'web-contents-created', listener: (event: PreventableEvent, contents: HostWebContents) => void): this {
    this.listeners.add(event, listener);
    return this;
  }
}

export class FakeProtocol implements HostProtocol {
  readonly privileged: CustomScheme[] = [];
  readonly handlers = new Map<string, (request: Request) => Response | Promise<Response>>();
  registerSchemesAsPrivileged(schemes: CustomScheme[]): void {
    this.privileged.push(...schemes);
  }
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    if (this.handlers.has(scheme)) throw new Error(`scheme ${scheme} is already handled`);
    this.handlers.set(scheme, handler);
  }
  /** What the renderer gets for `url`, through the handler the host installed. */
  async fetch(url: string, init?: RequestInit): Promise<Response> {
    const scheme = new URL(url).protocol.slice(0, -1);
    const handler = this.handlers.get(scheme);
    if (!handler) throw new Error(`no handler for ${scheme}:`);
    return handler(new Request(url, init));
  }
}

/** Electron itself: sessions by partition, and every webContents announced to the app as Electron does. */
export class FakeElectron {
  readonly app: FakeApp;
  readonly protocol = new FakeProtocol();
  readonly sessions = new Map<string, FakeSession>();
  readonly windows: FakeCaptureWindow[] = [];

  constructor(options: { packaged?: boolean } = {}) {
    this.app = new FakeApp(options.packaged ?? false);
  }

  fromPartition(partition: string): FakeSession {
    const existing = this.sessions.get(partition);
    if (existing) return existing;
    const created = new FakeSession(partition);
    this.sessions.set(partition, created);
    return created;
  }

  /** A new webContents in `partition` (default: the default session), announced through web-contents-created. */
  createContents(partition = ''): FakeWebContents {
    const contents = new FakeWebContents(this.fromPartition(partition));
    this.app.listeners.emit('web-contents-created', preventable({}), contents);
    return contents;
  }

  /** `new BrowserWindow(options)`: records the options; its webContents is in the options' partition. */
  openWindow = (options: BrowserWindowConstructorOptions): FakeCaptureWindow => {
    const window = new FakeCaptureWindow(options, this.createContents(options.webPreferences?.partition ?? ''));
    this.windows.push(window);
    return window;
  };
}

export class FakeCaptureWindow implements CaptureWindow {
  destroyed = false;
  constructor(
    readonly options: BrowserWindowConstructorOptions,
    readonly webContents: FakeWebContents,
  ) {}
  destroy(): void {
    this.destroyed = true;
  }
}

/** Electron's Notification as the attention notifier sees it: what was shown, and a way to click it. */
export class FakeNotification implements HostNotification {
  readonly listeners = new Listeners();
  shown = false;
  closed = false;
  constructor(readonly options: HostNotificationOptions) {}
  show(): void {
    this.shown = true;
  }
  close(): void {
    this.closed = true;
    this.listeners.emit('close');
  }
  on(event: 'click' | 'close' | 'action', listener: (...args: never[]) => void): this {
    this.listeners.add(event, listener);
    return this;
  }
  /** The owner clicks the notification's body. */
  click(): void {
    this.listeners.emit('click');
  }
  /** The owner presses one of its buttons (macOS). */
  action(index: number): void {
    this.listeners.emit('action', {}, index);
  }
}

export class FakeNotifier implements HostNotifier {
  readonly created: FakeNotification[] = [];
  supported = true;
  isSupported(): boolean {
    return this.supported;
  }
  create(options: HostNotificationOptions): FakeNotification {
    const notification = new FakeNotification(options);
    this.created.push(notification);
    return notification;
  }
}

/** The main window as the notifier reads and raises it. */
export class FakeAttentionWindow implements AttentionWindow {
  focused = false;
  minimized = false;
  raised = 0;
  isFocused(): boolean {
    return this.focused;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  show(): void {}
  focus(): void {
    this.raised++;
    this.focused = true;
  }
}
