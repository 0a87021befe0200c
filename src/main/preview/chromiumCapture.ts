// The web host's screenshot browser (SPEC §6): the system Chromium, one browser per picture, which
// may reach the page's own origin and nothing else — the page is of the agent's making and must not
// use the owner's browser to talk to anything on the machine. Chromium is started through the one
// exec seam (spawn.ts, purpose `browser`; issue 13 §1) and playwright-core only connects to it over
// the DevTools protocol: no process starts outside spawn.ts.
import { REMOVE_WEBRTC_SCRIPT } from '../../shared/noWebRtc';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { spawnChild } from '../processes/spawn';
import { scrubbedEnv } from '../processes/env';
import type { CapturePage, Viewport } from './types';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/**
 * Headless Chromium with nothing of its own reaching the network (the machines here have none).
 * Its own sandbox stays on: the page is the agent's. Chromium refuses to start sandboxed as root,
 * so only then (containers, CI) is `--no-sandbox` passed.
 */
export function chromiumArgs(runningAsRoot: boolean = isRoot()): string[] {
  return [...(runningAsRoot ? ['--no-sandbox'] : []), ...CHROMIUM_BASE_ARGS];
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'];

const CHROMIUM_BASE_ARGS = [
  '--headless',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * What the route filter below never sees, shut at the browser (an attack sent the workspace out as a
 * TURN username over UDP): a proxy that answers nothing for every non-loopback connection (loopback,
 * the page's origin, is never proxied), a resolver that finds no name (no DNS prefetch or preconnect
 * carries a secret in a host name), and WebRTC kept to proxied UDP. That policy alone still let a
 * STUN packet reach a loopback port in a test, so WebRTC is also taken out of the page (REMOVE_WEBRTC_SCRIPT, shared with Electron's capture).
 */
export const CAPTURE_NETWORK_ARGS = [
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--proxy-server=http://127.0.0.1:1',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  '--dns-prefetch-disable',
];

export interface ChromiumCaptureOptions {
  /** Defaults to PADDOCK_CHROMIUM, else /usr/bin/chromium. */
  executablePath?: string;
  /** For the whole capture: launch, load and picture. */
  timeoutMs?: number;
}

export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.PADDOCK_CHROMIUM && env.PADDOCK_CHROMIUM.length > 0 ? env.PADDOCK_CHROMIUM : DEFAULT_CHROMIUM;
}

export function chromiumAvailable(executablePath: string = chromiumPath()): boolean {
  try {
    fs.accessSync(executablePath, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Same scheme, host and port, compared on the parsed URL (a prefix test would let `:80` match `:8080`). */
function sameOrigin(candidate: string, origin: string): boolean {
  try {
    return new URL(candidate).origin === origin;
  } catch {
    return false;
  }
}

/** The DevTools endpoint Chromium prints on stderr once it listens (`DevTools listening on ws://…`). */
export function devtoolsEndpoint(stderr: string): string | null {
  return /DevTools listening on (ws:\/\/127\.0\.0\.1:\d+\/devtools\/browser\/[\w-]+)/.exec(stderr)?.[1] ?? null;
}

/** Whether any process of group `groupId` is still there (a dying helper can still write a file). */
function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes the throwaway profile once no process of the browser's group is left to write into it: the
 * leader exits first, and a helper still finishing a write made the removal fail (profiles were left
 * in the temporary directory under load). Bounded: past about five seconds it removes what it can.
 */
function removeProfileWhenAlone(groupId: number | undefined, profile: string, tries = 0): void {
  const again = (ms: number) => setTimeout(() => removeProfileWhenAlone(groupId, profile, tries + 1), ms).unref();
  if (groupId !== undefined && tries < 50 && groupAlive(groupId)) return void again(50);
  try {
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  } catch {
    if (tries < 60) again(100);
  }
}

interface LaunchedBrowser {
  endpoint: string;
  /** Ends Chromium's whole process group and removes its profile directory. */
  end(): void;
}

/**
 * Starts Chromium through spawn.ts with a throwaway profile, DevTools on an ephemeral loopback port
 * (only Paddock connects; contained processes have no host loopback), under `setpriv --pdeathsig`
 * where present so it dies with Paddock, and waits for its endpoint.
 */
function launchChromium(executablePath: string, timeoutMs: number): Promise<LaunchedBrowser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-shot-'));
  const setpriv = SETPRIV.find((file) => fs.existsSync(file));
  const chromiumArgv = [
    executablePath,
    ...chromiumArgs(),
    ...CAPTURE_NETWORK_ARGS,
    `--user-data-dir=${profile}`,
    '--remote-debugging-address=127.0.0.1',
    '--remote-debugging-port=0',
    'about:blank',
  ];
  const argv = setpriv ? [setpriv, '--pdeathsig', 'KILL', '--', ...chromiumArgv] : chromiumArgv;
  const child = spawnChild(argv[0]!, argv.slice(1), 'browser', {
    cwd: profile,
    env: { ...scrubbedEnv(process.env), HOME: profile },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const end = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    child.stderr?.destroy();
  };
  child.once('exit', () => removeProfileWhenAlone(child.pid, profile));
  return new Promise((resolve, reject) => {
    let said = '';
    const fail = (why: string) => {
      clearTimeout(timer);
      end();
      reject(new Error(`the screenshot browser did not start: ${why}`));
    };
    const timer = setTimeout(() => fail(`no DevTools endpoint within ${timeoutMs} ms`), timeoutMs);
    child.on('error', (error) => fail(error.message));
    const exited = (code: number | null) =>
      fail(`Chromium exited (${code}): ${said.trim().split('\n').slice(-3).join(' ')}`);
    child.on('exit', exited);
    child.stderr?.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString('utf8')).slice(-8192);
      const endpoint = devtoolsEndpoint(said);
      if (!endpoint) return;
      clearTimeout(timer);
      child.off('exit', exited);
      child.stderr?.removeAllListeners('data');
      child.stderr?.resume();
      resolve({ endpoint, end });
    });
  });
}

export function createChromiumCapture(options: ChromiumCaptureOptions = {}): CapturePage {
  const executablePath = options.executablePath ?? chromiumPath();
  const timeout = options.timeoutMs ?? 30_000;
  return async (url: string, viewport: Viewport) => {
    const origin = new URL(url).origin;
    const wsOrigin = origin.replace(/^http:/, 'ws:');
    const launched = await launchChromium(executablePath, timeout);
    let browser: Browser | null = null;
    try {
      // playwright-core loads at the first picture, not when `paddock serve` starts (issue 22 item 2).
      const { chromium } = await import('playwright-core');
      browser = await chromium.connectOverCDP(launched.endpoint, { timeout });
      const context = await browser.newContext({
        viewport,
        serviceWorkers: 'block',
        acceptDownloads: false,
        javaScriptEnabled: true,
      });
      await context.addInitScript({ content: REMOVE_WEBRTC_SCRIPT });
      // Every network request whose origin is not the page's own is aborted; other sockets are closed.
      await context.route('**/*', (route) =>
        sameOrigin(route.request().url(), origin) ? route.continue() : route.abort('blockedbyclient'),
      );
      await context.routeWebSocket(
        (target) => target.origin !== wsOrigin,
        (ws) => ws.close({ code: 1008, reason: 'blocked by Paddock' }),
      );
      const page = await context.newPage();
      page.setDefaultTimeout(timeout);
      await page.goto(url, { waitUntil: 'load', timeout });
      return await page.screenshot({ type: 'png', fullPage: false, timeout });
    } finally {
      await browser?.close().catch(() => undefined);
      launched.end();
    }
  };
}
