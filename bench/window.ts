// npm run bench:window — how soon the window's first screen works, and how much script it needs
// (issue 35 item 6). The anchor is a static page from a bare Node http server started in the same
// run: its first contentful paint in Chromium. Paddock's two first screens are measured against it,
// each in a fresh browser context (nothing cached), from navigation start to the moment the screen
// takes input: the first run's Folder field (a fresh data directory), and the composer of the
// working window (setup done, a conversation open). Both moments are seen from inside the page by
// the same init script on all three (watcher below), so no evaluation of the harness's runs in the
// page while it starts. Rounds alternate the three, so a busy moment on the shared box hits all
// alike. The script a screen needed is what the page had fetched when it
// became usable, each file's size read from the build in out/renderer. Goals: each screen under
// 400 KiB of script, and usable within 3× the static page's first paint (medians over the rounds).
// Headed Chromium when a display is there ($DISPLAY), else headless (said in the output).
// BENCH_ROUNDS (default 7) shrinks it on a slow box. Measures the build (`npm run bench:window` builds).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import WebSocket from 'ws';
import { chromiumArgs } from '../src/main/preview/chromiumCapture';

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'bin', 'paddock.js');
const ASSETS = path.join(ROOT, 'out', 'renderer', 'assets');
const CHROMIUM = process.env.PADDOCK_CHROMIUM ?? '/usr/bin/chromium';
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const KIB = 1024;
const SCRIPT_GOAL_KIB = 400;
const RATIO_GOAL = 3;
const HEADED = Boolean(process.env.DISPLAY);

if (!fs.existsSync(path.join(ROOT, 'out', 'renderer', 'index.html'))) {
  console.error('bench:window measures the build: run `npm run build` first (npm run bench:window does).');
  process.exit(1);
}

const scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-window-')));
const staticServer = path.join(scratch, 'static.js');
// A page of the same kind as the first screen: a heading, a sentence, a field. No script.
fs.writeFileSync(
  staticServer,
  `const http = require('node:http');
const page = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Static</title></head><body><h1>Set up</h1><p>The folder the agent may read and change.</p><label>Folder <input></label></body></html>';
const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); res.end(page); });
server.listen(0, '127.0.0.1', () => process.stdout.write('listening at http://127.0.0.1:' + server.address().port + '/\\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`,
);

interface Server {
  url: string;
  stop(): Promise<void>;
}

/** Spawns a server that prints its address, and stops it (and its group) when asked. */
async function startServer(args: string[], env: NodeJS.ProcessEnv): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}:\n${stderr}`)));
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** One call as the page makes it: the token from the printed address as a subprotocol. */
function apiCall(url: string, name: string, request: unknown): Promise<unknown> {
  const { origin, searchParams } = new URL(url);
  const token = searchParams.get('token') ?? '';
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace('http:', 'ws:')}/api`, ['paddock.v1', `paddock.token.${token}`], {
      headers: { origin },
    });
    ws.once('open', () => ws.send(JSON.stringify({ id: 1, call: name, request })));
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { id?: number; result?: { ok: boolean; value?: unknown } };
      if (message.id !== 1) return;
      ws.close();
      if (message.result?.ok) resolve(message.result.value);
      else reject(new Error(`${name} answered ${data.toString()}`));
    });
    ws.once('error', reject);
  });
}

interface Visit {
  /** Navigation start → first contentful paint (static page) or → the screen takes input (Paddock). */
  ms: number;
  firstPaintMs: number;
  scripts: string[];
  /** Where the time went: each step's time from navigation start (the page's own timeline). */
  steps: Record<string, number>;
}

/**
 * The steps of a start, in order: the page's navigation (the login redirect included), the scripts
 * the first screen needed (the last one's arrival), and the marks the window sets (lib/startMarks.ts).
 */
const STEPS = [
  ['redirect', 'login redirect answered'],
  ['html', 'page (index.html) arrived'],
  ['entry', 'entry script arrived'],
  ['paddock:entry-run', 'entry script ran'],
  ['scripts', 'last script needed arrived'],
  ['paddock:socket-open', 'socket to the core open'],
  ['paddock:first-answer', "core's first answer (which screen)"],
  ['paddock:agents-answer', 'agents known'],
  ['paddock:conversations-answer', "shown agent's conversations known"],
  ['paddock:react-loaded', 'React and the stores evaluated'],
  ['paddock:screen-loaded', "screen's chunk evaluated"],
  ['paddock:screen-shown', 'screen rendered'],
] as const;

/**
 * Installed before any of the page's own script (an init script, the same text for the anchor and
 * for Paddock): each animation frame it looks for the element, and once it takes input (there,
 * enabled, laid out) it notes performance.now() and says so on the console. The visit waits for
 * that console line, then reads the page: no Playwright evaluation runs in the page while it
 * starts (its injected utility script took 12-25 ms of the main thread, on the path being measured).
 */
function watcher(selector: string | null): string {
  return `(() => {
  const selector = ${JSON.stringify(selector)};
  const paint = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  const check = () => {
    const element = selector === null ? null : document.querySelector(selector);
    if (selector === null ? paint() : element !== null && !element.disabled && element.getClientRects().length > 0) {
      window.__paddockBenchUsable = performance.now();
      console.debug('paddock-bench:usable');
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;
}

/** What READ_PAGE answers. */
interface PageRead {
  usable: number;
  paint: number;
  scripts: string[];
  steps: Record<string, number>;
}

/** What the page says once the watcher has seen its element: the times and the scripts it fetched. */
const READ_PAGE = `(() => {
  const usable = window.__paddockBenchUsable ?? 0;
  const navigation = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource').filter((entry) => /\\.js(\\?|$)/.test(entry.name));
  const before = resources.filter((entry) => entry.startTime <= usable);
  const steps = {
    redirect: navigation?.redirectEnd ?? 0,
    html: navigation?.responseEnd ?? 0,
    entry: before[0]?.responseEnd ?? 0,
    scripts: Math.max(0, ...before.map((entry) => entry.responseEnd)),
  };
  for (const mark of performance.getEntriesByType('mark'))
    if (mark.name.startsWith('paddock:')) steps[mark.name] = mark.startTime;
  const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
  return JSON.stringify({ usable, paint, scripts: resources.map((entry) => entry.name), steps });
})()`;

async function visit(browser: Browser, url: string, selector: string | null): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: watcher(selector) });
    const usable = page.waitForEvent('console', {
      predicate: (message) => message.text() === 'paddock-bench:usable',
      timeout: 30_000,
    });
    await page.goto(url, { waitUntil: 'commit' });
    await usable;
    // The first contentful paint is reported a moment after it happens: the watcher of the anchor
    // waited for it; a screen that took input first has it by the next moment.
    let read = JSON.parse(String(await page.evaluate(READ_PAGE))) as PageRead;
    for (let tries = 0; read.paint === 0 && tries < 100; tries++) {
      await page.waitForTimeout(50);
      read = JSON.parse(String(await page.evaluate(READ_PAGE))) as PageRead;
    }
    return {
      ms: selector ? read.usable : read.paint,
      firstPaintMs: read.paint,
      scripts: read.scripts,
      steps: selector ? read.steps : {},
    };
  } finally {
    await context.close();
  }
}

/** What the build's files of those scripts weigh: the script the screen needed. */
function scriptBytes(urls: readonly string[]): { bytes: number; files: string[] } {
  const files = [...new Set(urls.map((url) => path.basename(new URL(url).pathname)))];
  const bytes = files.reduce((sum, file) => sum + fs.statSync(path.join(ASSETS, file)).size, 0);
  return { bytes, files };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(): Promise<void> {
  const env = (home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: home,
    SHELL: '/bin/sh',
    LANG: 'C.UTF-8',
    ...extra,
  });
  const loadBefore = os.loadavg()[0]!;
  const home = fs.mkdtempSync(path.join(scratch, 'home-'));
  const bare = await startServer([staticServer], env(home));
  // The working window: setup done, one conversation, so its composer is the screen's input.
  const working = await startServer(
    [BIN, 'serve', '--port', '0', '--data-dir', path.join(scratch, 'data-working'), '--no-open'],
    env(home, { PADDOCK_SKIP_SETUP: '1' }),
  );
  const [agent] = (await apiCall(working.url, 'agents.list', {})) as Array<{ id: string }>;
  await apiCall(working.url, 'conversations.create', { agentId: agent!.id });
  const args = HEADED ? chromiumArgs().filter((arg) => arg !== '--headless') : chromiumArgs();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: !HEADED, args });
  const anchor: Visit[] = [];
  const firstRun: Visit[] = [];
  const composer: Visit[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      anchor.push(await visit(browser, bare.url, null));
      // A fresh data directory each round: the first start of an installation, as a newcomer meets it.
      const fresh = await startServer(
        [BIN, 'serve', '--port', '0', '--data-dir', path.join(scratch, `data-first-${round}`), '--no-open'],
        env(home),
      );
      try {
        // The core loaded first (bench:startup measures that): this measures the window.
        await apiCall(fresh.url, 'app.info', {});
        firstRun.push(await visit(browser, fresh.url, '#first-run-folder'));
      } finally {
        await fresh.stop();
      }
      composer.push(await visit(browser, working.url, 'textarea[aria-label="Message to the agent"]'));
    }
  } finally {
    await browser.close();
    await working.stop();
    await bare.stop();
  }

  const anchorMs = median(anchor.map((v) => v.ms));
  console.log(
    `bench:window, ${rounds} rounds, ${HEADED ? 'headed' : 'headless (no display here)'} Chromium ${browser.version()}, each visit a fresh context, medians`,
  );
  // The box is shared: how busy it was says how far to trust the milliseconds (the ratio less so).
  console.log(
    `load average (1 min) ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after, on ${os.cpus().length} cores`,
  );
  console.log(`anchor  static page from a bare node http server: first contentful paint ${anchorMs.toFixed(0)} ms`);
  for (const [name, visits] of [
    ['first run (Folder field takes input)', firstRun],
    ['working window (composer takes input)', composer],
  ] as const) {
    const ms = median(visits.map((v) => v.ms));
    const paint = median(visits.map((v) => v.firstPaintMs));
    const ratio = ms / anchorMs;
    const { bytes, files } = scriptBytes(visits[visits.length - 1]!.scripts);
    const kib = bytes / KIB;
    console.log(`${name}: usable ${ms.toFixed(0)} ms, first paint ${paint.toFixed(0)} ms`);
    const steps = STEPS.filter(([key]) => visits.every((visit) => key in visit.steps)).map(
      ([key, label]) => `${label} ${median(visits.map((visit) => visit.steps[key]!)).toFixed(0)}`,
    );
    console.log(`  where the time goes (median ms from navigation start): ${steps.join(', ')}`);
    console.log(`  script fetched by then: ${kib.toFixed(0)} KiB in ${files.length} files (${files.join(', ')})`);
    console.log(`  goal script < ${SCRIPT_GOAL_KIB} KiB: ${kib < SCRIPT_GOAL_KIB ? 'met' : 'NOT met'}`);
    console.log(
      `  ratio ${ratio.toFixed(2)}× the static page's first paint   goal ≤ ${RATIO_GOAL}×: ${ratio <= RATIO_GOAL ? 'met' : 'NOT met'}`,
    );
  }
  fs.rmSync(scratch, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  fs.rmSync(scratch, { recursive: true, force: true });
  process.exit(1);
});
