import { defineConfig } from '@playwright/test';
import { chromiumArgs } from './src/main/preview/chromiumCapture';

// Debian's Chromium, never a downloaded browser (`npx playwright install` is not used anywhere).
export const CHROMIUM = process.env.PADDOCK_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/globalSetup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [...chromiumArgs(), '--disable-quic'],
    },
  },
  projects: [
    { name: 'web', testIgnore: /electron\.spec\.ts/ },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});
