// npm run bench:files [-- --files N] [-- --runs N]: the file tools against the programs they stand
// in for, on a generated tree (issue 3). Prints medians and ratios; nothing is asserted. Goals: list
// ≤ 1.5× of `rg --files`, search ≤ 1.2× of `rg`, the resolver under 20 µs per call for an ordinary
// path. Fair comparison: the cache is warmed first, ours and theirs alternate run by run (so a busy
// machine slows both alike), and the goal is judged against ripgrep doing the same job (.gitignore
// honoured without a git repository, node_modules skipped, hidden entries shown for list); plain
// ripgrep is printed beside it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { listInside } from '../src/main/tools/list';
import { readTool } from '../src/main/tools/read';
import { createSearchTool, findRipgrep } from '../src/main/tools/search';
import { resolveInsideWorkspace } from '../src/main/workspace/resolve';
import type { ToolCallContext } from '../src/shared/domain';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}
const FILES = option('--files', 100_000);
const RUNS = option('--runs', 9);
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

function median(samples: number[]): number {
  const sorted = [...samples].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Medians of ours and theirs, run alternately after one warm-up each. */
async function compare(ours: () => unknown, theirs: () => unknown, runs = RUNS): Promise<[number, number]> {
  await ours();
  theirs();
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    let start = performance.now();
    await ours();
    a.push(performance.now() - start);
    start = performance.now();
    theirs();
    b.push(performance.now() - start);
  }
  return [median(a), median(b)];
}

function report(name: string, ours: number, theirs: number, baseline: string, goal?: number): void {
  const ratio = ours / theirs;
  const verdict = goal === undefined ? '' : ratio <= goal ? `  (goal ≤ ${goal}×: met)` : `  (goal ≤ ${goal}×: NOT met)`;
  const ms = (t: number): string => t.toFixed(t < 10 ? 2 : 1).padStart(9);
  console.log(`${name.padEnd(26)} ${ms(ours)} ms   ${baseline.padEnd(16)} ${ms(theirs)} ms   ratio ${ratio.toFixed(2)}×${verdict}`);
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

    const big = { cwd: root, maxBuffer: 1 << 28 };
    const list = (): unknown => listInside(pctx, '.', 64, Number.MAX_SAFE_INTEGER);
    if (rg) {
      const [ours, same] = await compare(list, () => spawnSync(rg, ['--files', '--hidden', '--no-require-git', '-g', '!node_modules', '.'], big));
      report('list (whole tree)', ours, same, 'rg --files, same', 1.5);
      const [again, plain] = await compare(list, () => spawnSync(rg, ['--files', '.'], big));
      report('list (whole tree)', again, plain, 'rg --files');
    }

    if (rg) {
      const tool = createSearchTool({ ripgrep: rg });
      const search = (): Promise<unknown> => tool.run({ query: 'findme', path: 'pkg5' }, ctx);
      const [ours, same] = await compare(search, () => spawnSync(rg, ['-n', '-F', '--no-require-git', 'findme', 'pkg5'], big), RUNS * 3);
      report('search (ripgrep)', ours, same, 'rg -n, same', 1.2);
      const [again, plain] = await compare(search, () => spawnSync(rg, ['-n', '-F', 'findme', 'pkg5'], big), RUNS * 3);
      report('search (ripgrep)', again, plain, 'rg -n');
    }
    const fallback = createSearchTool({ ripgrep: null });
    const [f, grep] = await compare(() => fallback.run({ query: 'findme', path: 'pkg5' }, ctx), () => spawnSync('grep', ['-rn', 'findme', 'pkg5'], big), RUNS * 3);
    report('search (fallback)', f, grep, 'grep -rn');

    const r200 = path.join(root, 'r200.txt');
    fs.writeFileSync(r200, `${'y'.repeat(99)}\n`.repeat(2000));
    const [r, rf] = await compare(() => readTool.run({ path: 'r200.txt' }, ctx), () => fs.readFileSync(r200, 'utf8'), 101);
    report('read 200 KB', r, rf, 'fs.readFileSync');

    const N = 100_000;
    const req = { path: 'pkg1/mod15/f1510.ts', for: 'read' as const };
    resolveInsideWorkspace(pctx, req);
    const start = performance.now();
    for (let i = 0; i < N; i++) resolveInsideWorkspace(pctx, req);
    const perCall = ((performance.now() - start) * 1000) / N;
    const lstatStart = performance.now();
    for (let i = 0; i < N; i++) fs.lstatSync(path.join(root, req.path));
    const lstatCall = ((performance.now() - lstatStart) * 1000) / N;
    console.log(`resolver per call        ${perCall.toFixed(2).padStart(9)} µs   one lstat        ${lstatCall.toFixed(2).padStart(9)} µs   ratio ${(perCall / lstatCall).toFixed(2)}×  (goal < 20 µs: ${perCall < 20 ? 'met' : 'NOT met'})`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

void main();
