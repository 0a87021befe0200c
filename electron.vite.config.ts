import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { inlineEntryStyles, preloadChunksOf, screenChunks } from './scripts/rendererChunks';
import { REACT_ON_PREACT } from './scripts/reactOnPreact.mjs';

export default defineConfig({
  main: {
    build: {
      // The Electron host and the CLI (`bin/paddock.js serve|check-path|check-command`) share the core.
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          cli: resolve(__dirname, 'src/main/cli/index.ts'),
        },
      },
    },
  },
  preload: {
    // A sandboxed preload can require only 'electron': everything else is bundled into one file.
    build: {
      externalizeDeps: false,
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/preload/index.ts'),
          capture: resolve(__dirname, 'src/preload/capture.ts'),
        },
        // Each preload one file (nothing shared between them, no chunk to require): test/build/preloads.test.ts.
        output: { format: 'cjs', entryFileNames: '[name].js' },
        external: ['electron'],
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    // React's API, rendered by Preact (scripts/reactOnPreact.mjs says why).
    resolve: { alias: [...REACT_ON_PREACT] },
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
        // Few files before the first screen (each is a request the host answers): the entry (boot)
        // alone; React, the stores and src/shared's words (start); each screen's own code with the
        // small modules only it and later chunks share (FirstRun, MainWindow).
        output: {
          codeSplitting: {
            groups: [
              { name: 'boot', test: /src[\\/]renderer[\\/]src[\\/]main\.tsx$/, priority: 4 },
              { name: 'start', test: /src[\\/]renderer[\\/]src[\\/]start\.tsx$|src[\\/]shared[\\/]/, priority: 3 },
              {
                name: 'FirstRun',
                test: /src[\\/]renderer[\\/]src[\\/]features[\\/]setup[\\/]FirstRun\.tsx$/,
                priority: 2,
              },
              {
                name: 'MainWindow',
                test: /src[\\/]renderer[\\/]src[\\/]features[\\/]window[\\/]MainWindow\.tsx$/,
                priority: 1,
              },
            ],
          },
        },
      },
      chunkSizeWarningLimit: 8000,
      // Minified: the first screen's script is what the window waits for (bench/window.ts).
      // PADDOCK_NO_MINIFY=1 keeps the names readable, for a CPU profile of the start.
      minify: !process.env.PADDOCK_NO_MINIFY,
    },
    // React and the stores (start.tsx) are imported by the entry once it has asked the core its
    // first questions; index.html names their chunks so they download beside the entry, not after it.
    // screens.json lists each first screen's own chunks, which the host names in index.html when it
    // knows which screen opens (src/main/host/rendererFiles.ts).
    plugins: [
      // JSX as React's, with no Fast Refresh: React's refresh runtime does not reach Preact, so an
      // edit in `npm run dev` reloads the page instead of swapping the component in place.
      react({ refreshExclude: /./ }),
      preloadChunksOf('src/start.tsx'),
      inlineEntryStyles(),
      screenChunks(
        { setup: 'src/features/setup/FirstRun.tsx', window: 'src/features/window/MainWindow.tsx' },
        'src/start.tsx',
      ),
    ],
  },
});
