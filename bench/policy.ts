// Benchmark (issues 4, 22): the run-mode decision and the resolver, each against an anchor measured
// in the same run, reported as medians of 15 rounds (a loaded machine makes best-of flatter), in CPU
// time and in wall time (see time() below).
//   classifyCommand (run mode) over 10,000 mixed commands — anchor: the lexer alone on the same
//   corpus (every decision lexes once). Goal: under 5 µs per decision.
//   resolveInsideWorkspace per path — anchor: one lstat per component of the same paths (the walk's
//   own syscalls, which no cache across calls may skip). Goal: under 20 µs per path.
//   classifyCommand (run mode, contained) — the decision by effect including the grammar's parse of
//   a chain (policy/contained.ts), the grammar loaded once, sampled per decision after a warm-up pass
//   of as many decisions — anchor: the grammar's parse alone of the same commands (tree-sitter's own
//   cost, which the decision cannot go below). Goal: median < 50 µs, p99 < 200 µs, judged on the
//   policy bundled as the main build bundles it (plain JavaScript); the source through tsx, which
//   wraps every function to keep its name, is shown beside it.
// Run: npm run bench:policy
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { classifyCommand, lexCommand } from '../src/main/policy';
import { loadShellGrammar, shellParser } from '../src/main/policy/shellGrammar';
import { IgnoreRules } from '../src/main/policy/ignoreRules';
import { resolveInsideWorkspace } from '../src/main/workspace/resolve';
import { buildSync } from 'esbuild';

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-policy-')));
const ws = path.join(root, 'ws');
for (const rel of [
  'src/a.ts',
  'src/deep/c.ts',
  'b.txt',
  'run.js',
  'tests/test_x.py',
  'node_modules/.bin/vite',
  'package-lock.json',
  'package.json',
  'data.json',
]) {
  fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
  fs.writeFileSync(path.join(ws, rel), 'x\n');
}
// A project that configures its test runner, as most do: pytest's configuration search stops here
// (without one it would look in every directory above the workspace, see policy/paths.ts configUp).
fs.writeFileSync(
  path.join(ws, 'pyproject.toml'),
  '[project]\nname = "bench"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
);
const paths = { workspace: ws, home: path.join(root, 'home'), dataDir: path.join(root, 'data') };
const ctx = { paths, mode: 'run' as const, remembered: [] };

const SHAPES = [
  'npm test',
  'npm run build',
  'pnpm lint',
  'yarn typecheck',
  'make test',
  'go test ./...',
  'cargo test -v',
  'grep -rn foo src',
  'rg -c foo src',
  'ls -la src',
  'cat b.txt',
  'head -n 5 b.txt',
  'wc -l b.txt src/a.ts',
  'find src -name *.ts -type f',
  'python -m pytest -q tests',
  'vitest run src',
  'tsc --noEmit -p tsconfig.json',
  'echo hello world',
  'pwd',
  'which node',
  'npx vite build',
  'npm ci',
  'ls -1',
  'sed -n 1,5p b.txt',
  'nl b.txt',
  'jq -r .name data.json',
  'cut -d : -f 1 b.txt',
  'du -sh src',
  'tree -L 2 src',
  'rm -rf .',
  'curl https://example.com',
  'env curl x',
  'grep -f /etc/passwd x',
  'sort b.txt -o /tmp/x',
  'cat $HOME/.ssh/id_ed25519',
  'echo x >>~/.zshenv',
  'node -e 1',
  'make -C /tmp',
  'cat ../outside',
  'cat .git/config',
  'grep\u00a0x b.txt',
  'npm install left-pad',
  'find -L .',
  'rg -L x',
  './grep x',
  'X=1 grep x',
  'uniq a b',
  'sed -n 1w/tmp/x b.txt',
  'jq -n env',
  'xxd b.txt out.bin',
];
const corpus = Array.from({ length: 10_000 }, (_, i) => SHAPES[(i * 7919) % SHAPES.length]!);
const PATHS = [
  'b.txt',
  'src/a.ts',
  'src/deep/c.ts',
  'node_modules/.bin/vite',
  'tests/test_x.py',
  'src/missing.ts',
  '../x',
  '.git/config',
];
const pathCorpus = Array.from({ length: 2_000 }, (_, i) => PATHS[i % PATHS.length]!);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Median nanoseconds per item over `rounds` passes (after one warm-up pass), in wall time and in this
 * process's CPU time. On a 2-core box shared with other work the wall time is mostly the wait for a
 * core (the lexer anchor, pure CPU, slows by the same factor); the CPU time is what a decision costs.
 * Both are printed; the goals are judged on the CPU time and the wall time is shown beside them.
 */
function time<T>(
  label: string,
  items: readonly T[],
  fn: (item: T) => unknown,
  unit: string,
  rounds = 15,
): { wall: number; cpu: number } {
  for (const item of items) fn(item);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const used = process.cpuUsage();
    const start = process.hrtime.bigint();
    for (const item of items) fn(item);
    wall.push(Number(process.hrtime.bigint() - start) / items.length);
    const spent = process.cpuUsage(used);
    cpu.push(((spent.user + spent.system) * 1000) / items.length);
  }
  const result = { wall: median(wall), cpu: median(cpu) };
  console.log(
    `${label.padEnd(44)} ${(result.cpu / 1000).toFixed(2).padStart(7)} µs/${unit} CPU, ${(result.wall / 1000).toFixed(2).padStart(7)} µs wall (medians of ${rounds})`,
  );
  return result;
}

const us = (ns: number): string => `${(ns / 1000).toFixed(2)} µs`;

/** The syscalls a walk of `p` makes at least: one lstat per component below the workspace. */
function lstatComponents(p: string): void {
  let at = ws;
  for (const c of p.split('/')) {
    if (c === '..' || c === '.') continue;
    at = `${at}/${c}`;
    fs.lstatSync(at, { throwIfNoEntry: false });
  }
}

/** Commands agents write in run mode: chains, pipes, redirects, a leading cd; harmless and not. */
const CONTAINED_SHAPES = [
  'cd src && ls -la | grep a && wc -l a.ts 2>&1 | tail -5 && echo done || true',
  'npm test 2>&1 | head -50',
  'cd src && grep -rn "foo|bar" . | head -20',
  'npm run build && npm test > /dev/null 2>&1',
  'cat b.txt | sort | uniq -c | sort -rn | head',
  'NODE_ENV=test npx vite build && ls dist 2>/dev/null',
  'python -m pytest -q tests 2>&1 | tail -n 30',
  'curl -s http://127.0.0.1:3000/api | head -c 200',
  'rm -rf dist && mkdir -p dist && cp b.txt dist/',
  'cat .env && echo x',
];

/** Per-decision wall times of the contained rule (a p99 needs each sample), after a warm-up. */
function sampleContained(decide: (c: string) => unknown, n: number): number[] {
  for (let i = 0; i < n; i++) decide(CONTAINED_SHAPES[i % CONTAINED_SHAPES.length]!);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const command = CONTAINED_SHAPES[i % CONTAINED_SHAPES.length]!;
    const start = process.hrtime.bigint();
    decide(command);
    samples.push(Number(process.hrtime.bigint() - start));
  }
  return samples.sort((a, b) => a - b);
}

/** The policy bundled as the main build bundles it (plain JavaScript, no tsx wrappers), and loaded. */
interface BuiltPolicy {
  classifyCommand: typeof classifyCommand;
  loadShellGrammar: typeof loadShellGrammar;
  IgnoreRules: typeof IgnoreRules;
}

function builtPolicy(): BuiltPolicy {
  const src = path.join(__dirname, '..', 'src', 'main', 'policy');
  // Beside the packages, so that the bundle's own require finds the grammar's wasm as the app's does.
  const out = path.join(__dirname, '..', 'node_modules', '.cache', 'paddock-bench', 'policy.cjs');
  buildSync({
    stdin: {
      contents: `export { classifyCommand } from './index';\nexport { loadShellGrammar } from './shellGrammar';\nexport { IgnoreRules } from './ignoreRules';\n`,
      resolveDir: src,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    packages: 'external',
    outfile: out,
    logLevel: 'error',
  });
  return require(out) as BuiltPolicy;
}

/** Samples the contained decision of one implementation and prints its row; the median and p99. */
function containedSamples(
  label: string,
  decide: typeof classifyCommand,
  rules: IgnoreRules,
): { med: number; p99: number } {
  // As the run tool decides: the workspace's .gitignore rules compiled once per file version.
  const contained = { ...ctx, contained: { allowedDomains: [], ignoreRules: rules } };
  const cpuStart = process.cpuUsage();
  const samples = sampleContained((c) => decide(c, contained), 5_000);
  const cpu = process.cpuUsage(cpuStart);
  const med = samples[Math.floor(samples.length / 2)]!;
  const p99 = samples[Math.floor(samples.length * 0.99)]!;
  const cpuPer = ((cpu.user + cpu.system) * 1000) / (samples.length * 2);
  console.log(
    `${label.padEnd(44)} ${(cpuPer / 1000).toFixed(2).padStart(7)} µs/decision CPU, median ${us(med)} wall, p99 ${us(p99)} wall (${samples.length} decisions)`,
  );
  return { med, p99 };
}

async function containedRow(): Promise<void> {
  await loadShellGrammar();
  const parser = shellParser()!;
  const parse = sampleContained((c) => parser.parse(`${c}\n`)?.delete(), 5_000);
  const parseMedian = parse[Math.floor(parse.length / 2)]!;
  console.log(
    `${'anchor: the grammar parsing the same commands'.padEnd(44)} median ${us(parseMedian)} wall, p99 ${us(parse[Math.floor(parse.length * 0.99)]!)} wall (${parse.length} parses)`,
  );
  // The source through tsx (which wraps every function to keep its name), and the policy bundled
  // as the main build bundles it, plain JavaScript: the goal is judged on the bundle.
  containedSamples('classifyCommand (contained, source via tsx)', classifyCommand, new IgnoreRules());
  const built = builtPolicy();
  await built.loadShellGrammar();
  const { med, p99 } = containedSamples(
    'classifyCommand (contained, bundled)',
    built.classifyCommand,
    new built.IgnoreRules(),
  );
  console.log(
    `contained (bundled): ${(med / parseMedian).toFixed(1)}x the grammar's parse; goal median < 50 µs and p99 < 200 µs: ${med < 50_000 && p99 < 200_000 ? 'met' : 'NOT met'} (median ${us(med)}, p99 ${us(p99)} wall)`,
  );
}

try {
  let auto = 0;
  for (const c of corpus) if (classifyCommand(c, ctx).tier === 'auto') auto++;
  console.log(
    `corpus: ${corpus.length} commands, ${auto} auto, ${corpus.length - auto} gated; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const lexer = time('anchor: lexCommand', corpus, lexCommand, 'decision');
  const run = time('classifyCommand (run mode)', corpus, (c) => classifyCommand(c, ctx), 'decision');
  time('classifyCommand (ask mode)', corpus, (c) => classifyCommand(c, { ...ctx, mode: 'ask' }), 'decision');
  console.log(
    `decision: ${(run.cpu / lexer.cpu).toFixed(1)}x the lexer; goal < 5 µs per decision: ${run.cpu < 5000 ? 'met' : 'NOT met'} (${us(run.cpu)} CPU; ${us(run.wall)} wall, ${(run.wall / lexer.wall).toFixed(1)}x the lexer's wall)`,
  );
  const syscalls = time('anchor: lstat per component', pathCorpus, lstatComponents, 'path');
  const resolver = time(
    'resolveInsideWorkspace (read)',
    pathCorpus,
    (p) => resolveInsideWorkspace(paths, { path: p, for: 'read' }),
    'path',
  );
  console.log(
    `resolver: ${(resolver.cpu / syscalls.cpu).toFixed(1)}x its lstats; goal < 20 µs per path: ${resolver.cpu < 20_000 ? 'met' : 'NOT met'} (${us(resolver.cpu)} CPU; ${us(resolver.wall)} wall, ${(resolver.wall / syscalls.wall).toFixed(1)}x its lstats' wall)`,
  );
} catch (error) {
  fs.rmSync(root, { recursive: true, force: true });
  throw error;
}
containedRow().finally(() => fs.rmSync(root, { recursive: true, force: true }));
