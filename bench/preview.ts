// npm run bench:preview — requests/s and p99 latency through the preview listener vs direct to the
// dev server, in the same run (SPEC §9 goal: ≥ 70% of direct throughput, < 2 ms added at p99).
// The load generator is a child process (this same file with --load) so it does not share a core's
// event loop with the proxy it measures; it is bounded in requests and in time.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { startPreviewServer } from '../src/main/preview/server';
import type { RunningProcessLookup } from '../src/main/preview/types';

const REQUESTS = 4_000;
const CONCURRENCY = 8;
const TIME_LIMIT_MS = 15_000;
const FIXTURE = path.resolve(__dirname, '../test/fixtures/preview/devServer.mjs');

interface LoadResult {
  count: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

/** Child side: N keep-alive GETs with bounded concurrency; prints one JSON line. */
async function loadGenerator(url: string, headersJson: string, total: number): Promise<void> {
  const target = new URL(url);
  const headers = JSON.parse(headersJson) as Record<string, string>;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const one = (): Promise<void> =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.get({ host: target.hostname, port: target.port, path: target.pathname, headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - t0);
          else errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  const worker = async (): Promise<void> => {
    while (issued < total && performance.now() - started < TIME_LIMIT_MS) {
      issued++;
      await one();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const result: LoadResult = { count: latencies.length, errors, seconds, rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
  process.stdout.write(JSON.stringify(result) + '\n');
  agent.destroy();
}

function runLoad(url: string, headers: Record<string, string>, total: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1], '--load', url, JSON.stringify(headers), String(total)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim()) as LoadResult) : reject(new Error(`load generator exited ${code}`))));
  });
}

function startDevServer(): Promise<{ pid: number; port: number; stop(): void }> {
  const child = spawn(process.execPath, [FIXTURE], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('error', reject);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ pid: child.pid as number, port: Number(m[1]), stop: () => child.kill('SIGKILL') });
    });
  });
}

async function redeemCookie(ticketUrl: string): Promise<string> {
  const url = new URL(ticketUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: url.pathname + url.search }, (res) => {
        res.resume();
        resolve((res.headers['set-cookie']?.[0] ?? '').split(';')[0]);
      })
      .on('error', reject);
  });
}

function fmt(r: LoadResult): string {
  return `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  (${r.count} ok, ${r.errors} errors, ${r.seconds.toFixed(1)} s)`;
}

async function main(): Promise<void> {
  const app = await startDevServer();
  const lookup: RunningProcessLookup = {
    findRunning: (name) => (name === 'bench' ? { agentId: 'a', pid: app.pid, startTime: '0', port: app.port } : null),
  };
  const preview = await startPreviewServer({ lookup, ownPorts: () => [] });
  try {
    const cookie = await redeemCookie(preview.issueTicket('bench'));
    const direct = { url: `http://127.0.0.1:${app.port}/app.js`, headers: {} };
    const proxied = { url: `http://127.0.0.1:${preview.port}/preview/developer/bench/app.js`, headers: { cookie } };
    await runLoad(direct.url, direct.headers, 300);
    await runLoad(proxied.url, proxied.headers, 300);
    const rounds: Array<{ d: LoadResult; p: LoadResult }> = [];
    for (let i = 0; i < 2; i++) {
      rounds.push({ d: await runLoad(direct.url, direct.headers, REQUESTS), p: await runLoad(proxied.url, proxied.headers, REQUESTS) });
    }
    for (const [i, { d, p }] of rounds.entries()) {
      console.log(`round ${i + 1} direct : ${fmt(d)}`);
      console.log(`round ${i + 1} preview: ${fmt(p)}`);
    }
    const best = (pick: (r: { d: LoadResult; p: LoadResult }) => LoadResult): LoadResult =>
      rounds.map(pick).reduce((a, b) => (b.rps > a.rps ? b : a));
    const d = best((r) => r.d);
    const p = best((r) => r.p);
    const ratio = p.rps / d.rps;
    const added = p.p99 - d.p99;
    console.log(`throughput ratio preview/direct: ${(ratio * 100).toFixed(1)}% (goal ≥ 70%)${ratio >= 0.7 ? '' : '  BELOW GOAL'}`);
    console.log(`p99 added by the preview: ${added.toFixed(2)} ms (goal < 2 ms)${added < 2 ? '' : '  ABOVE GOAL'}`);
  } finally {
    await preview.close();
    app.stop();
  }
}

if (process.argv[2] === '--load') {
  void loadGenerator(process.argv[3], process.argv[4], Number(process.argv[5]));
} else {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
