// npm run bench:files [-- --files N]: the file tools against the programs they stand in for, on a
// generated tree (issue 3). Prints times and ratios; nothing is asserted. Goals: list ≤ 1.5× of
// `rg --files`, search ≤ 1.2× of `rg`, the resolver under 20 µs per call for an ordinary path.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { listInside } from '../src/main/tools/list';
import { readTool } from '../src/main/tools/read';
import { createSearchTool, findRipgrep } from '../src/main/tools/search';
import { resolveInsideWorkspace } from '../src/main/workspace/resolve';
import type { ToolCallContext } from '../src/main/tools/types';

const flag = process.argv.indexOf('--files');
const FILES = flag >= 0 ? Number(process.argv[flag + 1]) : 100_000;
const PER_DIR = 100;

function generate(root: string): void {
  fs.writeFileSync(path.join(root, '.gitignore'), '*.log\nbuild/\n');
  for (let i = 0; i < FILES; i++) {
    const dir = path.join(root, `pkg${Math.floor(i / (PER_DIR * 10))}`, `mod${Math.floor(i / PER_DIR)}`);
    if (i % PER_DIR === 0) fs.mkdirSync(dir, { recursive: true });
    const body = i % 97 === 0 ? `export const needle${i} = 'findme';\n` : `export const v${i} = ${i};\n`;
    fs.writeFileSync(path.join(dir, i % 50 === 0 ? `f${i}.log` : `f${i}.ts`), body);
  }
  const nm = path.join(root, 'node_modules', 'dep');
  fs.mkdirSync(nm, { recursive: true });
  for (let i = 0; i < 1000; i++) fs.writeFileSync(path.join(nm, `m${i}.js`), "module.exports = 'findme';\n");
  fs.writeFileSync(path.join(root, 'big.txt'), Array.from({ length: 4000 }, (_, i) => `line ${i} ${'x'.repeat(40)}`).join('\n'));
}

function time(fn: () => unknown, runs = 3): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

async function timeAsync(fn: () => Promise<unknown>, runs = 3): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

function report(name: string, ours: number, theirs: number, baseline: string, goal?: number): void {
  const ratio = ours / theirs;
  const verdict = goal === undefined ? '' : ratio <= goal ? `  (goal ≤ ${goal}×: met)` : `  (goal ≤ ${goal}×: NOT met)`;
  console.log(`${name.padEnd(28)} ${ours.toFixed(1).padStart(9)} ms   ${baseline.padEnd(16)} ${theirs.toFixed(1).padStart(9)} ms   ratio ${ratio.toFixed(2)}×${verdict}`);
}

async function main(): Promise<void> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-files-')));
  try {
    console.log(`generating ${FILES} files under ${root} …`);
    generate(root);
    const rg = findRipgrep();
    const pctx = { workspace: root, home: os.homedir(), dataDir: path.join(os.tmpdir(), 'paddock-bench-data') };
    const ctx = {
      agent: { mode: 'run', acceptancePolicy: 'apply' },
      workspace: { agentId: 'a', directory: root, capturedPath: '', gitBinary: null, createdAt: '' },
      home: pctx.home,
      dataDir: pctx.dataDir,
      callId: 'c',
      conversationId: 'v',
      signal: new AbortController().signal,
    } as unknown as ToolCallContext;

    const ours = time(() => listInside(pctx, '.', 64, Number.MAX_SAFE_INTEGER));
    if (rg) report('list (whole tree)', ours, time(() => spawnSync(rg, ['--files', '.'], { cwd: root, maxBuffer: 1 << 28 })), 'rg --files', 1.5);

    if (rg) {
      const tool = createSearchTool({ ripgrep: rg });
      const s = await timeAsync(() => tool.run({ query: 'findme', path: 'pkg5' }, ctx));
      report('search (ripgrep)', s, time(() => spawnSync(rg, ['-n', '-F', 'findme', 'pkg5'], { cwd: root, maxBuffer: 1 << 28 })), 'rg -n', 1.2);
    }
    const fallback = createSearchTool({ ripgrep: null });
    const f = await timeAsync(() => fallback.run({ query: 'findme', path: 'pkg5' }, ctx));
    report('search (fallback)', f, time(() => spawnSync('grep', ['-rn', 'findme', 'pkg5'], { cwd: root, maxBuffer: 1 << 28 })), 'grep -rn');

    fs.writeFileSync(path.join(root, 'r200.txt'), `${'y'.repeat(99)}\n`.repeat(2000));
    const r = await timeAsync(() => readTool.run({ path: 'r200.txt' }, ctx), 20);
    report('read 200 KB', r, time(() => fs.readFileSync(path.join(root, 'r200.txt'), 'utf8'), 20), 'fs.readFileSync');

    const N = 100_000;
    const req = { path: 'pkg1/mod15/f1510.ts', for: 'read' as const };
    resolveInsideWorkspace(pctx, req);
    const start = performance.now();
    for (let i = 0; i < N; i++) resolveInsideWorkspace(pctx, req);
    const perCall = ((performance.now() - start) * 1000) / N;
    const lstatStart = performance.now();
    for (let i = 0; i < N; i++) fs.lstatSync(path.join(root, req.path));
    const lstatCall = ((performance.now() - lstatStart) * 1000) / N;
    console.log(`resolver per call          ${perCall.toFixed(2).padStart(9)} µs   one lstat        ${lstatCall.toFixed(2).padStart(9)} µs   ratio ${(perCall / lstatCall).toFixed(2)}×  (goal < 20 µs: ${perCall < 20 ? 'met' : 'NOT met'})`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

void main();
