import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

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
    build: {
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
      chunkSizeWarningLimit: 8000,
      // Minified: the first screen's script is what the window waits for (bench/window.ts).
      minify: true,
    },
    plugins: [react()],
  },
});
