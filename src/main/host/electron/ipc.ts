// Registers one handler per call of the contract; each checks the sender and hands the payload
// to the core's router, which validates it. Events go to the window on one channel.
import { ipcMain, type BrowserWindow } from 'electron';
import { CALL_NAMES, IPC_CALL_PREFIX, IPC_EVENT_CHANNEL, type PaddockEvent } from '../../../shared/ipc';
import type { ApiRouter } from '../../api/router';
import { isTrustedSender } from './security';

export function registerIpc(router: ApiRouter, window: () => BrowserWindow | null, appUrl: () => string): void {
  for (const name of CALL_NAMES) {
    ipcMain.handle(IPC_CALL_PREFIX + name, (event, payload: unknown) => {
      const own = window()?.webContents ?? null;
      const trusted = isTrustedSender(event.senderFrame, own, appUrl());
      return router(name, payload, { trusted, describe: event.senderFrame?.url ?? 'unknown frame' });
    });
  }
}

export function forwardEvents(subscribe: (listener: (event: PaddockEvent) => void) => () => void, window: () => BrowserWindow | null): () => void {
  return subscribe((event) => {
    const target = window();
    if (target && !target.isDestroyed()) target.webContents.send(IPC_EVENT_CHANNEL, event);
  });
}
