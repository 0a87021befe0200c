// The web host's screenshot browser (SPEC §6): playwright-core driving the system Chromium, one
// browser per picture, which may reach the page's own origin and nothing else — the page is of
// the agent's making and must not use the owner's browser to talk to anything on the machine.
import fs from 'node:fs';
import { chromium } from 'playwright-core';
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

const CHROMIUM_BASE_ARGS = [
  '--headless',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
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

export function createChromiumCapture(options: ChromiumCaptureOptions = {}): CapturePage {
  const executablePath = options.executablePath ?? chromiumPath();
  const timeout = options.timeoutMs ?? 30_000;
  return async (url: string, viewport: Viewport) => {
    const origin = new URL(url).origin;
    const wsOrigin = origin.replace(/^http:/, 'ws:');
    const browser = await chromium.launch({ executablePath, args: chromiumArgs(), timeout });
    try {
      const context = await browser.newContext({
        viewport,
        serviceWorkers: 'block',
        acceptDownloads: false,
        javaScriptEnabled: true,
      });
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
      await browser.close().catch(() => undefined);
    }
  };
}
