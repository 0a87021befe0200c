// The built renderer's files, for both hosts (the web host's HTTP listener, Electron's app://
// scheme): only regular files really under the renderer directory, typed by their extension.
import fs from 'node:fs';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file)] ?? 'application/octet-stream';
}

/**
 * The file a request names, only if its real path (links resolved) is a regular file inside the real
 * renderer directory. A link in the build output that points elsewhere is not served.
 */
export function rendererFileInside(root: string, decoded: string): string | null {
  if (decoded.includes('\0')) return null;
  const candidate = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  try {
    const realRoot = fs.realpathSync(root);
    const real = fs.realpathSync(candidate);
    if (!real.startsWith(realRoot + path.sep) || !fs.statSync(real).isFile()) return null;
    return real;
  } catch {
    return null;
  }
}

/** The first screens the window opens on (src/renderer/src/screens.ts): the first run, or the working window. */
export type FirstScreen = 'setup' | 'window';

const CHUNK_PATH = /^assets\/[\w.-]+\.js$/;

/**
 * index.html naming the chunks of the screen that will open (the build lists them in screens.json),
 * so the browser fetches them beside the page's first scripts instead of once the core has said
 * which screen it is. Unchanged when the build has no list (or not that screen).
 */
export function firstScreenPage(root: string, html: Buffer, screen: FirstScreen): Buffer {
  let chunks: unknown;
  try {
    chunks = (JSON.parse(fs.readFileSync(path.join(root, 'screens.json'), 'utf8')) as Record<string, unknown>)[screen];
  } catch {
    return html;
  }
  if (!Array.isArray(chunks)) return html;
  const links = chunks
    .filter((chunk): chunk is string => typeof chunk === 'string' && CHUNK_PATH.test(chunk))
    .map((chunk) => `<link rel="modulepreload" crossorigin href="./${chunk}">`)
    .join('');
  const text = html.toString('utf8');
  const at = text.indexOf('</head>');
  return at < 0 || links === '' ? html : Buffer.from(`${text.slice(0, at)}${links}${text.slice(at)}`, 'utf8');
}
