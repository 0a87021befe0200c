// A sandboxed preload can require 'electron' and nothing else: each built preload (the window's and
// the screenshot window's) is one file, with no chunk of its own to require. Reads the build the
// e2e tier makes (npm test builds before Playwright); builds it when absent.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const OUT = path.join(ROOT, 'out', 'preload');

describe('the built preloads', () => {
  it('are one file each that requires only electron', () => {
    if (!fs.existsSync(path.join(OUT, 'capture.js'))) {
      const build = spawnSync(
        process.execPath,
        [path.join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'],
        { cwd: ROOT, encoding: 'utf8', timeout: 300_000 },
      );
      expect(build.status, build.stderr).toBe(0);
    }
    expect(
      fs
        .readdirSync(OUT)
        .filter((name) => name.endsWith('.js'))
        .sort(),
    ).toEqual(['capture.js', 'index.js']);
    for (const name of ['capture.js', 'index.js']) {
      const code = fs.readFileSync(path.join(OUT, name), 'utf8');
      const required = [...code.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]);
      expect(new Set(required), name).toEqual(new Set(['electron']));
    }
    expect(fs.readFileSync(path.join(OUT, 'capture.js'), 'utf8')).toContain('executeInMainWorld');
  }, 320_000);
});
