// A project's virtualenv runs its base interpreter, which the sandbox must show (pyenv, uv keep it
// under the owner's home). pyvenv.cfg is a file the agent may write, so inside the home only a
// version manager's interpreter is believed: naming any other home directory shows nothing.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toolchainDirsFor } from '../../../src/main/sandbox/toolchains';
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

// The pyvenv.cfg `home` and the PATH entries are resolved first, then checked: the agent can write
// the file and make any link in the workspace, so what is bound is decided on the real place.
function places() {
  const root = temp.make();
  const home = path.join(root, 'home');
  const data = path.join(root, 'data');
  const ws = path.join(root, 'project');
  const other = path.join(root, 'other-agent');
  const srv = path.join(root, 'srv', 'app');
  for (const dir of [home, data, path.join(ws, '.venv'), other, path.join(srv, 'bin')])
    fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(other, '.env'), 'SECRET=1\n');
  fs.writeFileSync(path.join(srv, 'bin', 'python3'), '#!/bin/sh\n', { mode: 0o755 });
  fs.writeFileSync(path.join(srv, '.env'), 'DATABASE_URL=secret\n');
  const cfg = (venvHome: string) =>
    fs.writeFileSync(path.join(ws, '.venv', 'pyvenv.cfg'), `home = ${venvHome}\nversion = 3.11.7\n`);
  const interpreter = (bin: string, mode = 0o755) => {
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(path.join(bin, 'python3.11'), '#!/bin/sh\n', { mode });
    fs.symlinkSync('python3.11', path.join(bin, 'python3'));
  };
  const dirs = (PATH = '/usr/bin:/bin') => toolchainDirsFor(PATH, home, data, ws);
  return { root, home, data, ws, other, srv, cfg, interpreter, dirs };
}

describe('a pyvenv.cfg home is resolved, then checked', () => {
  it('a `home = <ws>/l/bin` whose link leads to another agent’s workspace holding a `python3` entry binds nothing', () => {
    const w = places();
    fs.mkdirSync(path.join(w.other, 'python3'));
    fs.mkdirSync(path.join(w.ws, 'l'));
    fs.symlinkSync(w.other, path.join(w.ws, 'l', 'bin'));
    w.cfg(path.join(w.ws, 'l', 'bin'));
    expect(w.dirs()).toEqual([]);
  });

  it('a deployed app’s bin/python3 outside the home binds nothing, named directly or through a link', () => {
    const w = places();
    w.cfg(path.join(w.srv, 'bin'));
    expect(w.dirs()).toEqual([]);
    fs.symlinkSync(path.join(w.srv, 'bin'), path.join(w.ws, 'base-bin'));
    w.cfg(path.join(w.ws, 'base-bin'));
    expect(w.dirs()).toEqual([]);
  });

  it('under a version manager’s root: a folder named python3, a non-executable file, or an interpreter link leading out bind nothing', () => {
    const w = places();
    const bin = path.join(w.home, '.pyenv/versions/3.11.7/bin');
    fs.mkdirSync(path.join(bin, 'python3'), { recursive: true });
    w.cfg(bin);
    expect(w.dirs(), 'folder').toEqual([]);
    fs.rmSync(path.join(bin, 'python3'), { recursive: true });
    fs.writeFileSync(path.join(bin, 'python3'), 'not a program', { mode: 0o644 });
    expect(w.dirs(), 'not executable').toEqual([]);
    fs.rmSync(path.join(bin, 'python3'));
    fs.symlinkSync(path.join(w.srv, 'bin', 'python3'), path.join(bin, 'python3'));
    expect(w.dirs(), 'link out').toEqual([]);
  });

  it('a version under a manager’s root that is a link to a place outside it binds nothing', () => {
    const w = places();
    fs.mkdirSync(path.join(w.home, '.pyenv/versions'), { recursive: true });
    fs.symlinkSync(w.srv, path.join(w.home, '.pyenv/versions/3.11.7'));
    w.cfg(path.join(w.home, '.pyenv/versions/3.11.7/bin'));
    expect(w.dirs()).toEqual([]);
  });

  it('the data directory, a deny-listed directory and the workspace itself are never bound', () => {
    const w = places();
    for (const bin of [
      path.join(w.data, 'py/bin'),
      path.join(w.home, '.ssh/bin'),
      path.join(w.home, '.config/gh/bin'),
      path.join(w.ws, 'py/bin'),
    ]) {
      w.interpreter(bin);
      w.cfg(bin);
      expect(w.dirs(), bin).toEqual([]);
    }
  });

  it('a real interpreter under a version manager’s root is bound (its installation, resolved), also through the owner’s alias link', () => {
    const w = places();
    const prefix = path.join(w.home, '.pyenv/versions/3.11.7');
    w.interpreter(path.join(prefix, 'bin'));
    w.cfg(path.join(prefix, 'bin'));
    expect(w.dirs()).toEqual([prefix]);
    fs.symlinkSync('3.11.7', path.join(w.home, '.pyenv/versions/3.11'));
    w.cfg(path.join(w.home, '.pyenv/versions/3.11/bin'));
    expect(w.dirs()).toEqual([prefix]);
  });

  it('a system interpreter needs no bind (the system is read-only inside already)', () => {
    const w = places();
    w.cfg('/usr/bin');
    expect(w.dirs()).toEqual([]);
  });
});

describe('PATH entries are resolved, then checked', () => {
  it('the venv’s bin (first on PATH) swapped for a link to a deployed app binds nothing', () => {
    const w = places();
    fs.symlinkSync(path.join(w.srv, 'bin'), path.join(w.ws, '.venv', 'bin'));
    expect(w.dirs(`${path.join(w.ws, '.venv', 'bin')}:/usr/bin:/bin`)).toEqual([]);
  });

  it('an entry reached through a link to the workspace binds nothing either', () => {
    const w = places();
    fs.symlinkSync(path.join(w.srv, 'bin'), path.join(w.ws, 'tools'));
    fs.symlinkSync(w.ws, path.join(w.root, 'ws-alias'));
    expect(w.dirs(`${path.join(w.root, 'ws-alias', 'tools')}:/usr/bin`)).toEqual([]);
  });

  it('a toolchain directory that holds the workspace (and its neighbours) is not bound', () => {
    const w = places();
    const projects = path.join(w.root, 'projects');
    fs.mkdirSync(path.join(projects, 'mine'), { recursive: true });
    fs.mkdirSync(path.join(projects, 'bin'));
    expect(
      toolchainDirsFor(`${path.join(projects, 'bin')}:/usr/bin`, w.home, w.data, path.join(projects, 'mine')),
    ).toEqual([]);
  });

  it('the owner’s toolchains are still bound: nvm in the home, a tools directory outside it', () => {
    const w = places();
    const nvm = path.join(w.home, '.nvm/versions/node/v22.1.0');
    fs.mkdirSync(path.join(nvm, 'bin'), { recursive: true });
    const tools = path.join(w.root, 'tools');
    fs.mkdirSync(path.join(tools, 'bin'), { recursive: true });
    expect(w.dirs(`${path.join(nvm, 'bin')}:${path.join(tools, 'bin')}:/usr/bin`)).toEqual([nvm, tools]);
  });
});
