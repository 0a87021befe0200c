// One native-module story (issue 18 item 5). better-sqlite3 and node-pty are built for one runtime
// at a time: Node for the tests and `paddock serve`, Electron for the window and the package. Each
// build is kept: the build in place carries a mark naming its runtime, and a build for the other
// runtime waits in node_modules/.cache/paddock-natives/<runtime>/<module>/build. Switching runtime
// moves directories; a module is rebuilt only the first time a runtime needs it (and after npm ci,
// which empties node_modules). `npm start`, `npm test`, `npm start` rebuild nothing after the first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const NATIVES = ['better-sqlite3', 'node-pty'];
const MARK = '.paddock-runtime';

/** The runtime a build is for: Node by its module ABI, Electron by its version; both by platform and arch. */
export function nodeTarget() {
  return { kind: 'node', key: `node-abi${process.versions.modules}-${process.platform}-${process.arch}` };
}

export function electronTarget(root) {
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8'));
  return { kind: 'electron', version, key: `electron-${version}-${process.platform}-${process.arch}` };
}

function buildDir(root, name) {
  return path.join(root, 'node_modules', name, 'build');
}

function cachedBuild(root, key, name) {
  return path.join(root, 'node_modules', '.cache', 'paddock-natives', key, name, 'build');
}

function readMark(dir) {
  try {
    return fs.readFileSync(path.join(dir, MARK), 'utf8').trim();
  } catch {
    return null;
  }
}

function move(from, to) {
  fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.renameSync(from, to);
}

/**
 * Puts every module's build for `target` in place. `identify(name)` names the runtime of a build
 * without a mark (a fresh npm ci) or returns null; `rebuild(target, names)` builds the missing ones
 * in place. Returns what happened to each module: 'in place', 'from cache' or 'rebuilt'.
 */
export function ensureNatives({ root, target, modules = NATIVES, identify, rebuild, log = () => undefined }) {
  const outcome = {};
  const missing = [];
  for (const name of modules) {
    const dir = buildDir(root, name);
    const present = fs.existsSync(dir);
    const current = present ? (readMark(dir) ?? identify(name)) : null;
    if (current === target.key) {
      if (readMark(dir) === null) fs.writeFileSync(path.join(dir, MARK), `${current}\n`);
      outcome[name] = 'in place';
      continue;
    }
    if (present && current) move(dir, cachedBuild(root, current, name));
    else if (present) fs.rmSync(dir, { recursive: true, force: true }); // a build for no runtime we know
    const cached = cachedBuild(root, target.key, name);
    if (fs.existsSync(cached)) {
      move(cached, dir);
      outcome[name] = 'from cache';
    } else {
      missing.push(name);
    }
  }
  if (missing.length > 0) {
    log(`Building ${missing.join(' and ')} for ${target.key} (once; later switches reuse the build)…`);
    if (!rebuild(target, missing))
      throw new Error(`Could not build ${missing.join(', ')} for ${target.key}: read the compiler's errors above.`);
    for (const name of missing) {
      fs.writeFileSync(path.join(buildDir(root, name), MARK), `${target.key}\n`);
      outcome[name] = 'rebuilt';
    }
  }
  return outcome;
}

/** Whether `name` loads in `runtime` (Node itself, or Electron run as Node). */
export function loads(name, runtime = process.execPath, env = {}) {
  const probe = spawnSync(runtime, ['-e', `require(${JSON.stringify(name)})`], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  return probe.status === 0;
}

/** The real rebuilds: npm's for Node, the pinned @electron/rebuild for Electron. */
export function rebuildWith(root) {
  return (target, names) => {
    if (target.kind === 'node') {
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      return spawnSync(npm, ['rebuild', ...names], { cwd: root, stdio: 'inherit' }).status === 0;
    }
    const bin = path.join(
      root,
      'node_modules',
      '.bin',
      process.platform === 'win32' ? 'electron-rebuild.cmd' : 'electron-rebuild',
    );
    const args = ['--force', '--only', names.join(','), '--version', target.version, '--module-dir', root];
    return spawnSync(bin, args, { cwd: root, stdio: 'inherit' }).status === 0;
  };
}
