// The crash test (issue 3): a child writing large files through the write path is SIGKILLed at random
// points 200 times. The file is always exactly the old or the new content, never partial, and no
// temp file of an unfinished write is visible to list.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTool } from '../../../src/main/tools/list';
import { makeTree, toolContext, type Tree } from './fixture';

const SIZE = 1024 * 1024;
const KILLS = 200;
let t: Tree;
let bundle: string;

beforeAll(() => {
  t = makeTree();
  // Bundled once to plain JavaScript so each of the 200 children starts in milliseconds.
  bundle = path.join(t.top, 'writer.mjs');
  buildSync({
    entryPoints: [path.join(__dirname, 'children', 'writer.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: bundle,
    logLevel: 'error',
  });
});
afterAll(() => t.cleanup());

function killOnce(delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, t.ws, t.top, t.dataDir, String(SIZE)], {
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

describe('SIGKILL during writes', () => {
  it(`leaves old or new content, never partial, over ${KILLS} kills`, async () => {
    const file = path.join(t.ws, 'big', 'file.bin');
    const a = Buffer.alloc(SIZE, 'A');
    const b = Buffer.alloc(SIZE, 'B');
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < KILLS; i++) {
      await killOnce(Math.floor(random() * 25));
      if (!fs.existsSync(file)) continue; // killed before the very first rename
      const content = fs.readFileSync(file);
      expect(content.equals(a) || content.equals(b), `kill ${i}: ${content.length} bytes`).toBe(true);
    }
    expect(fs.existsSync(file)).toBe(true);
    const listed = await listTool.run({ path: '.', depth: 5 }, toolContext(t));
    expect(listed.ok).toBe(true);
    if (listed.ok) expect(listed.text).not.toMatch(/paddock-tmp/);
  }, 120_000);
});
