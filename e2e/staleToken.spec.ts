// Issue 14 §1 / issue 17 §1: a tab whose key is no longer valid (paddock serve restarted on the same
// address with a new token) is told so, in a sentence naming what to do, instead of going silently dead.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { startPaddock, type RunningPaddock } from './support/paddockServer';

let paddock: RunningPaddock;
test.beforeEach(async () => {
  paddock = await startPaddock();
});
test.afterEach(async () => {
  await paddock.stop();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('a stale token in the tab is refused with "Paddock restarted…", and the calls say so', async ({ page }) => {
  await page.goto(paddock.url);
  await expect(page.getByRole('button', { name: /developer/ }).first()).toBeVisible();
  // What a restart does to an open tab: the token it keeps is no longer the launch's.
  // (The tab keeps it with this tab's own key: api.ts binds a stored token to the tab that stored it.)
  await page.evaluate(() => {
    const stored = JSON.parse(sessionStorage.getItem('paddock.token') ?? 'null') as { tab: string; token: string };
    sessionStorage.setItem('paddock.token', JSON.stringify({ ...stored, token: 'A'.repeat(43) }));
  });
  await page.reload();
  await expect(page.getByRole('alert', { name: 'Connection refused' })).toContainText('Paddock restarted', {
    timeout: 15_000,
  });
  await expect(page.getByRole('alert', { name: 'Connection refused' })).toContainText(
    'Open the new address printed in the terminal',
  );
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: 'e2e/screenshots/stale-token.png', fullPage: true });
});
