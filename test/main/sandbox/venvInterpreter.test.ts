// A project's virtualenv runs its base interpreter, which the sandbox must show (pyenv, uv keep it
// under the owner's home). pyvenv.cfg is a file the agent may write, so inside the home only a
// version manager's interpreter is believed: naming any other home directory shows nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toolchainDirsFor } from '../../../src/main/sandbox/sandbox';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs('paddock-venv-sbx-');
afterEach(() => temp.cleanup());

function world(venvHome: (home: string) => string) {
  const root = temp.make();
  const home = path.join(root, 'home');
  const data = path.join(root, 'data');
  const ws = path.join(root, 'project');
  fs.mkdirSync(path.join(ws, '.venv'), { recursive: true });
  fs.mkdirSync(data);
  const bin = venvHome(home);
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(path.join(bin, 'python3'), '', { mode: 0o755 });
  fs.writeFileSync(path.join(ws, '.venv', 'pyvenv.cfg'), `home = ${bin}\nversion = 3.11.7\n`);
  return { home, data, ws, prefix: path.dirname(bin) };
}

describe('the sandbox and a virtualenv’s base interpreter', () => {
  it('shows a pyenv or uv interpreter under the home, read-only like a PATH toolchain', () => {
    for (const where of ['.pyenv/versions/3.11.7/bin', '.local/share/uv/python/cpython-3.12/bin']) {
      const w = world((home) => path.join(home, where));
      expect(toolchainDirsFor('/usr/bin:/bin', w.home, w.data, w.ws)).toContain(w.prefix);
    }
  });

  it('shows nothing for a pyvenv.cfg that names another home directory, the home itself, or no interpreter', () => {
    for (const where of ['Documents/secrets/bin', 'bin', '.pyenv/bin', '.ssh/bin']) {
      const w = world((home) => path.join(home, where));
      const dirs = toolchainDirsFor('/usr/bin:/bin', w.home, w.data, w.ws);
      expect(dirs, where).toEqual([]);
    }
    const w = world((home) => path.join(home, '.pyenv/versions/3.11.7/bin'));
    fs.rmSync(path.join(w.prefix, 'bin', 'python3'));
    expect(toolchainDirsFor('/usr/bin:/bin', w.home, w.data, w.ws)).toEqual([]);
  });
});
