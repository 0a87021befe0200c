// The preload: domain methods from the contract (`paddock.agents.list()`), never a raw channel.
// One sandbox-compatible bundle; it validates nothing itself — the core validates every call.
import { contextBridge, ipcRenderer } from 'electron';
import { CALL_NAMES, IPC_CALL_PREFIX, IPC_EVENT_CHANNEL } from '../shared/ipc/names';

type Method = (request?: unknown) => Promise<unknown>;
const api: Record<string, Record<string, Method>> = {};
for (const name of CALL_NAMES) {
  const [domain, method] = name.split('.') as [string, string];
  api[domain] ??= {};
  api[domain][method] = (request?: unknown) => ipcRenderer.invoke(IPC_CALL_PREFIX + name, request ?? {});
}

contextBridge.exposeInMainWorld('paddock', {
  ...api,
  host: 'electron',
  events: {
    subscribe(listener: (event: unknown) => void): () => void {
      const wrapped = (_event: Electron.IpcRendererEvent, payload: unknown): void => listener(payload);
      ipcRenderer.on(IPC_EVENT_CHANNEL, wrapped);
      return () => ipcRenderer.removeListener(IPC_EVENT_CHANNEL, wrapped);
    },
  },
});
