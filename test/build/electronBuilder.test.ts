// Issue 18 item 4: the electron-builder configuration, loaded and validated by electron-builder's
// own code, and what it packs: asar, the fuses (flipped by the pinned @electron/fuses on a binary
// that carries a real fuse wire), and a files list that carries only what the app runs.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const require = createRequire(__filename);

interface BuilderConfig {
  asar: boolean;
  asarUnpack: string[];
  files: { filter: string[] }[];
  npmRebuild: boolean;
  electronFuses?: unknown;
  afterPack: (context: unknown) => Promise<void>;
  icon: string;
  linux: { target: string[] };
  mac: { target: string[] };
}

async function loadConfig(): Promise<BuilderConfig> {
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
    getConfig(projectDir: string, configPath: string | null, configFromOptions: unknown): Promise<BuilderConfig>;
    validateConfiguration(config: unknown, logger: unknown): Promise<void>;
  };
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
  const config = await getConfig(ROOT, path.join(ROOT, 'electron-builder.config.cjs'), null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

type Fuses = typeof import('@electron/fuses');
type FuseScript = typeof import('../../scripts/fuses.mjs');
const fuses = (): Promise<Fuses> => import('@electron/fuses');
const fuseScript = (): Promise<FuseScript> => import('../../scripts/fuses.mjs');

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-builder-'));
  temps.push(dir);
  return dir;
}

/** A stand-in Electron binary: noise around a real V1 fuse wire of `length` fuses, all on. */
async function fakeBinary(dir: string, name: string, length = 9, states?: number[]): Promise<string> {
  const { FuseState } = await fuses();
  const wire = states ?? Array.from({ length }, () => FuseState.ENABLE);
  const file = path.join(dir, name);
  fs.writeFileSync(
    file,
    Buffer.concat([
      Buffer.alloc(4096, 0xcc),
      Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'),
      Buffer.from([1, length, ...wire]),
      Buffer.alloc(4096, 0xdd),
    ]),
  );
  return file;
}

function linuxContext(appOutDir: string) {
  return {
    appOutDir,
    electronPlatformName: 'linux',
    arch: 1,
    packager: { executableName: 'paddock', appInfo: { productFilename: 'Paddock' } },
  };
}

/** The project's own files (what a checkout holds), relative to `dir`; not what installs or builds make. */
function projectFiles(dir: string, prefix = ''): string[] {
  const skipped = new Set(['node_modules', 'out', 'release', '.git', 'test-results', 'playwright-report', '.tmp']);
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return skipped.has(entry.name) && prefix === '' ? [] : projectFiles(dir, relative);
    return entry.isFile() ? [relative] : [];
  });
}

// Loading electron-builder's own code takes a while on a busy machine.
describe('the electron-builder configuration', { timeout: 120_000 }, () => {
  it('is valid for electron-builder 26 and builds Linux AppImage + deb and macOS dmg + zip with the icon', async () => {
    const config = await loadConfig();
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg', 'zip']);
    expect(config.icon).toBe('resources/icon.png');
    const icon = fs.readFileSync(path.join(ROOT, config.icon));
    expect(icon.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([icon.readUInt32BE(16), icon.readUInt32BE(20)]).toEqual([512, 512]);
  });

  it('packs an asar with the native modules unpacked, and leaves node_modules to the natives script', async () => {
    const config = await loadConfig();
    expect(config.asar).toBe(true);
    expect(config.asarUnpack.join(' ')).toMatch(/better-sqlite3/);
    expect(config.asarUnpack.join(' ')).toMatch(/node-pty/);
    expect(config.npmRebuild).toBe(false);
    expect(config.electronFuses).toBeUndefined(); // one flipper: the pinned @electron/fuses in afterPack
  });

  it('carries the built app and package.json, and nothing of the sources, tests, tools or maps', async () => {
    const config = await loadConfig();
    const { FileMatcher } = require('app-builder-lib/out/fileMatcher') as {
      FileMatcher: new (
        from: string,
        to: string,
        expand: (text: string) => string,
        patterns: string[],
      ) => { createFilter(): (file: string, stat: fs.Stats) => boolean };
    };
    const project = tempDir();
    const tracked = projectFiles(ROOT);
    const built = [
      'out/main/index.js',
      'out/main/cli.js',
      'out/main/chunks/core.js',
      'out/main/index.js.map',
      'out/preload/index.js',
      'out/renderer/index.html',
      'out/renderer/assets/index.js',
    ];
    for (const file of [...tracked, ...built]) {
      fs.mkdirSync(path.join(project, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(project, file), '');
    }
    // electron-builder normalises `files` into one file set; its filter is the patterns as written.
    const { filter: patterns } = config.files[0]!;
    const filter = new FileMatcher(project, '/', (text) => text, [...patterns]).createFilter();
    const packed = [...tracked, ...built].filter((file) =>
      filter(path.join(project, file), fs.statSync(path.join(project, file))),
    );
    expect(packed.sort()).toEqual([
      'out/main/chunks/core.js',
      'out/main/cli.js',
      'out/main/index.js',
      'out/preload/index.js',
      'out/renderer/assets/index.js',
      'out/renderer/index.html',
      'package.json',
    ]);
  });

  it('adds only production dependencies, and none of them is a build or test tool', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      main: string;
    };
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    expect(pkg.main).toBe('out/main/index.js');
    const tools = [
      'tsx',
      'esbuild',
      'vitest',
      '@playwright/test',
      'typescript',
      'eslint',
      'electron',
      'electron-builder',
      'electron-vite',
      'vite',
      '@electron/rebuild',
      '@electron/fuses',
      'fast-check',
      'jsdom',
    ];
    for (const tool of tools) {
      expect(Object.keys(pkg.dependencies), `${tool} must not be a runtime dependency`).not.toContain(tool);
      expect(lock.packages[`node_modules/${tool}`]?.dev, `${tool} is reachable from a runtime dependency`).toBe(true);
    }
  });
});

describe('the runtime dependencies', () => {
  it("are only what the main process loads: the renderer's libraries are bundled into its build, so they are devDependencies", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const sources: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx|js|cjs|mjs)$/.test(entry.name)) sources.push(fs.readFileSync(full, 'utf8'));
      }
    };
    for (const dir of ['src/main', 'src/shared', 'src/preload', 'bin']) walk(path.join(ROOT, dir));
    const text = sources.join('\n');
    const unused = Object.keys(pkg.dependencies).filter((name) => {
      const quoted = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      // require.resolve: a file the main process reads from the package (tree-sitter-bash's wasm grammar).
      return !new RegExp(`(from |import\\(|require\\(|require\\.resolve\\()'${quoted}(/[^']*)?'`).test(text);
    });
    expect(unused, 'runtime dependencies the main process never loads').toEqual([]);
  });
});

describe('the fuses', { timeout: 120_000 }, () => {
  it('turn RunAsNode, NODE_OPTIONS, --inspect and file:// privileges off, and cookie encryption, asar integrity and asar-only on', async () => {
    const { FUSES, fuseConfig } = await fuseScript();
    const { FuseV1Options, FuseVersion } = await fuses();
    expect(FUSES).toMatchObject({
      RunAsNode: false,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      GrantFileProtocolExtraPrivileges: false,
      EnableCookieEncryption: true,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
    });
    const config = fuseConfig();
    expect(config.version).toBe(FuseVersion.V1);
    expect(config[FuseV1Options.RunAsNode]).toBe(false);
    expect(config[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
  });

  it('are flipped by the afterPack hook in the packed binary and read back', async () => {
    const config = await loadConfig();
    const { FuseState, FuseV1Options, getCurrentFuseWire } = await fuses();
    const dir = tempDir();
    const binary = await fakeBinary(dir, 'paddock');
    await config.afterPack(linuxContext(dir));
    const wire = await getCurrentFuseWire(binary);
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.WasmTrapHandlers]).toBe(FuseState.ENABLE); // not ours: left as Electron ships it
  });

  it('are read back, and an unflipped binary is named fuse by fuse', async () => {
    const { fuseMismatches } = await fuseScript();
    const dir = tempDir();
    const binary = await fakeBinary(dir, 'paddock');
    expect(await fuseMismatches(binary)).toEqual([
      'RunAsNode should be off but is ENABLE',
      'EnableNodeOptionsEnvironmentVariable should be off but is ENABLE',
      'EnableNodeCliInspectArguments should be off but is ENABLE',
      'LoadBrowserProcessSpecificV8Snapshot should be off but is ENABLE',
      'GrantFileProtocolExtraPrivileges should be off but is ENABLE',
    ]);
  });

  it('fail the build when the binary cannot carry them', async () => {
    const config = await loadConfig();
    const short = tempDir();
    await fakeBinary(short, 'paddock', 3);
    await expect(config.afterPack(linuxContext(short))).rejects.toThrow(/not long enough/);
    await expect(config.afterPack(linuxContext(tempDir()))).rejects.toThrow(/ENOENT/);
  });
});
