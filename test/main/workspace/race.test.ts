// The race test (issue 3, seed 003 §9): a child swaps a directory for a link to outside and back as
// fast as it can while the read tool reads through it 10,000 times. Zero reads of outside content.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTool } from '../../../src/main/tools/read';
import { listTool } from '../../../src/main/tools/list';
import { writeTool } from '../../../src/main/tools/write';
import { editTool } from '../../../src/main/tools/edit';
import { makeTree, toolContext, type Tree } from './fixture';

let t: Tree;
let swapper: ChildProcess;

beforeAll(async () => {
  t = makeTree();
  fs.mkdirSync(path.join(t.ws, 'd'));
  fs.writeFileSync(path.join(t.ws, 'd', 'secret.txt'), 'INSIDE\n');
  fs.writeFileSync(path.join(t.outside, 'outside-only.txt'), 'OUTSIDE-SECRET\n');
  swapper = spawn(process.execPath, [path.join(__dirname, 'children', 'swapper.mjs'), t.ws, t.outside], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    swapper.stdout?.once('data', () => resolve());
    swapper.once('exit', (code) => reject(new Error(`swapper exited early (${code})`)));
  });
});

afterAll(async () => {
  if (swapper.exitCode === null) {
    const exited = new Promise((r) => swapper.once('exit', r));
    swapper.kill('SIGKILL');
    await exited;
  }
  t.cleanup();
});

describe('swapping a directory for a link while reading', () => {
  it('never reads outside content in 10,000 reads', async () => {
    const ctx = toolContext(t);
    let inside = 0;
    let refused = 0;
    let outsideReads = 0;
    for (let i = 0; i < 10_000; i++) {
      const r = await readTool.run({ path: 'd/secret.txt' }, ctx);
      if (r.ok) {
        if (r.text.includes('OUTSIDE-SECRET')) outsideReads++;
        else if (r.text.includes('INSIDE')) inside++;
      } else {
        refused++;
      }
    }
    expect(outsideReads).toBe(0);
    expect(inside + refused).toBe(10_000);
    expect(swapper.exitCode).toBeNull(); // the swapper was running the whole time
  }, 120_000);

  it('never lists outside names while the swap goes on', async () => {
    const ctx = toolContext(t);
    for (let i = 0; i < 2_000; i++) {
      for (const p of ['.', 'd']) {
        const r = await listTool.run({ path: p, depth: 3 }, ctx);
        if (r.ok) expect(r.text).not.toContain('outside-only.txt');
      }
    }
  }, 120_000);

  it('never writes or edits outside while the swap goes on', async () => {
    const ctx = toolContext(t);
    for (let i = 0; i < 1_000; i++) {
      await writeTool.run({ path: 'd/w.txt', content: `write ${i}\n` }, ctx);
      await editTool.run({ path: 'd/secret.txt', old: 'INSIDE', new: 'INSIDE' }, ctx);
    }
    expect(fs.readdirSync(t.outside).sort()).toEqual(['outside-only.txt', 'secret.txt']);
    expect(fs.readFileSync(path.join(t.outside, 'outside-only.txt'), 'utf8')).toBe('OUTSIDE-SECRET\n');
  }, 120_000);
});
