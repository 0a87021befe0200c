// Issue 17 item 1: the window always shows its link to the core; when `paddock serve` goes away
// the banner says so within 2 s, and a working turn stops claiming "Working…".
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { say, screenshot, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  // The model streams a first word and then holds the turn open: the window shows a working turn.
  model = await startFakeModelServer([{ text: 'Looking at it', hang: true }]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync('e2e/screenshots', { recursive: true });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('killing the server shows the banner within 2 s and stops "Working…"', async ({ page }) => {
  const workspace = paddock.makeDir('project');
  await page.goto(paddock.url);
  const indicator = page.getByRole('status', { name: 'Connection to Paddock' });
  await expect(indicator).toHaveText('Connected');
  await setWorkspace(page, workspace);
  await say(page, 'Look at the project');
  await expect(page.getByRole('status', { name: 'Turn progress' })).toContainText(
    /Working… · \d+ s · step 1 · 0 tool calls/,
  );
  await screenshot(page, 'liveness-connected-working');

  await paddock.stop();
  const stoppedAt = Date.now();
  const banner = page.getByRole('alert', { name: 'Connection lost' });
  await expect(banner).toBeVisible({ timeout: 2_000 });
  expect(Date.now() - stoppedAt).toBeLessThan(2_000);
  await expect(banner).toContainText('Paddock went away');
  await expect(indicator).toHaveText('Not connected');
  await expect(page.getByText(/^Working…/)).toHaveCount(0);
  await expect(page.getByText('whether this turn is still working is unknown')).toBeVisible();
  await screenshot(page, 'liveness-disconnected');
});
