// The preload: one `call(name, request)` over one channel, never a raw channel of the page's choice.
// One sandbox-compatible bundle; it validates nothing itself — the core's router checks the name,
// the payload and the sender of every call.
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../shared/ipc/channels';

contextBridge.exposeInMainWorld('paddock', {
  host: 'electron',
  call: (name: string, request?: unknown): Promise<unknown> =>
    ipcRenderer.invoke(IPC_CALL_CHANNEL, name, request ?? {}),
  events: {
    subscribe(listener: (event: unknown) => void): () => void {
      const wrapped = (_event: Electron.IpcRendererEvent, payload: unknown): void => listener(payload);
      ipcRenderer.on(IPC_EVENT_CHANNEL, wrapped);
      return () => ipcRenderer.removeListener(IPC_EVENT_CHANNEL, wrapped);
    },
  },
});
