// npm run bench:run — the cost of Paddock's spawn path (issue 6):
//   1. a 1 GiB flood through runBounded (the `run` tool's spawn) vs the same command with its
//      output sent straight to /dev/null: throughput ratio (goal ≥ 50%) and peak RSS growth
//      (goal < 64 MiB);
//   2. the overhead of the whole `run` tool for `true` (lex, cwd, PATH lookup, env, group kill
//      bookkeeping) and of runBounded alone, vs child_process.spawn (goal < 5 ms).
// Set BENCH_FLOOD_MIB to flood less on a slow box.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildChildEnv } from '../src/main/processes/env';
import { runBounded } from '../src/main/processes/spawn';
import { createRunTool } from '../src/main/tools/run';
import type { ToolCallContext } from '../src/shared/domain';

const MIB = 1024 * 1024;
const floodMib = Number(process.env.BENCH_FLOOD_MIB ?? 1024);
const floodBytes = floodMib * MIB;
const SH = '/bin/sh';
const floodScript = `head -c ${floodBytes} /dev/zero | tr '\\0' a`;
const workspace = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-run-')));
const PATH = [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':');
const env = buildChildEnv({ PATH, HOME: workspace });

type RawMode = 'ignore' | 'devnull' | 'pipe';

/** Elapsed ms and this process's CPU ms for one spawn of `program` with its output sent to `stdio`. */
function raw(program: string, args: string[], stdio: RawMode): Promise<{ ms: number; cpuMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const out = stdio === 'devnull' ? fs.openSync('/dev/null', 'w') : stdio;
    const child = spawn(program, args, { cwd: workspace, env, stdio: ['ignore', out, out] });
    if (typeof out === 'number') fs.closeSync(out);
    // 'pipe': Node reads and discards — the floor any reader in Node pays per chunk.
    child.stdout?.on('data', () => undefined);
    child.stderr?.on('data', () => undefined);
    child.on('error', reject);
    child.on('close', () => resolve({ ms: performance.now() - started, cpuMs: cpuMs(process.cpuUsage(cpu)) }));
  });
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

async function flood(): Promise<void> {
  // Interleaved rounds, medians reported: the box is shared (2 cores), and a busy moment should hit
  // every variant alike rather than crown a lucky one.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const times = { raw: [] as number[], native: [] as number[], node: [] as number[], bounded: [] as number[] };
  const cpu = { node: [] as number[], bounded: [] as number[] };
  const ratios: number[] = [];
  let growth = 0;
  let kept = 0;
  // A native reader that keeps the same tail (through a pipe, not /dev/null): what capturing costs
  // outside Node. Writing into /dev/null copies nothing, so no reader of a pipe can match it.
  const nativeScript = `${floodScript} | tail -c ${200 * 1024} > /dev/null`;
  for (let i = 0; i < rounds; i++) {
    const rawMs = (await raw(SH, ['-c', floodScript], 'devnull')).ms;
    times.raw.push(rawMs);
    times.native.push((await raw(SH, ['-c', nativeScript], 'devnull')).ms);
    const bare = await raw(SH, ['-c', floodScript], 'pipe');
    times.node.push(bare.ms);
    cpu.node.push(bare.cpuMs);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
    const usage = process.cpuUsage();
    const result = await runBounded({ program: SH, args: ['-c', floodScript], cwd: workspace, env, timeoutMs: 600_000, onOutput: () => undefined });
    cpu.bounded.push(cpuMs(process.cpuUsage(usage)));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    times.bounded.push(result.elapsedMs);
    ratios.push(rawMs / result.elapsedMs);
    growth = Math.max(growth, (peak - before) / MIB);
    kept = result.output.length;
  }
  const mibPerS = (ms: number): string => (floodMib / (ms / 1000)).toFixed(0);
  const m = { raw: median(times.raw), native: median(times.native), node: median(times.node), bounded: median(times.bounded) };
  const ratio = median(ratios);
  const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
  console.log(`flood ${floodMib} MiB (median of ${rounds}): raw → /dev/null ${mibPerS(m.raw)} MiB/s, runBounded ${mibPerS(m.bounded)} MiB/s`);
  console.log(`  throughput ratio ${pct(ratio)} [${ratios.map(pct).join(' ')}] (goal ≥ 50%) ${ratio >= 0.5 ? 'ok' : 'MISSED'}`);
  console.log(`  for reference: native \`| tail -c 200K\` ${mibPerS(m.native)} MiB/s (${pct(m.raw / m.native)} of raw); a bare Node pipe reader that keeps nothing ${mibPerS(m.node)} MiB/s (${pct(m.raw / m.node)} of raw); runBounded is ${pct(m.node / m.bounded)} of the bare reader`);
  console.log(`  CPU of this process per GiB: bare reader ${((median(cpu.node) * 1024) / floodMib).toFixed(0)} ms, runBounded ${((median(cpu.bounded) * 1024) / floodMib).toFixed(0)} ms`);
  console.log(`  peak RSS growth ${growth.toFixed(1)} MiB (goal < 64 MiB) ${growth < 64 ? 'ok' : 'MISSED'}; kept ${kept} chars`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function overhead(): Promise<void> {
  const n = 60;
  const trueBin = fs.existsSync('/usr/bin/true') ? '/usr/bin/true' : '/bin/true';
  const tool = createRunTool();
  const ctx: ToolCallContext = {
    agent: {
      id: 'bench', name: 'Bench', handle: '@bench', provider: 'anthropic', model: 'm', baseUrl: null,
      scopes: ['process'], mode: 'run', acceptancePolicy: 'apply', maxOutputTokens: 1000, createdAt: 'now',
    },
    workspace: { agentId: 'bench', directory: workspace, capturedPath: PATH, gitBinary: null, createdAt: 'now' },
    home: workspace,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-data-')),
    callId: 'c',
    conversationId: 'v',
    signal: new AbortController().signal,
  };
  const rawTimes: number[] = [];
  const boundedTimes: number[] = [];
  const toolTimes: number[] = [];
  for (let i = 0; i < n; i++) {
    // Interleaved so a busy moment of the machine hits all three alike.
    rawTimes.push((await raw(trueBin, [], 'ignore')).ms);
    let t = performance.now();
    await runBounded({ program: trueBin, args: [], cwd: workspace, env, timeoutMs: 60_000 });
    boundedTimes.push(performance.now() - t);
    t = performance.now();
    const result = await tool.run({ command: 'true' }, ctx);
    toolTimes.push(performance.now() - t);
    if (!result.ok) throw new Error(result.error);
  }
  const base = median(rawTimes);
  const bounded = median(boundedTimes) - base;
  const whole = median(toolTimes) - base;
  console.log(`spawn of \`true\` (median of ${n}): child_process.spawn ${base.toFixed(2)} ms`);
  console.log(`  runBounded +${bounded.toFixed(2)} ms; run tool +${whole.toFixed(2)} ms (goal < 5 ms) ${whole < 5 ? 'ok' : 'MISSED'}`);
}

async function main(): Promise<void> {
  try {
    await flood();
    await overhead();
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

void main();
