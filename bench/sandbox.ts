// npm run bench:sandbox — what the OS sandbox costs (issue 13), measured in the same run against
// the same path without it (runBounded, the `run` tool's spawn):
//   1. per-spawn overhead for `true` and `node -e 0`, contained (with the always-card binds and
//      the before/after listing) vs uncontained, p50 and p99 (goal: under 30 ms added at p50);
//   2. a 1 GiB output flood through the sandbox vs the same flood without it
//      (goal: at least 80% of the uncontained throughput).
// BENCH_SPAWNS (default 60) and BENCH_FLOOD_MIB (default 1024) shrink it on a slow box.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildChildEnv } from '../src/main/processes/env';
import type { CommandWrapper } from '../src/main/processes/command';
import { runBounded } from '../src/main/processes/spawn';
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
// A project's usual top level, always-card entries included: each contained spawn binds those
// read-only and, like the run tool, lists them before and after (alwaysCardGuard.ts).
for (const rel of [
  '.vscode/tasks.json',
  '.vscode/settings.json',
  '.envrc',
  '.npmrc',
  '.github/workflows/ci.yml',
  '.github/workflows/release.yml',
  'package.json',
  'README.md',
  'src/index.ts',
]) {
  fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
  fs.writeFileSync(path.join(workspace, rel), '\n');
}
for (let i = 0; i < 40; i++) fs.writeFileSync(path.join(workspace, `file-${i}.txt`), '\n');
const sandbox = createSandbox({ status, home, dataDir });
const contained = sandbox.wrapperFor({ agentId: 'bench', workspace, allowedDomains: [] });

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function once(program: string, args: string[], wrap: CommandWrapper | undefined): Promise<number> {
  const started = performance.now();
  const watch = wrap ? sandbox.watchAlwaysCard(workspace) : null;
  const result = await runBounded({ program, args, cwd: workspace, env, timeoutMs: 600_000, wrap, purpose: 'run' });
  if (watch && watch.finish().length > 0) throw new Error('the bench command created an always-card entry');
  if (result.exitCode !== 0)
    throw new Error(`${program} ${args.join(' ')} exited ${result.exitCode}: ${result.output}`);
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
  const addedMin = Math.min(...boxed) - Math.min(...bare);
  const added99 = percentile(boxed, 99) - percentile(bare, 99);
  console.log(
    `${label.padEnd(10)} uncontained p50 ${percentile(bare, 50).toFixed(1)} ms p99 ${percentile(bare, 99).toFixed(1)} ms | ` +
      `contained p50 ${percentile(boxed, 50).toFixed(1)} ms p99 ${percentile(boxed, 99).toFixed(1)} ms | ` +
      `added p50 ${added50.toFixed(1)} ms (goal < 30 ms: ${added50 < 30 ? 'met' : 'NOT met'}; ratio ${(percentile(boxed, 50) / percentile(bare, 50)).toFixed(2)}), p99 ${added99.toFixed(1)} ms, ` +
      `best case (min) ${addedMin.toFixed(1)} ms`,
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
  console.log(
    `flood: contained throughput is ${(median * 100).toFixed(0)}% of uncontained (median of ${rounds}; goal ≥ 80%: ${median >= 0.8 ? 'met' : 'NOT met'})`,
  );
}

/**
 * Where the added time goes: the same `true` through bubblewrap with growing parts of the profile,
 * interleaved with the bare spawn, p50 each. (The wall time under load is mostly the kernel making
 * namespaces and mounts; bubblewrap's own CPU is a few ms.)
 */
async function breakdown(): Promise<void> {
  const full = contained({ program: '/bin/true', args: [], cwd: workspace, env }, 'run');
  const argv = [full.program, ...full.args];
  const bwrapAt = argv.findIndex((word) => status.available && word === status.program);
  const bwrapArgv = argv.slice(bwrapAt);
  const withoutSeccomp = bwrapArgv.filter((word, i) => word !== '--seccomp' && bwrapArgv[i - 1] !== '--seccomp');
  const bwrap = bwrapArgv[0]!;
  const minimal = [
    bwrap,
    '--unshare-user',
    '--unshare-pid',
    '--die-with-parent',
    '--ro-bind',
    '/',
    '/',
    '--',
    '/bin/true',
  ];
  const variants: [string, string[]][] = [
    ['bare /bin/true', ['/bin/true']],
    ['bwrap user+pid, / read-only', minimal],
    [
      '  + network namespace',
      [
        bwrap,
        '--unshare-user',
        '--unshare-pid',
        '--unshare-net',
        '--die-with-parent',
        '--ro-bind',
        '/',
        '/',
        '--',
        '/bin/true',
      ],
    ],
    [
      '  + ipc, uts, cgroup',
      [
        bwrap,
        '--unshare-user',
        '--unshare-pid',
        '--unshare-net',
        '--unshare-ipc',
        '--unshare-uts',
        '--unshare-cgroup-try',
        '--die-with-parent',
        '--ro-bind',
        '/',
        '/',
        '--',
        '/bin/true',
      ],
    ],
    [
      `full profile (${withoutSeccomp.filter((w) => /^--(ro-)?bind$|^--tmpfs$|^--symlink$|^--proc$|^--dev$/.test(w)).length} mounts), no seccomp`,
      withoutSeccomp,
    ],
    ['full profile + seccomp (as run)', argv],
  ];
  const times = variants.map(() => [] as number[]);
  const rounds = Math.max(10, Math.floor(spawns / 2));
  for (let i = 0; i < rounds; i++) {
    for (const [v, [, words]] of variants.entries()) times[v]!.push(await once(words[0]!, words.slice(1), undefined));
  }
  const base = percentile(times[0]!, 50);
  console.log(`breakdown (p50 of ${rounds} each, interleaved):`);
  for (const [v, [label]] of variants.entries()) {
    const p50 = percentile(times[v]!, 50);
    console.log(`  ${label.padEnd(42)} ${p50.toFixed(1).padStart(6)} ms  (+${(p50 - base).toFixed(1)} over bare)`);
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:sandbox — ${describeStatus(status)}; anchor: the same runBounded without the sandbox; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  await breakdown();
  await overhead('true', '/bin/true', []);
  await overhead('node -e 0', process.execPath, ['-e', '0']);
  await flood();
  console.log(
    `load average at the end: ${os.loadavg()[0]!.toFixed(1)} (on a busy box the contained path's three processes — bwrap, its init, the program — wait for the CPU three times)`,
  );
  for (const dir of [workspace, home, dataDir]) fs.rmSync(dir, { recursive: true, force: true });
}

void main();
