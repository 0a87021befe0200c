// What the proxy learned from each process's first HTML response (SPEC §9: the `check` call).
// Keyed by name and pid, so a restarted process under the same name is looked at afresh.
import http from 'node:http';
import type { Readable } from 'node:stream';
import { scanForAbsoluteAssets } from './assetScan';
import type { PortResolver } from './ports';
import type { PreviewCheck, RunningProcessLookup } from './types';

interface Seen {
  pid: number;
  state: 'scanning' | 'decided';
  absolute: boolean;
}

const PROBE_TIMEOUT_MS = 5_000;

export interface AbsoluteAssetMemory {
  /** True until the first HTML response of this process has started to be scanned. */
  wantsScan(name: string, pid: number): boolean;
  /** Watches the body; `decided` is called once the answer is known (never if another scan runs). */
  scan(name: string, pid: number, body: Readable, decided?: () => void): void;
  check(name: string): PreviewCheck;
  inspect(name: string): Promise<PreviewCheck>;
}

export function createAbsoluteAssetMemory(lookup: RunningProcessLookup, resolve: PortResolver): AbsoluteAssetMemory {
  const seen = new Map<string, Seen>();

  const wantsScan = (name: string, pid: number): boolean => {
    const entry = seen.get(name);
    return entry === undefined || entry.pid !== pid;
  };

  const scan = (name: string, pid: number, body: Readable, decided?: () => void): void => {
    if (!wantsScan(name, pid)) return;
    const entry: Seen = { pid, state: 'scanning', absolute: false };
    seen.set(name, entry);
    scanForAbsoluteAssets(body, (found) => {
      entry.absolute = found;
      entry.state = 'decided';
      decided?.();
    });
  };

  const check = (name: string): PreviewCheck => {
    const running = lookup.findRunning(name);
    if (running === null) return { ok: false, absoluteAssets: false };
    const entry = seen.get(name);
    return { ok: true, absoluteAssets: entry !== undefined && entry.pid === running.pid && entry.absolute };
  };

  /** Asks the app for `/` directly (same port rule as the proxy) when nothing was seen yet. */
  const inspect = async (name: string): Promise<PreviewCheck> => {
    const resolved = await resolve(name);
    if (!resolved.ok) return check(name);
    if (!wantsScan(name, resolved.pid)) return check(name);
    await new Promise<void>((done) => {
      const req = http.get(
        {
          host: resolved.host,
          port: resolved.port,
          path: '/',
          headers: { accept: 'text/html', 'accept-encoding': 'identity', host: `127.0.0.1:${resolved.port}` },
          timeout: PROBE_TIMEOUT_MS,
        },
        (res) => {
          const type = String(res.headers['content-type'] ?? '');
          const encoding = String(res.headers['content-encoding'] ?? 'identity');
          if (!type.startsWith('text/html') || encoding !== 'identity' || !wantsScan(name, resolved.pid)) {
            res.destroy();
            return done();
          }
          scan(name, resolved.pid, res, () => {
            res.destroy();
            done();
          });
          res.resume();
        },
      );
      req.on('timeout', () => req.destroy());
      req.on('error', () => done());
      req.on('close', () => done());
    });
    return check(name);
  };

  return { wantsScan, scan, check, inspect };
}
