// Native modules (better-sqlite3, node-pty) are built for one runtime at a time: Node for the tests
// and `paddock serve`, Electron for the window. These helpers check which one they load in and
// rebuild when they do not — on the owner's machine, never in postinstall.
import { spawnSync } from 'node:child_process';

const NATIVES = ['better-sqlite3', 'node-pty'];
const PROBE = NATIVES.map((name) => `require(${JSON.stringify(name)});`).join('');

/** Whether the native modules load in `runtime` (Node itself, or Electron run as Node). */
export function nativesLoad(runtime = process.execPath, env = {}) {
  const probe = spawnSync(runtime, ['-e', PROBE], { env: { ...process.env, ...env }, stdio: 'ignore' });
  return probe.status === 0;
}

export function rebuildForNode(cwd) {
  console.log('Rebuilding better-sqlite3 and node-pty for Node (they were last built for Electron)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return spawnSync(npm, ['rebuild', ...NATIVES], { cwd, stdio: 'inherit' }).status === 0;
}

export function rebuildForElectron(cwd) {
  console.log('Building better-sqlite3 and node-pty for Electron (this downloads Electron’s headers once)…');
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  return spawnSync(npx, ['--yes', '@electron/rebuild@3', '--force', '--only', NATIVES.join(',')], { cwd, stdio: 'inherit' }).status === 0;
}
