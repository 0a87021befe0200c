// What needs the owner: the notification choices Settings keeps, and the count the host's badge shows.
import type { DomainApi } from '../api/coreApi';
import type { CoreServices } from './services';

export function attentionCalls(core: CoreServices): DomainApi<'attention'> {
  return {
    get: () => core.attention.get(),
    set: (request) => core.attention.set(request),
    // The dock or taskbar badge is the host's (Electron); the web host has none and says so.
    setCount(request, host) {
      host.setBadgeCount?.(request.count);
      return { shown: host.setBadgeCount !== undefined };
    },
  };
}
