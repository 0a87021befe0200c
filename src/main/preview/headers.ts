// Header rewriting between the preview origin and the app behind it (SPEC §9).
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

export const COOKIE_PREFIX = 'paddock_preview_';

/** The session cookie of the preview on `port`: one name per listener, since cookies ignore ports. */
export function cookieName(port: number): string {
  return `${COOKIE_PREFIX}${port}`;
}

function cookiePairs(header: string | undefined): string[] {
  return (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/**
 * Every value offered for cookie `name`: the one cookie reader of both listeners (the window's and
 * the previews'). A browser may send several with different paths, and another page on 127.0.0.1
 * can set one of the same name with a longer Path, sent first: reading only the first would lock the
 * owner out. Name and value are trimmed alike.
 */
export function cookieValues(header: string | undefined, name: string): string[] {
  const values: string[] = [];
  for (const pair of cookiePairs(header)) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) values.push(pair.slice(eq + 1).trim());
  }
  return values;
}

/**
 * Every credential of Paddock's: the previews' and the window's own (`paddock_session_*`), which the
 * browser also sends here because cookies ignore ports.
 */
const PADDOCK_COOKIE = 'paddock_';

/** The app never sees a credential of Paddock's: a preview's (its own or another's) or the window's. */
export function withoutPreviewCookies(header: string | undefined): string | undefined {
  const kept = cookiePairs(header).filter((pair) => !pair.startsWith(PADDOCK_COOKIE));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export interface TargetInfo {
  name: string;
  prefix: string;
  /** `127.0.0.1:<port>` or `[::1]:<port>`: what the app sees as its Host. */
  targetHost: string;
  port: number;
  /** The preview listener's own origin, e.g. http://127.0.0.1:41234. */
  previewOrigin: string;
  /** A Content-Security-Policy added to every answer (who may frame the preview; see route.frameAncestors). */
  framePolicy?: string;
}

/**
 * The header names a Connection value lists (dropped as hop-by-hop). A browser sends the same few
 * values on every request, so each distinct value is parsed once (a pure function of the string).
 */
const connectionNames = new Map<string, ReadonlySet<string>>();
function connectionNamed(value: string): ReadonlySet<string> {
  let named = connectionNames.get(value);
  if (named === undefined) {
    named = new Set(value.split(',').map((t) => t.trim().toLowerCase()));
    if (connectionNames.size >= 64) connectionNames.clear();
    connectionNames.set(value, named);
  }
  return named;
}

/** Methods whose request normally carries a body: without one they go on as `content-length: 0`. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Headers the preview itself sets on what it forwards, whatever the browser sent or Connection named. */
const SET_BY_PREVIEW = new Set([
  'host',
  'cookie',
  'origin',
  'x-forwarded-prefix',
  'content-length',
  'transfer-encoding',
]);

/**
 * The body's framing, set here and never dropped by what Connection names: a body that reached the
 * app unframed would be read as a second request, past the Host and cookie rewriting. A length goes on
 * as it came; a chunked body goes on chunked with its codings (Node chunks what is written); a POST,
 * PUT or PATCH without either goes on as empty.
 */
function framing(headers: IncomingHttpHeaders, method: string | undefined, out: string[]): void {
  const length = headers['content-length'];
  const codings = headers['transfer-encoding'];
  if (length !== undefined) out.push('content-length', length);
  else if (codings !== undefined) out.push('transfer-encoding', codings);
  else if (method !== undefined && BODY_METHODS.has(method)) out.push('content-length', '0');
}

/**
 * Request headers for the app: no hop-by-hop, no preview cookie, the app's own Host and Origin, the
 * body's framing (see framing). A flat name, value, name, value list, which http.request writes in
 * this order (Node still validates every name and value).
 */
export function forwardRequestHeaders(
  headers: IncomingHttpHeaders,
  method: string | undefined,
  target: TargetInfo,
  keepUpgrade: boolean,
): string[] {
  const out: string[] = [];
  const named = connectionNamed(String(headers.connection ?? ''));
  for (const key of Object.keys(headers)) {
    const value = headers[key];
    if (value === undefined || SET_BY_PREVIEW.has(key)) continue;
    if (!keepUpgrade && (HOP_BY_HOP.has(key) || named.has(key))) continue;
    if (typeof value === 'string') out.push(key, value);
    else for (const v of value) out.push(key, v);
  }
  out.push('host', target.targetHost);
  const cookie = withoutPreviewCookies(headers.cookie);
  if (cookie !== undefined) out.push('cookie', cookie);
  const origin = headers.origin;
  // Dev servers check Origin against their own host (hot-reload sockets, CSRF guards).
  if (origin !== undefined)
    out.push('origin', origin === target.previewOrigin ? `http://${target.targetHost}` : origin);
  out.push('x-forwarded-prefix', target.prefix.slice(0, -1));
  framing(headers, method, out);
  return out;
}

/** A Location that points at the app (path-absolute or the app's own origin) goes back under the prefix. */
export function rewriteLocation(location: string, target: TargetInfo): string {
  if (location.startsWith('/') && !location.startsWith('//')) return target.prefix + location.slice(1);
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return location;
  }
  const appHosts = [`127.0.0.1:${target.port}`, `localhost:${target.port}`, `[::1]:${target.port}`];
  if (url.protocol !== 'http:' || !appHosts.includes(url.host)) return location;
  return target.previewOrigin + target.prefix + (url.pathname + url.search + url.hash).slice(1);
}

/**
 * Whether a (rewritten) Location keeps the browser inside this preview: same origin as the preview
 * and under its prefix. A redirect anywhere else (another host, another port, another preview's
 * path, `//host`) is not followed inside the preview origin (issue 14 §1).
 */
export function redirectStaysInside(location: string, target: TargetInfo): boolean {
  const base = target.previewOrigin + target.prefix;
  let url: URL;
  try {
    url = new URL(location, base);
  } catch {
    return false;
  }
  return url.origin === new URL(base).origin && url.pathname.startsWith(target.prefix);
}

/** The sentence the preview shows instead of following a redirect out of it. */
export function refusedRedirectText(location: string): string {
  let where = 'another address';
  try {
    where = new URL(location).origin;
  } catch {
    /* a Location that is not even a URL */
  }
  return `The app redirected to ${where}, outside this preview. Paddock does not follow a redirect out of the preview; open that address in a tab yourself if you trust it.\n`;
}

/**
 * The app's cookies stay inside its own preview: Path is re-rooted under the prefix and Domain is
 * dropped, and a cookie named like a preview credential is not passed on at all.
 */
export function rewriteSetCookie(values: string[], target: TargetInfo): string[] {
  const kept: string[] = [];
  for (const value of values) {
    const parts = value.split(';').map((p) => p.trim());
    if (parts[0]!.startsWith(PADDOCK_COOKIE)) continue;
    let path = target.prefix;
    const attrs = parts.slice(1).filter((attr) => {
      const lower = attr.toLowerCase();
      if (lower.startsWith('path=')) {
        const p = attr.slice(5);
        if (p.startsWith('/')) path = target.prefix + p.slice(1);
        return false;
      }
      return !lower.startsWith('domain=');
    });
    kept.push([parts[0], ...attrs, `Path=${path}`].join('; '));
  }
  return kept;
}

/** Response headers for the browser: hop-by-hop removed, Location and Set-Cookie re-rooted. */
export function backwardResponseHeaders(headers: IncomingHttpHeaders, target: TargetInfo): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const key of Object.keys(headers)) {
    const value = headers[key];
    if (value === undefined || HOP_BY_HOP.has(key)) continue;
    out[key] = value;
  }
  if (typeof headers.location === 'string') out.location = rewriteLocation(headers.location, target);
  if (headers['set-cookie'] !== undefined) out['set-cookie'] = rewriteSetCookie(headers['set-cookie'], target);
  if (target.framePolicy !== undefined) {
    // A second policy, enforced alongside the app's own (a comma separates policies): both must allow a load.
    const own = headers['content-security-policy'];
    out['content-security-policy'] = own === undefined ? target.framePolicy : `${own}, ${target.framePolicy}`;
  }
  return out;
}
