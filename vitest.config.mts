import { defineConfig } from 'vitest/config';
import { TESTS_ON_PREACT } from './scripts/reactOnPreact.mjs';

export default defineConfig({
  // The window's tests render with Preact, as the build does (scripts/reactOnPreact.mjs).
  resolve: { alias: TESTS_ON_PREACT.alias },
  test: {
    server: { deps: { inline: TESTS_ON_PREACT.inline } },
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    // 2 cores: keep forks modest so real child processes in tests get CPU.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
