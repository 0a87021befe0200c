// npm run bench:preview — the preview listener against a bare Node reverse proxy, in the same run
// (issue 22 item 4; SPEC §9). Goals: at least 0.9× the bare proxy's throughput, and under 2 ms added
// at p99.
//   Load tool: autocannon (a devDependency) in its own process, so the load is not capped by the
//   tool and shares no event loop with what it measures.
//   Anchor: a bare reverse proxy (http.createServer + http.request with the same keep-alive agent,
//   headers passed as they are, no gate) in this same process, where the preview listener runs too:
//   the two differ only in what the preview does per request (host, route, cookie, port resolution,
//   header rewriting). The dev server (test/fixtures/preview/devServer.mjs) runs in a child process.
//   Throughput: saturated closed-loop runs (autocannon -c 8), bare and preview interleaved round by
//   round (first one, then the other first) so a busy moment of the shared machine hits both alike;
//   the median per-round ratio.
//   Latency: a quiet closed-loop run (one connection, one request at a time) straight to the app,
//   through the bare proxy and through the preview; the p99 the preview adds over the app (and over
//   the bare proxy), the median over rounds — not a difference of two saturated p99s.
// BENCH_ROUNDS (default 7) and BENCH_SECONDS (default 3, per saturated run) shorten it on a slow box.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startPreviewServer, type PreviewServer } from '../src/main/preview/server';
import type { RunningProcessLookup } from '../src/main/preview/types';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 8;
const QUIET_REQUESTS = 2_000;
const FIXTURE = path.resolve(__dirname, '../test/fixtures/preview/devServer.mjs');

interface Load {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
  /** CPU µs this process (where both proxies run) spent per request during the run. */
  cpuHere: number;
}

interface CannonJob {
  url: string;
  headers: Record<string, string>;
  connections: number;
  duration?: number;
  amount?: number;
}

/**
 * Child side: one autocannon run, printed as one JSON line. autocannon's own histogram holds whole
 * milliseconds, so each response's time (a float, from hrtime) is recorded here for the percentiles.
 */
async function cannonChild(job: CannonJob): Promise<void> {
  const autocannon = (await import('autocannon')).default;
  const latencies: number[] = [];
  const instance = autocannon({
    url: job.url,
    headers: job.headers,
    connections: job.connections,
    ...(job.duration !== undefined ? { duration: job.duration } : {}),
    ...(job.amount !== undefined ? { amount: job.amount } : {}),
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    if (status >= 200 && status < 300) latencies.push(responseTime);
  });
  const r = await instance;
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const ok = r['2xx'];
  process.stdout.write(
    `${JSON.stringify({ rps: ok / r.duration, p50: at(0.5), p99: at(0.99), ok, errors: r.errors + r.non2xx + r.timeouts })}\n`,
  );
}

/** One autocannon run in its own process (this file with --cannon), so the load shares no event loop with the proxies. */
function autocannon(job: CannonJob): Promise<Load> {
  return new Promise((resolve, reject) => {
    const cpu0 = process.cpuUsage();
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, '--cannon', JSON.stringify(job)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const used = process.cpuUsage(cpu0);
      const load = JSON.parse(out.trim()) as Omit<Load, 'cpuHere'>;
      resolve({ ...load, cpuHere: (used.user + used.system) / Math.max(1, load.ok) });
    });
  });
}

const saturated = (url: string, headers: Record<string, string>): Promise<Load> =>
  autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
const quiet = (url: string, headers: Record<string, string>): Promise<Load> =>
  autocannon({ url, headers, connections: 1, amount: QUIET_REQUESTS });

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

/** The anchor: a reverse proxy with nothing but the forwarding (same agent settings as the preview's). */
async function startBareProxy(appPort: number): Promise<{ port: number; close(): Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 16 });
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: appPort, method: req.method, path: req.url, headers: req.headers, agent },
      (appRes) => {
        res.writeHead(appRes.statusCode ?? 502, appRes.headers);
        appRes.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.statusCode = 502;
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

async function redeemCookie(ticketUrl: string): Promise<string> {
  const url = new URL(ticketUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: url.pathname + url.search }, (res) => {
        res.resume();
        resolve((res.headers['set-cookie']?.[0] ?? '').split(';')[0]!);
      })
      .on('error', reject);
  });
}

/**
 * The preview's URL and cookie for the bench process. Written against both shapes of the server's
 * API (one listener with `port`; one listener per preview with `portFor`), so it runs on either.
 */
async function previewEntry(server: PreviewServer): Promise<{ url: string; cookie: string }> {
  const s = server as unknown as
    | { port: number; issueTicket(name: string): string }
    | {
        portFor(agentId: string, name: string): Promise<number>;
        issueTicket(agentId: string, name: string): Promise<string>;
      };
  if ('portFor' in s) {
    const cookie = await redeemCookie(await s.issueTicket('a', 'bench'));
    return { url: `http://127.0.0.1:${await s.portFor('a', 'bench')}/preview/developer/bench/app.js`, cookie };
  }
  const cookie = await redeemCookie(s.issueTicket('bench'));
  return { url: `http://127.0.0.1:${s.port}/preview/developer/bench/app.js`, cookie };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const ms = (x: number): string => `${x.toFixed(2)} ms`;
const fmt = (r: Load): string =>
  `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  CPU here ${r.cpuHere.toFixed(0)} µs/req  (${r.ok} ok, ${r.errors} errors)`;

async function main(): Promise<void> {
  const app = await startDevServer();
  const lookup: RunningProcessLookup = {
    findRunning: (name) => (name === 'bench' ? { agentId: 'a', pid: app.pid, startTime: '0', port: app.port } : null),
  };
  const preview = await startPreviewServer({ lookup, ownPorts: () => [] });
  const bare = await startBareProxy(app.port);
  try {
    const entry = await previewEntry(preview);
    const direct = `http://127.0.0.1:${app.port}/app.js`;
    const bareUrl = `http://127.0.0.1:${bare.port}/app.js`;
    const cookie = { cookie: entry.cookie };
    console.log(
      `${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}; autocannon -c ${CONNECTIONS} -d ${SECONDS} (saturated), -c 1 -a ${QUIET_REQUESTS} (quiet)`,
    );
    // Warm-up: connections, JIT, the preview's port resolution.
    await autocannon({ url: bareUrl, headers: {}, connections: CONNECTIONS, amount: 2000 });
    await autocannon({ url: entry.url, headers: cookie, connections: CONNECTIONS, amount: 2000 });
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    const addedOverApp: number[] = [];
    const addedOverBare: number[] = [];
    for (let i = 1; i <= ROUNDS; i++) {
      // Which goes first alternates round by round, so neither always runs on the warmer (or busier) machine.
      let b: Load, p: Load;
      if (i % 2 === 1) {
        b = await saturated(bareUrl, {});
        p = await saturated(entry.url, cookie);
      } else {
        p = await saturated(entry.url, cookie);
        b = await saturated(bareUrl, {});
      }
      if (p.errors > 0 || b.errors > 0) throw new Error(`errors under load: bare ${b.errors}, preview ${p.errors}`);
      ratios.push(p.rps / b.rps);
      cpuRatios.push(p.cpuHere / b.cpuHere);
      console.log(`round ${i} saturated  bare   : ${fmt(b)}`);
      console.log(`round ${i} saturated  preview: ${fmt(p)}  → ${(p.rps / b.rps).toFixed(2)}x the bare proxy`);
      const qd = await quiet(direct, {});
      const qb = await quiet(bareUrl, {});
      const qp = await quiet(entry.url, cookie);
      addedOverApp.push(qp.p99 - qd.p99);
      addedOverBare.push(qp.p99 - qb.p99);
      console.log(`round ${i} quiet      direct ${ms(qd.p99)}  bare ${ms(qb.p99)}  preview ${ms(qp.p99)} (p99)`);
    }
    const ratio = median(ratios);
    console.log(
      `CPU per request in the proxies' process: preview ${median(cpuRatios).toFixed(2)}x the bare proxy's (median), the cost the scheduler's noise does not hide`,
    );
    const added = median(addedOverApp);
    console.log(
      `throughput: anchor the bare proxy; preview ${ratio.toFixed(2)}x its requests/s, median of ${ROUNDS} [${ratios.map((r) => r.toFixed(2)).join(' ')}]; goal ≥ 0.9x: ${ratio >= 0.9 ? 'met' : 'NOT met'}`,
    );
    console.log(
      `p99 added (quiet closed loop): anchor the app direct; preview adds ${ms(added)}, median of ${ROUNDS} [${addedOverApp.map((a) => a.toFixed(2)).join(' ')}] (${ms(median(addedOverBare))} over the bare proxy); goal < 2 ms: ${added < 2 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await bare.close();
    await preview.close();
    app.stop();
  }
}

if (process.argv[2] === '--cannon') {
  void cannonChild(JSON.parse(process.argv[3]!) as CannonJob);
} else {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
