// A preview framed in the window opens the window's own address in a new tab (window.open). That tab
// starts with a copy of the window's sessionStorage, where the launch token is kept: it must never
// arrive connected as the owner. The owner's own tab stays connected, a reload included.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { say, setMode, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;
const SHOTS = process.env.PADDOCK_SHOTS_DIR ?? 'e2e/screenshots';

test.beforeEach(async () => {
  model = await startFakeModelServer([
    { toolCalls: [{ name: 'start', args: { name: 'web', command: 'node app.js' } }] },
    { text: 'The app is up.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('a tab a preview opens on the window’s address is not connected as the owner', async ({ page, context }) => {
  const workspace = paddock.makeDir('project');
  fs.copyFileSync(path.join(__dirname, 'fixtures', 'popupApp.js'), path.join(workspace, 'app.js'));
  fs.writeFileSync(path.join(workspace, 'target.txt'), `${paddock.origin}/`);
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'run');
  await say(page, 'Start the app');
  await expect(page.getByText('The app is up.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Preview' }).click();

  const popupOpened = context.waitForEvent('page', { timeout: 30_000 });
  const panel = page.getByRole('tabpanel', { name: 'Preview' });
  await panel.getByLabel('Preview process').selectOption('web');
  await panel.getByRole('button', { name: /^(Show preview|Reload)$/ }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState('domcontentloaded');
  expect(new URL(popup.url()).origin).toBe(paddock.origin);
  // It was handed a copy of the window's storage, but never uses it: it asks for the printed address.
  await expect(popup.getByRole('alert', { name: 'Connection refused' })).toContainText(
    'This page was opened without its key',
    { timeout: 20_000 },
  );
  // Said once: a call that failed for the same reason does not say it again below.
  await expect(popup.getByText('This page was opened without its key')).toHaveCount(1);
  expect(await popup.evaluate(() => sessionStorage.getItem('paddock.token'))).toBeNull();
  await expect(popup.getByLabel('Message to the agent')).toHaveCount(0);
  await popup.screenshot({ path: path.join(SHOTS, 'preview-popup-refused.png'), fullPage: true });

  // The owner's own tab is still connected, and stays so across a reload.
  await expect(page.getByLabel('Message to the agent')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Message to the agent')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert', { name: 'Connection refused' })).toHaveCount(0);
});
