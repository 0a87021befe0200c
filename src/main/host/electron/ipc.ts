// Registers the one call channel: each call's sender is checked and its name and payload go to the
// core's router, which refuses a name the contract does not declare and validates the payload.
// Events go to the window on one channel.
import { ipcMain, type BrowserWindow } from 'electron';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL, type PaddockEvent } from '../../../shared/ipc';
import type { ApiRouter } from '../../api/router';
import { isTrustedSender } from './security';

export function registerIpc(router: ApiRouter, window: () => BrowserWindow | null, appUrl: () => string): void {
  ipcMain.handle(IPC_CALL_CHANNEL, (event, name: unknown, payload: unknown) => {
    const own = window()?.webContents ?? null;
    const trusted = isTrustedSender(event.senderFrame, own, appUrl());
    return router(name, payload, { trusted, describe: event.senderFrame?.url ?? 'unknown frame' });
  });
}

export function forwardEvents(
  subscribe: (listener: (event: PaddockEvent) => void) => () => void,
  window: () => BrowserWindow | null,
): () => void {
  return subscribe((event) => {
    const target = window();
    if (target && !target.isDestroyed()) target.webContents.send(IPC_EVENT_CHANNEL, event);
  });
}
