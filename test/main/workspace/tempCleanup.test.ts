// Issue 14 §4: a `kill -9` during a write leaves its `.paddock-tmp-*` file in the workspace; the
// next start removes it. A real child writing 4 MB files through the write path is SIGKILLed until
// temp files are left behind, then Paddock starts on the same data directory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { removeInterruptedTempFiles, pendingWritesDir } from '../../../src/main/workspace/tempJournal';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

const SIZE = 2 * 1024 * 1024;

function killWriter(bundle: string, ws: string, home: string, dataDir: string, delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, ws, home, dataDir, String(SIZE)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), delayMs));
    child.once('exit', (code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`writer exited ${code}: ${stderr}`)),
    );
  });
}

const leftovers = (dir: string): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.startsWith('.paddock-tmp-')) : [];

describe('temp files of writes interrupted by kill -9', () => {
  it('are removed when Paddock next starts, and the file written keeps whole content', async () => {
    const root = temp.make();
    const ws = path.join(root, 'ws');
    const home = path.join(root, 'home');
    const dataDir = path.join(root, 'data');
    for (const dir of [ws, home, dataDir]) fs.mkdirSync(dir, { recursive: true });
    const bundle = path.join(root, 'writer.mjs');
    buildSync({
      entryPoints: [path.join(__dirname, 'children', 'writer.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: bundle,
      logLevel: 'error',
    });

    const big = path.join(ws, 'big');
    const done = (): boolean => leftovers(big).length >= 2 && fs.existsSync(path.join(big, 'file.bin'));
    for (let i = 0; i < 60 && !done(); i++) await killWriter(bundle, ws, home, dataDir, 20 + (i % 10) * 15);
    const left = leftovers(big);
    expect(left.length).toBeGreaterThan(0);
    // An unrelated file that merely looks like one, and was never noted, is not touched.
    fs.writeFileSync(path.join(ws, '.paddock-tmp-0123456789abcdef'), 'the owner’s own');

    const { core } = await buildTestCore(root);
    await core.shutdown();
    expect(leftovers(big)).toEqual([]);
    expect(fs.readFileSync(path.join(ws, '.paddock-tmp-0123456789abcdef'), 'utf8')).toBe('the owner’s own');
    expect(fs.readdirSync(pendingWritesDir(dataDir))).toEqual([]);
    const content = fs.readFileSync(path.join(big, 'file.bin'));
    expect(content.length).toBe(SIZE);
    expect(content.every((byte) => byte === content[0])).toBe(true);
  }, 120_000);

  it('a note pointing through a link, or at a name that is not a temp name, removes nothing', () => {
    const root = temp.make();
    const dataDir = path.join(root, 'data');
    const real = path.join(root, 'real');
    fs.mkdirSync(real);
    fs.symlinkSync(real, path.join(root, 'link'));
    const keep = '.paddock-tmp-00000000000000aa';
    fs.writeFileSync(path.join(real, keep), 'kept');
    fs.writeFileSync(path.join(real, 'precious.txt'), 'kept');
    const stat = fs.statSync(real);
    const notes = pendingWritesDir(dataDir);
    fs.mkdirSync(notes, { recursive: true });
    fs.writeFileSync(
      path.join(notes, 'a.json'),
      JSON.stringify({ directory: path.join(root, 'link'), dev: stat.dev, ino: stat.ino, name: keep }),
    );
    fs.writeFileSync(
      path.join(notes, 'b.json'),
      JSON.stringify({ directory: real, dev: stat.dev, ino: stat.ino, name: 'precious.txt' }),
    );
    fs.writeFileSync(
      path.join(notes, 'c.json'),
      JSON.stringify({ directory: real, dev: stat.dev, ino: stat.ino + 1, name: keep }),
    );
    expect(removeInterruptedTempFiles(dataDir)).toBe(0);
    expect(fs.readdirSync(real).sort()).toEqual([keep, 'precious.txt']);
    expect(fs.readdirSync(notes)).toEqual([]);
  });
});
