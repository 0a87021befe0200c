// The app menu with the usual shortcuts (edit, view, window), so copy/paste and reload work.
// The DevTools item exists only in an unpackaged build.
import type { MenuItemConstructorOptions } from 'electron';

export function menuTemplate(options: { platform: NodeJS.Platform; devTools: boolean }): MenuItemConstructorOptions[] {
  return [
    ...(options.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        ...(options.devTools ? [{ role: 'toggleDevTools' as const }] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ];
}
