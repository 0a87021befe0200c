// What a request to the preview listener asks for (SPEC §9): `/preview/developer/<process>/…`
// and nothing else. Pure, so the refusals read as a table in the tests.
import { PREVIEW_NAME, PREVIEW_PLUGIN, previewPrefix } from './types';

export type PreviewRoute =
  /** Not a preview path at all, or a name that cannot be a process. */
  | { kind: 'none' }
  /** `/preview/developer/<name>` without the trailing slash: the cookie's path needs it. */
  | { kind: 'slash'; name: string; location: string }
  /** A request for the app: `path` has the prefix stripped and starts with `/`. */
  | { kind: 'app'; name: string; prefix: string; path: string; ticket: string | null; cleanUrl: string };

const ROOT = `/preview/${PREVIEW_PLUGIN}/`;

export function parsePreviewRoute(rawUrl: string | undefined): PreviewRoute {
  // Absolute-form targets (`GET http://elsewhere/`) and anything outside the root are not ours.
  if (rawUrl === undefined || !rawUrl.startsWith(ROOT)) return { kind: 'none' };
  const rest = rawUrl.slice(ROOT.length);
  const end = rest.search(/[/?#]/);
  const name = end < 0 ? rest : rest.slice(0, end);
  if (!PREVIEW_NAME.test(name) || name === '.' || name === '..') return { kind: 'none' };
  const prefix = previewPrefix(name);
  if (end < 0 || rest[end] !== '/') {
    const query = end < 0 ? '' : rest.slice(end).split('#')[0];
    return { kind: 'slash', name, location: prefix + (query!.startsWith('?') ? query : '') };
  }
  const path = rest.slice(end).split('#')[0];
  const q = path!.indexOf('?');
  if (q < 0) return { kind: 'app', name, prefix, path: path!, ticket: null, cleanUrl: ROOT + name + path };
  const params = new URLSearchParams(path!.slice(q + 1));
  const ticket = params.get('ticket');
  params.delete('ticket');
  const search = params.toString();
  const pathOnly = path!.slice(0, q);
  const cleanUrl = ROOT + name + pathOnly + (search.length > 0 ? `?${search}` : '');
  // The ticket is the preview's, not the app's: it is never forwarded.
  const forwarded = ticket === null ? path : pathOnly + (search.length > 0 ? `?${search}` : '');
  return { kind: 'app', name, prefix, path: forwarded!, ticket, cleanUrl };
}

/** The Host header must be the listener's own (no DNS rebinding: SPEC §9). */
export function isOwnHost(host: string | undefined, port: number, extra: readonly string[] = []): boolean {
  if (host === undefined) return false;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || extra.includes(host);
}

type FetchHeaders = Record<string, string | string[] | undefined>;

/**
 * A request another origin's page made here (issue 14 §1: each preview its own origin). Another
 * preview, or the window, may navigate to this preview with a GET — it cannot read what loads — but
 * may not fetch from it, embed its scripts, open its socket, or send it a form (a cross-site POST
 * would change the app's state with the preview's cookie; every 127.0.0.1 port is the same site).
 * Chromium, Firefox and Safari say so in Sec-Fetch-Site / Sec-Fetch-Mode, and every browser sends
 * Origin on a socket's handshake. A local process can forge or drop these headers, but it needs the
 * session cookie all the same. Framing by another origin is refused by the browser (frameAncestors).
 */
export function isCrossOriginRequest(
  headers: FetchHeaders,
  ownOrigin: string,
  upgrade: boolean,
  method = 'GET',
): boolean {
  const site = headers['sec-fetch-site'];
  if (site === 'same-site' || site === 'cross-site') {
    if (headers['sec-fetch-mode'] !== 'navigate') return true;
    if (method !== 'GET' && method !== 'HEAD') return true;
  }
  const origin = headers.origin;
  return upgrade && typeof origin === 'string' && origin !== ownOrigin;
}

/**
 * The Content-Security-Policy a preview's answers carry: only the preview itself and the window (its
 * listeners' origins, which show the preview in a frame in `paddock serve`) may frame it, so another
 * preview's page cannot embed it to click through it.
 */
export function frameAncestors(windowPorts: readonly number[]): string {
  const origins = windowPorts.flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  return `frame-ancestors 'self'${origins.map((o) => ` ${o}`).join('')}`;
}
