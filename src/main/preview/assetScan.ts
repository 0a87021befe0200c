// Absolute-asset detection (SPEC §9): an app that references `src="/…"` or `href="/…"` assumes it
// lives at the root of a host and may break under the preview's path prefix. The scan watches the
// response as it streams (a second 'data' listener beside pipe) and never holds the body.
import type { Readable } from 'node:stream';

/** Only the head of a page is looked at: enough for the asset tags, bounded whatever the page is. */
export const SCAN_LIMIT_BYTES = 256 * 1024;
/** Carried between chunks so an attribute split across two chunks is still seen. */
const CARRY = 32;
const ABSOLUTE_ASSET = /\b(?:src|href)\s*=\s*["']?\/(?!\/)/i;

export function hasAbsoluteAssets(html: string): boolean {
  return ABSOLUTE_ASSET.test(html);
}

/**
 * Watches `body` until it sees an absolute asset, the limit, or the end, then calls `done` once
 * (true: absolute assets found). Does not change the stream's flow: pipe keeps the backpressure.
 */
export function scanForAbsoluteAssets(body: Readable, done: (found: boolean) => void): void {
  let seen = 0;
  let tail = '';
  let finished = false;
  const finish = (found: boolean): void => {
    if (finished) return;
    finished = true;
    body.off('data', onData);
    body.off('end', onEnd);
    body.off('close', onEnd);
    done(found);
  };
  const onData = (chunk: Buffer | string): void => {
    const text = typeof chunk === 'string' ? chunk : chunk.toString('latin1');
    const window = tail + text.slice(0, Math.max(0, SCAN_LIMIT_BYTES - seen));
    seen += text.length;
    if (hasAbsoluteAssets(window)) return finish(true);
    if (seen >= SCAN_LIMIT_BYTES) return finish(false);
    tail = window.slice(-CARRY);
  };
  const onEnd = (): void => finish(false);
  body.on('data', onData);
  body.once('end', onEnd);
  body.once('close', onEnd);
}
