// `npm run dev`: the window with hot reload. Where Electron's binary is installed, electron-vite's
// own dev (the Electron window loads the renderer from its dev server: host/electron/window.ts reads
// ELECTRON_RENDERER_URL in an unpackaged build). Elsewhere the renderer runs on Vite's dev server
// against `paddock serve` started from the sources: Vite forwards the one socket (/api) to it.
//
// The forward keeps the web host's checks meaningful: only a page from the dev server's own origin
// is forwarded (any other page's socket is closed here), and the token is still the one `paddock
// serve` printed, presented by the page as before. The dev server listens on 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { electronBinary } = require('./electronBinary.cjs');

if (electronBinary()) {
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const child = spawn(npx, ['electron-vite', 'dev', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  await webDev(process.argv.slice(2));
}

/** `paddock serve` from the sources, then Vite's dev server for the renderer in front of it. */
async function webDev(args) {
  const serve = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'src/main/cli/fromSources.ts'), 'serve', '--no-open', ...args],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const stop = () => serve.kill('SIGTERM');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  serve.on('exit', (code) => process.exit(code ?? 0));

  const served = await new Promise((resolve, reject) => {
    let text = '';
    serve.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      text += chunk;
      const match = /running at (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]+))/.exec(text);
      if (match) resolve({ port: Number(match[2]), token: match[3] });
    });
    serve.on('exit', () => reject(new Error('`paddock serve` stopped before it printed its address')));
  });

  const [{ createServer }, { default: react }, { REACT_ON_PREACT }] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
    import('./reactOnPreact.mjs'),
  ]);
  const serveOrigin = `http://127.0.0.1:${served.port}`;
  let devOrigin = '';
  const vite = await createServer({
    configFile: false,
    root: path.join(root, 'src/renderer'),
    // As the build renders (electron.vite.config.ts): React's API on Preact, so no Fast Refresh (an
    // edit reloads the page).
    resolve: { alias: [...REACT_ON_PREACT] },
    plugins: [react({ refreshExclude: /./ })],
    server: {
      host: '127.0.0.1',
      port: 0,
      proxy: {
        '/api': {
          target: serveOrigin,
          ws: true,
          changeOrigin: true,
          configure(proxy) {
            proxy.on('proxyReqWs', (proxyRequest, request, socket) => {
              // Only the dev server's own page reaches the core; the core then sees its own origin.
              if (request.headers.origin !== devOrigin) return socket.destroy();
              proxyRequest.setHeader('origin', serveOrigin);
            });
          },
        },
      },
    },
  });
  await vite.listen();
  const address = vite.httpServer.address();
  devOrigin = `http://127.0.0.1:${address.port}`;
  process.stdout.write(`\nPaddock (dev, hot reload) is running at ${devOrigin}/#paddock-token=${served.token}\n`);
  process.stdout.write(
    'The renderer reloads as you edit src/renderer; restart `npm run dev` after a change to the core.\n',
  );
}
