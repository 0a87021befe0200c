// npm run bench:sandbox — what the OS sandbox costs (issue 13), measured in the same run against
// the same path without it (runBounded, the `run` tool's spawn):
//   1. per-spawn overhead for `true` and `node -e 0`, contained vs uncontained, p50 and p99
//      (goal: under 30 ms added at p50);
//   2. a 1 GiB output flood through the sandbox vs the same flood without it
//      (goal: at least 80% of the uncontained throughput).
// BENCH_SPAWNS (default 60) and BENCH_FLOOD_MIB (default 1024) shrink it on a slow box.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildChildEnv } from '../src/main/processes/env';
import { runBounded, type CommandWrapper } from '../src/main/processes/spawn';
import { describeStatus, detectSandbox } from '../src/main/sandbox/engine';
import { createSandbox } from '../src/main/sandbox/sandbox';

const MIB = 1024 * 1024;
const spawns = Number(process.env.BENCH_SPAWNS ?? 60);
const floodMib = Number(process.env.BENCH_FLOOD_MIB ?? 1024);
const scratch = () => fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-sbx-')));
const workspace = scratch();
const home = scratch();
const dataDir = scratch();
const env = buildChildEnv({ PATH: '/usr/local/bin:/usr/bin:/bin', HOME: home });

const status = detectSandbox();
if (!status.available) {
  console.log(`bench:sandbox: ${describeStatus(status)} — nothing to measure.`);
  process.exit(0);
}
const contained = createSandbox({ status, home, dataDir }).wrapperFor({ agentId: 'bench', workspace, allowedDomains: [] });

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function once(program: string, args: string[], wrap: CommandWrapper | undefined): Promise<number> {
  const started = performance.now();
  const result = await runBounded({ program, args, cwd: workspace, env, timeoutMs: 600_000, wrap, purpose: 'run' });
  if (result.exitCode !== 0) throw new Error(`${program} ${args.join(' ')} exited ${result.exitCode}: ${result.output}`);
  return performance.now() - started;
}

async function overhead(label: string, program: string, args: string[]): Promise<void> {
  const bare: number[] = [];
  const boxed: number[] = [];
  // Interleaved, so a busy moment on the shared box hits both alike.
  for (let i = 0; i < spawns; i++) {
    bare.push(await once(program, args, undefined));
    boxed.push(await once(program, args, contained));
  }
  const added50 = percentile(boxed, 50) - percentile(bare, 50);
  const added99 = percentile(boxed, 99) - percentile(bare, 99);
  console.log(
    `${label.padEnd(10)} uncontained p50 ${percentile(bare, 50).toFixed(1)} ms p99 ${percentile(bare, 99).toFixed(1)} ms | ` +
      `contained p50 ${percentile(boxed, 50).toFixed(1)} ms p99 ${percentile(boxed, 99).toFixed(1)} ms | ` +
      `added p50 ${added50.toFixed(1)} ms (goal < 30 ms: ${added50 < 30 ? 'met' : 'MISSED'}), p99 ${added99.toFixed(1)} ms`,
  );
}

async function flood(): Promise<void> {
  const script = `head -c ${floodMib * MIB} /dev/zero | tr '\\0' a`;
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const ratios: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const bare = await once('/bin/sh', ['-c', script], undefined);
    const boxed = await once('/bin/sh', ['-c', script], contained);
    ratios.push(bare / boxed);
    console.log(
      `flood ${floodMib} MiB round ${i + 1}: uncontained ${(floodMib / (bare / 1000)).toFixed(0)} MiB/s, contained ${(floodMib / (boxed / 1000)).toFixed(0)} MiB/s`,
    );
  }
  const median = percentile(ratios, 50);
  console.log(`flood: contained throughput is ${(median * 100).toFixed(0)}% of uncontained (median of ${rounds}; goal ≥ 80%: ${median >= 0.8 ? 'met' : 'MISSED'})`);
}

async function main(): Promise<void> {
  console.log(`bench:sandbox — ${describeStatus(status)}; baseline: the same runBounded without the sandbox`);
  await overhead('true', '/bin/true', []);
  await overhead('node -e 0', process.execPath, ['-e', '0']);
  await flood();
  for (const dir of [workspace, home, dataDir]) fs.rmSync(dir, { recursive: true, force: true });
}

void main();
