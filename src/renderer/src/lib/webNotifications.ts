// The Web Notifications API under `paddock serve` (issue 32 item 1). The page shows them itself
// (`new Notification`), so they carry no buttons: a page's notification offers actions only when
// a service worker shows it, which Paddock does not register. A click focuses the window and opens
// the conversation or card. Nothing leaves this machine: the browser draws them.
import type { AttentionNote } from '../../../shared/attention';

export type NotificationAccess = NotificationPermission | 'unsupported';

export function notificationAccess(): NotificationAccess {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asked once, from the owner's click (browsers ignore a request that no gesture started). */
export async function askNotificationAccess(): Promise<NotificationAccess> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

export function showWebNotification(note: AttentionNote, silent: boolean, onClick: () => void): boolean {
  if (notificationAccess() !== 'granted') return false;
  const notification = new Notification(note.title, { body: note.body, tag: note.tag, silent });
  notification.onclick = () => {
    window.focus();
    onClick();
    notification.close();
  };
  return true;
}
