// Before any spec: say plainly what is missing instead of failing deep inside a browser launch.
import fs from 'node:fs';
import path from 'node:path';

export default function globalSetup(): void {
  const chromium = process.env.PADDOCK_CHROMIUM ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    throw new Error(
      `The e2e suite drives the system Chromium, and there is none at ${chromium}. Install it (Debian/Ubuntu: apt-get install chromium) or set PADDOCK_CHROMIUM to its path.`,
    );
  }
  const renderer = path.resolve(__dirname, '..', '..', 'out', 'renderer', 'index.html');
  if (!fs.existsSync(renderer))
    throw new Error('The window has not been built: run `npm run build` (npm test does it for you).');
}
