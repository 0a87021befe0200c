// npm run bench:run — the cost of Paddock's spawn path (issue 6; issue 22 item 4). Anchor: a raw
// pipe, `cat f | cat > /dev/null`, of the same file (the least any reader of a pipe does), timed in
// the same run, interleaved round by round.
//   1. the flood through runBounded (the `run` tool's spawn) in this process: throughput ratio to the
//      raw pipe (goal ≥ 50%);
//   2. end to end: a warm core process (src/main/core.ts, the composition `paddock serve` runs, without
//      its HTTP listener) whose agent is asked by the fake model server, through the real SDK, to
//      `run` `cat f` (auto in run mode; the OS sandbox on when this machine has it, as shipped):
//      throughput ratio to the raw pipe (goal ≥ 50%) and that process's peak RSS growth from
//      before the turn to its end, read from /proc (goal < 64 MiB). Warm: the core's second turn,
//      as a running `paddock serve` takes it; its first turn, which also loads the provider SDK
//      and the tools on first use (and, here, compiles them through tsx), is printed beside it;
//
//   3. the overhead of the whole `run` tool for `true` (lex, cwd, PATH lookup, env, group kill
//      bookkeeping) and of runBounded alone, vs child_process.spawn (goal < 5 ms).
// BENCH_FLOOD_MIB (default 512) sets the file's size; BENCH_ROUNDS (default 3) the rounds.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildChildEnv } from '../src/main/processes/env';
import { runBounded } from '../src/main/processes/spawn';
import { createRunTool } from '../src/main/tools/run';
import { WATCH_MAX_BYTES, watchTestRun } from '../src/main/testRuns/watch';
import type { ToolCallContext } from '../src/shared/domain';

const MIB = 1024 * 1024;
const floodMib = Number(process.env.BENCH_FLOOD_MIB ?? 512);
const floodBytes = floodMib * MIB;
const SH = '/bin/sh';
/** The child (--core ROOT WORKSPACE) works in the parent's workspace, where the flood file is. */
const workspace =
  process.argv[2] === '--core'
    ? process.argv[4]!
    : fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-run-')));
const FLOOD_FILE = 'flood.txt';
const floodPath = path.join(workspace, FLOOD_FILE);
const CAT = fs.existsSync('/usr/bin/cat') ? '/usr/bin/cat' : '/bin/cat';
/** The anchor: the same file through a raw pipe. */
const rawPipe = `cat ${FLOOD_FILE} | cat > /dev/null`;
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

function writeFloodFile(): void {
  const line = Buffer.from(`${'a'.repeat(79)}\n`);
  const block = Buffer.concat(Array.from({ length: MIB / line.length }, () => line));
  const fd = fs.openSync(floodPath, 'w');
  try {
    for (let written = 0; written < floodBytes; written += block.length)
      fs.writeSync(fd, block, 0, Math.min(block.length, floodBytes - written));
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Child side (--core): a core process runs two turns, each of whose model asks for `run cat f`. The
 * first is the core's first turn (the provider SDK and the tools are loaded on first use, as in
 * `paddock serve`); the second is the flood through a warm core, the steady state the goal is about.
 * Prints one JSON line with both.
 */
async function coreChild(root: string): Promise<void> {
  const { startFakeModelServer } = await import('../test/support/fakeModelServer');
  const { createCore } = await import('../src/main/core');
  const flood = { toolCalls: [{ name: 'run', args: { command: `cat ${FLOOD_FILE}` } }] };
  const model = await startFakeModelServer([flood, { text: 'done' }, flood, { text: 'done' }]);
  const home = path.join(root, 'home');
  fs.mkdirSync(home, { recursive: true });
  const core = await createCore({
    dataDir: path.join(root, 'data'),
    home,
    env: { PATH, HOME: home, SHELL: '/bin/sh', PADDOCK_SHELL: 'on', PADDOCK_CODING_TOOLS: 'on' },
    host: 'test',
    log: () => undefined,
    modelRetries: 0,
  });
  const agent = core.agents.create({
    name: 'Developer',
    handle: '@bench',
    provider: 'anthropic',
    model: 'fake',
    baseUrl: model.url,
    scopes: ['file_read', 'process', 'shell'],
    mode: 'run',
  });
  core.secrets.set(agent.id, 'sk-test-key-0123456789');
  core.workspaces.set({ agentId: agent.id, directory: workspace, capturedPath: PATH, gitBinary: null });
  const turn = async (): Promise<{ ms: number; toolMs: number; reason: string; ok: boolean; growth: number }> => {
    const conversation = core.conversations.create(agent.id, 'bench');
    resetPeak();
    const before = rssOf('self').rss;
    // The run call's own time, from its row turning running to its row leaving running.
    let callStart = 0;
    let toolMs = NaN;
    const unsubscribe = core.events.subscribe((event) => {
      if (event.type !== 'toolCall.changed' || event.call.tool !== 'run') return;
      if (event.call.status === 'running') callStart ||= performance.now();
      else if (callStart > 0 && Number.isNaN(toolMs)) toolMs = performance.now() - callStart;
    });
    const started = performance.now();
    const turnId = core.runner.startTurn({ agentId: agent.id, conversationId: conversation.id, text: 'flood' });
    const reason = await core.runner.settled(turnId);
    const ms = performance.now() - started;
    unsubscribe();
    const growth = rssOf('self').peak - before;
    const tool = core.conversations.all(conversation.id).find((m) => m.role === 'tool');
    const ok = tool !== undefined && tool.role === 'tool' && !tool.isError;
    return { ms, toolMs, reason, ok, growth };
  };
  const cold = await turn();
  const warm = await turn();
  const cards = core.cards.list().length;
  await core.shutdown();
  await model.close();
  process.stdout.write(`${JSON.stringify({ cold, warm, cards })}\n`);
}

/** Resets VmHWM to the current RSS (Linux: `5` to /proc/self/clear_refs), so a peak is the turn's own. */
function resetPeak(): void {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Older kernels: the peak then spans the process's life, which only overstates the growth.
  }
}

/** VmRSS and VmHWM (peak) of a process, in bytes (Linux /proc). */
function rssOf(pid: number | 'self'): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'latin1');
  const kib = (field: string): number =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

interface TurnResult {
  ms: number;
  toolMs: number;
  reason: string;
  ok: boolean;
  growth: number;
}

function endToEnd(): Promise<{ cold: TurnResult; warm: TurnResult }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-run-core-'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, '--core', root, workspace], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      fs.rmSync(root, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`the core process exited ${code}`));
      const r = JSON.parse(out.trim().split('\n').pop() as string) as {
        cold: TurnResult;
        warm: TurnResult;
        cards: number;
      };
      for (const t of [r.cold, r.warm]) {
        if (t.reason !== 'completed' || !t.ok || r.cards > 0)
          return reject(new Error(`a turn did not run the flood without a card: ${JSON.stringify(r)}`));
      }
      resolve({ cold: r.cold, warm: r.warm });
    });
  });
}

async function flood(): Promise<void> {
  // Interleaved rounds, medians reported: the box is shared (2 cores), and a busy moment should hit
  // every variant alike rather than crown a lucky one.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  writeFloodFile();
  await raw(SH, ['-c', rawPipe], 'ignore'); // warm the page cache
  const times = {
    raw: [] as number[],
    node: [] as number[],
    bounded: [] as number[],
    watched: [] as number[],
    warm: [] as number[],
    cold: [] as number[],
    tool: [] as number[],
  };
  const ratios = { bounded: [] as number[], warm: [] as number[], cold: [] as number[], tool: [] as number[] };
  let growthHere = 0;
  let growthWarm = 0;
  let growthCold = 0;
  for (let i = 0; i < rounds; i++) {
    const rawMs = (await raw(SH, ['-c', rawPipe], 'ignore')).ms;
    times.raw.push(rawMs);
    // For reference: Node reading the same pipe and keeping nothing, the floor of any reader in Node.
    times.node.push((await raw(CAT, [FLOOD_FILE], 'pipe')).ms);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
    const result = await runBounded({
      program: CAT,
      args: [FLOOD_FILE],
      cwd: workspace,
      env,
      timeoutMs: 600_000,
      onOutput: () => undefined,
    });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    times.bounded.push(result.elapsedMs);
    ratios.bounded.push(rawMs / result.elapsedMs);
    growthHere = Math.max(growthHere, (peak - before) / MIB);
    // The same flood read as a test run would be (`npm test`: every runner's reader watches for failure blocks).
    const watch = watchTestRun(['npm', 'test']);
    if (!watch) throw new Error('npm test is no test run');
    times.watched.push(
      (
        await runBounded({
          program: CAT,
          args: [FLOOD_FILE],
          cwd: workspace,
          env,
          timeoutMs: 600_000,
          onOutput: () => undefined,
          onRawOutput: (chunk) => watch.onRawOutput(chunk),
        })
      ).elapsedMs,
    );
    const { cold, warm } = await endToEnd();
    times.warm.push(warm.ms);
    ratios.warm.push(rawMs / warm.ms);
    times.cold.push(cold.ms);
    ratios.cold.push(rawMs / cold.ms);
    times.tool.push(warm.toolMs);
    ratios.tool.push(rawMs / warm.toolMs);
    growthWarm = Math.max(growthWarm, warm.growth / MIB);
    growthCold = Math.max(growthCold, cold.growth / MIB);
  }
  const mibPerS = (ms: number): string => (floodMib / (ms / 1000)).toFixed(0);
  const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
  const bounded = median(ratios.bounded);
  const warm = median(ratios.warm);
  console.log(
    `flood of a ${floodMib} MiB file (medians of ${rounds}); ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(`  anchor: raw pipe \`${rawPipe}\` ${mibPerS(median(times.raw))} MiB/s`);
  console.log(
    `  for reference: a bare Node reader of \`cat f\` that keeps nothing ${mibPerS(median(times.node))} MiB/s (${pct(median(times.raw) / median(times.node))} of the raw pipe)`,
  );
  console.log(
    `  runBounded (this process)      ${mibPerS(median(times.bounded))} MiB/s: ${pct(bounded)} of the raw pipe [${ratios.bounded.map(pct).join(' ')}]; goal ≥ 50%: ${bounded >= 0.5 ? 'met' : 'NOT met'}; RSS growth ${growthHere.toFixed(1)} MiB`,
  );
  console.log(
    `    for reference: runBounded read as \`npm test\` (every reader watching for failure blocks, the first ${WATCH_MAX_BYTES / MIB} MiB) ${mibPerS(median(times.watched))} MiB/s: ${pct(median(times.raw) / median(times.watched))} of the raw pipe`,
  );
  console.log(
    `  end to end (a warm core process: the model turn, the run tool, the sandbox) ${mibPerS(median(times.warm))} MiB/s: ${pct(warm)} of the raw pipe [${ratios.warm.map(pct).join(' ')}]; goal ≥ 50%: ${warm >= 0.5 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `    of which the run call itself (its row running) ${mibPerS(median(times.tool))} MiB/s: ${pct(median(ratios.tool))} of the raw pipe [${ratios.tool.map(pct).join(' ')}]`,
  );
  console.log(
    `    for reference: the core's first turn (SDK and tools loaded on first use) ${mibPerS(median(times.cold))} MiB/s: ${pct(median(ratios.cold))} of the raw pipe [${ratios.cold.map(pct).join(' ')}]`,
  );
  console.log(
    `  the core process's peak RSS growth over a warm turn ${growthWarm.toFixed(1)} MiB; goal < 64 MiB: ${growthWarm < 64 ? 'met' : 'NOT met'} (first turn, loading included: ${growthCold.toFixed(1)} MiB)`,
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function overhead(): Promise<void> {
  const n = 60;
  const trueBin = fs.existsSync('/usr/bin/true') ? '/usr/bin/true' : '/bin/true';
  const tool = createRunTool();
  const ctx: ToolCallContext = {
    agent: {
      id: 'bench',
      name: 'Bench',
      handle: '@bench',
      provider: 'anthropic',
      model: 'm',
      baseUrl: null,
      scopes: ['process'],
      mode: 'run',
      acceptancePolicy: 'apply',
      maxOutputTokens: 1000,
      createdAt: 'now',
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
  console.log(
    `  runBounded +${bounded.toFixed(2)} ms; run tool +${whole.toFixed(2)} ms; goal < 5 ms added: ${whole < 5 ? 'met' : 'NOT met'}`,
  );
}

async function main(): Promise<void> {
  try {
    await flood();
    await overhead();
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--core') {
  coreChild(process.argv[3]!).catch((error: Error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  void main();
}
