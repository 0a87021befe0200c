// Issue 18 item 5: npm start (Electron) and npm test (Node) stop rebuilding the native modules for
// each other. Here on a real node_modules tree in a temp dir, with the compiler played by a
// function that writes a build and counts: start, test, start, test rebuilds once in all.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureNatives, nodeTarget, type NativesTarget } from '../../scripts/natives.mjs';

const NODE: NativesTarget = { kind: 'node', key: 'node-abi127-linux-x64' };
const ELECTRON: NativesTarget = { kind: 'electron', version: '45.5.0', key: 'electron-45.5.0-linux-x64' };
const MODULES = ['better-sqlite3', 'node-pty'];

let root: string;
let rebuilds: string[];

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-natives-'));
  rebuilds = [];
  // What npm ci leaves: each module built for this Node, without a mark.
  for (const name of MODULES) writeBinary(name, NODE.key);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function binary(name: string): string {
  return path.join(root, 'node_modules', name, 'build', 'Release', 'native.node');
}
function writeBinary(name: string, runtime: string): void {
  fs.mkdirSync(path.dirname(binary(name)), { recursive: true });
  fs.writeFileSync(binary(name), `built for ${runtime}`);
}
function builtFor(name: string): string {
  return fs.readFileSync(binary(name), 'utf8');
}

/** One run of `node scripts/ensure-natives.mjs <runtime>`. */
function ensure(target: NativesTarget, identify: (name: string) => string | null = () => NODE.key) {
  return ensureNatives({
    root,
    target,
    modules: MODULES,
    identify,
    rebuild: (wanted, names) => {
      for (const name of names) {
        rebuilds.push(`${name}@${wanted.key}`);
        writeBinary(name, wanted.key);
      }
      return true;
    },
  });
}

describe('ensureNatives', () => {
  it('npm start, npm test, npm start, npm test: one rebuild, for Electron, the first time', () => {
    expect(ensure(ELECTRON)).toEqual({ 'better-sqlite3': 'rebuilt', 'node-pty': 'rebuilt' });
    expect(builtFor('better-sqlite3')).toBe(`built for ${ELECTRON.key}`);
    expect(ensure(NODE)).toEqual({ 'better-sqlite3': 'from cache', 'node-pty': 'from cache' });
    expect(builtFor('better-sqlite3')).toBe(`built for ${NODE.key}`);
    expect(ensure(ELECTRON)).toEqual({ 'better-sqlite3': 'from cache', 'node-pty': 'from cache' });
    expect(builtFor('node-pty')).toBe(`built for ${ELECTRON.key}`);
    expect(ensure(NODE)).toEqual({ 'better-sqlite3': 'from cache', 'node-pty': 'from cache' });
    expect(ensure(NODE)).toEqual({ 'better-sqlite3': 'in place', 'node-pty': 'in place' });
    expect(rebuilds).toEqual([`better-sqlite3@${ELECTRON.key}`, `node-pty@${ELECTRON.key}`]);
  });

  it('marks a fresh build once it is identified, and asks no more', () => {
    let asked = 0;
    const identify = (): string => {
      asked += 1;
      return NODE.key;
    };
    expect(ensure(NODE, identify)).toEqual({ 'better-sqlite3': 'in place', 'node-pty': 'in place' });
    expect(ensure(NODE, identify)).toEqual({ 'better-sqlite3': 'in place', 'node-pty': 'in place' });
    expect(asked).toBe(2);
    expect(rebuilds).toEqual([]);
  });

  it('rebuilds a build it cannot name, and a module whose build is missing', () => {
    fs.rmSync(path.join(root, 'node_modules', 'node-pty', 'build'), { recursive: true });
    expect(ensure(NODE, () => null)).toEqual({ 'better-sqlite3': 'rebuilt', 'node-pty': 'rebuilt' });
    expect(builtFor('node-pty')).toBe(`built for ${NODE.key}`);
  });

  it('a new Electron version is a new runtime: built once, the old one left in the cache', () => {
    ensure(ELECTRON);
    const next: NativesTarget = { kind: 'electron', version: '46.0.0', key: 'electron-46.0.0-linux-x64' };
    expect(ensure(next)).toEqual({ 'better-sqlite3': 'rebuilt', 'node-pty': 'rebuilt' });
    expect(ensure(ELECTRON)).toEqual({ 'better-sqlite3': 'from cache', 'node-pty': 'from cache' });
  });

  it('says which runtime failed to build, and leaves no build marked as done', () => {
    expect(() =>
      ensureNatives({ root, target: ELECTRON, modules: MODULES, identify: () => NODE.key, rebuild: () => false }),
    ).toThrow(`Could not build better-sqlite3, node-pty for ${ELECTRON.key}`);
    expect(ensure(NODE)).toEqual({ 'better-sqlite3': 'from cache', 'node-pty': 'from cache' });
  });

  it('names this Node by its module ABI, platform and arch', () => {
    expect(nodeTarget().key).toBe(`node-abi${process.versions.modules}-${process.platform}-${process.arch}`);
  });
});
