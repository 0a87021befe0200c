// npm run bench:startup — how long `paddock serve` takes to its first accepted request, and what it
// holds at rest (issue 22 item 2). The anchor is a bare Node http server started the same way in the
// same run: a fresh `node FILE` process that prints its address once it listens; the clock runs from
// spawn until the answer to the first GET of that address has arrived. Rounds alternate the two, so
// a busy moment on the shared box hits both alike. Goals: first request within 4× the bare server
// (median over the rounds), and idle RSS under 100 MiB (the server process, after its first answer
// and a quiet moment, the core loaded). It also prints, without a goal, how long until a first API
// call is answered, which waits for the core. BENCH_ROUNDS (default 9) shrinks it on a slow box.
// Measures the build in out/ (`npm run bench:startup` builds first), as `paddock serve` runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'bin', 'paddock.js');
const rounds = Number(process.env.BENCH_ROUNDS ?? 9);
const MIB = 1024 * 1024;
const RATIO_GOAL = 4;
const RSS_GOAL_MIB = 100;
const SETTLE_MS = 3000;

if (!fs.existsSync(path.join(ROOT, 'out', 'main', 'cli.js'))) {
  console.error('bench:startup measures the build: run `npm run build` first (npm run bench:startup does).');
  process.exit(1);
}

const scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-startup-')));
const bareServer = path.join(scratch, 'bare.js');
fs.writeFileSync(
  bareServer,
  `const http = require('node:http');
const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('ok'); });
server.listen(0, '127.0.0.1', () => process.stdout.write('listening at http://127.0.0.1:' + server.address().port + '/\\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`,
);

interface Start {
  ms: number;
  rssMib: number;
  /** paddock serve only: spawn → the answer to a first API call (`agents.list`), the core loaded. */
  apiMs?: number;
}

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

function rssMib(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return kib / 1024;
}

/** As the page does: the token from the printed address as a subprotocol, one call, its answer. */
function firstApiCall(url: string): Promise<void> {
  const { origin, searchParams } = new URL(url);
  const token = searchParams.get('token') ?? '';
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace('http:', 'ws:')}/api`, ['paddock.v1', `paddock.token.${token}`], {
      headers: { origin },
    });
    ws.once('open', () => ws.send(JSON.stringify({ id: 1, call: 'agents.list', request: {} })));
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { id?: number; result?: { ok: boolean } };
      if (message.id !== 1) return;
      ws.close();
      if (message.result?.ok) resolve();
      else reject(new Error(`agents.list answered ${data.toString()}`));
    });
    ws.once('error', reject);
  });
}

/** Spawns `args`, waits for an address on stdout, GETs it; then (when asked) reads its RSS at rest. */
async function start(args: string[], env: NodeJS.ProcessEnv, measureRss: boolean, api = false): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        const match = /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(stdout);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}:\n${stderr}`)));
    });
    const status = await get(url);
    const ms = performance.now() - started;
    if (status >= 500 || status === 0) throw new Error(`${url} answered ${status}:\n${stderr}`);
    let apiMs: number | undefined;
    if (api) {
      await firstApiCall(url);
      apiMs = performance.now() - started;
    }
    let rss = 0;
    if (measureRss) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      rss = rssMib(child.pid as number);
    }
    return { ms, rssMib: rss, apiMs };
  } finally {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(): Promise<void> {
  const bare: Start[] = [];
  const paddock: Start[] = [];
  for (let round = 0; round < rounds; round++) {
    const home = fs.mkdtempSync(path.join(scratch, 'home-'));
    const dataDir = path.join(scratch, `data-${round}`);
    const env = { PATH: process.env.PATH, HOME: home, SHELL: '/bin/sh', LANG: 'C.UTF-8' };
    bare.push(await start([bareServer], env, round === 0));
    // A fresh data directory every round: the first start of an installation, its migrations included.
    paddock.push(
      await start([BIN, 'serve', '--port', '0', '--data-dir', dataDir, '--no-open'], env, round === 0, true),
    );
  }
  const bareMs = median(bare.map((s) => s.ms));
  const paddockMs = median(paddock.map((s) => s.ms));
  const ratio = paddockMs / bareMs;
  const rss = paddock[0]!.rssMib;
  console.log(`bench:startup, ${rounds} rounds, spawn → first answered GET, median`);
  console.log(
    `anchor  bare node http server   ${bareMs.toFixed(0)} ms   (RSS at rest ${bare[0]!.rssMib.toFixed(0)} MiB)`,
  );
  console.log(
    `paddock serve                   ${paddockMs.toFixed(0)} ms   (min ${Math.min(...paddock.map((s) => s.ms)).toFixed(0)}, max ${Math.max(...paddock.map((s) => s.ms)).toFixed(0)})`,
  );
  console.log(
    `paddock serve to its first API answer (the core loaded) ${median(paddock.map((s) => s.apiMs ?? 0)).toFixed(0)} ms (no goal: the page's own load overlaps it)`,
  );
  console.log(
    `ratio   ${ratio.toFixed(2)}× the bare server   goal ≤ ${RATIO_GOAL}×: ${ratio <= RATIO_GOAL ? 'met' : 'NOT met'}`,
  );
  console.log(
    `idle RSS of paddock serve ${rss.toFixed(0)} MiB (${((rss * MIB) / 1e6).toFixed(0)} MB), ${SETTLE_MS / 1000} s after its first answer   goal < ${RSS_GOAL_MIB} MiB: ${rss < RSS_GOAL_MIB ? 'met' : 'NOT met'}`,
  );
  fs.rmSync(scratch, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
