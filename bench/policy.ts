// Benchmark (issue 4): decisions per second over 10,000 mixed commands in one process.
// Goal: under 5 µs per decision. Run: npx tsx bench/policy.ts
// Prints the per-decision time and its ratio to a baseline (the lexer alone on the same corpus).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { classifyCommand, lexCommand } from '../src/main/policy';

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-policy-')));
const ws = path.join(root, 'ws');
for (const rel of ['src/a.ts', 'src/deep/c.ts', 'b.txt', 'run.js', 'tests/test_x.py', 'node_modules/.bin/vite', 'package-lock.json', 'package.json']) {
  fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
  fs.writeFileSync(path.join(ws, rel), 'x\n');
}
const ctx = { paths: { workspace: ws, home: path.join(root, 'home'), dataDir: path.join(root, 'data') }, mode: 'run' as const, remembered: [] };

const SHAPES = [
  'npm test', 'npm run build', 'pnpm lint', 'yarn typecheck', 'make test', 'go test ./...', 'cargo test -v',
  'grep -rn foo src', 'rg -c foo src', 'ls -la src', 'cat b.txt', 'head -n 5 b.txt', 'wc -l b.txt src/a.ts',
  'find src -name *.ts -type f', 'python -m pytest -q tests', 'vitest run src', 'tsc --noEmit -p tsconfig.json',
  'echo hello world', 'pwd', 'which node', 'npx vite build', 'npm ci',
  'rm -rf .', 'curl https://example.com', 'env curl x', 'grep -f /etc/passwd x', 'sort b.txt -o /tmp/x',
  'cat $HOME/.ssh/id_ed25519', 'echo x >>~/.zshenv', 'node -e 1', 'make -C /tmp', 'cat ../outside', 'cat .git/config',
  'grep\u00a0x b.txt', 'npm install left-pad', 'find -L .', 'rg -L x', './grep x', 'X=1 grep x', 'uniq a b',
];
const corpus = Array.from({ length: 10_000 }, (_, i) => SHAPES[(i * 7919) % SHAPES.length]);

function time(label: string, fn: (c: string) => unknown, rounds = 10): number {
  for (const c of corpus.slice(0, 1000)) fn(c); // warm up
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (const c of corpus) fn(c);
    const ns = Number(process.hrtime.bigint() - start);
    best = Math.min(best, ns / corpus.length);
  }
  console.log(`${label.padEnd(28)} ${(best / 1000).toFixed(2).padStart(7)} µs/decision  ${Math.round(1e9 / best).toLocaleString('en').padStart(12)} /s`);
  return best;
}

try {
  let auto = 0;
  for (const c of corpus) if (classifyCommand(c, ctx).tier === 'auto') auto++;
  console.log(`corpus: ${corpus.length} commands, ${auto} auto, ${corpus.length - auto} gated`);
  const baseline = time('baseline: lexCommand', lexCommand);
  const full = time('classifyCommand (run mode)', (c) => classifyCommand(c, ctx));
  time('classifyCommand (ask mode)', (c) => classifyCommand(c, { ...ctx, mode: 'ask' }));
  console.log(`ratio classify / lexer: ${(full / baseline).toFixed(1)}x; goal < 5 µs per decision: ${full < 5000 ? 'met' : 'NOT met'}`);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
