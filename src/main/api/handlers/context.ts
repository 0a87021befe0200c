import type { AppInfo } from '../../../shared/ipc';
import type { CoreApi } from '../coreApi';

export interface HostCapabilities {
  host: 'electron' | 'web';
  version: string;
  /** Electron: the system folder dialog. The web host has none: the owner types a path. */
  pickDirectory?: () => Promise<string | null>;
  /** Electron: the preview in its own view with its own session, so its cookie is first-party (SPEC §9). */
  previewView?: {
    show(key: string, ticketUrl: () => Promise<string>, bounds: { x: number; y: number; width: number; height: number }): void;
    hide(): void;
  };
  /** Electron: the dock or taskbar badge shows how many things need the owner. */
  setBadgeCount?: (count: number) => void;
}

/** app.info: the core's facts and the host's own (its name, version, folder dialog). */
export function appInfo(core: CoreApi, host: HostCapabilities): AppInfo {
  return { ...core.appInfo(), version: host.version, host: host.host, canPickDirectory: host.pickDirectory !== undefined };
}
