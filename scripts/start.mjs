// `npm start`: build, then open the Electron window. Where no Electron binary could be installed
// (ELECTRON_SKIP_BINARY_DOWNLOAD=1 on a machine without internet), say so and run the same app as
// a local web page instead (`paddock serve`).
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const build = spawnSync(npx, ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const { electronBinary: findElectron } = require('./electronBinary.cjs');
const electronBinary = findElectron();

// The window's main process is Electron: its build of the native modules goes in place (moved back
// from the cache after npm test; built only the first time). `paddock serve` needs Node's build.
const natives = spawnSync(
  process.execPath,
  [path.join(root, 'scripts', 'ensure-natives.mjs'), electronBinary ? 'electron' : 'node'],
  { cwd: root, stdio: 'inherit' },
);
if (natives.status !== 0) {
  console.error(
    electronBinary
      ? 'Could not build the native modules for Electron; `paddock serve` still runs the same app in your browser.'
      : 'Could not build the native modules for Node.',
  );
  process.exit(1);
}

const child = electronBinary
  ? spawn(electronBinary, [path.join(root, 'out', 'main', 'index.js')], { cwd: root, stdio: 'inherit' })
  : (console.log('Electron is not installed here (its binary download was skipped); starting the web app instead.'),
    spawn(process.execPath, [path.join(root, 'bin', 'paddock.js'), 'serve', ...process.argv.slice(2)], {
      cwd: root,
      stdio: 'inherit',
    }));
child.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
