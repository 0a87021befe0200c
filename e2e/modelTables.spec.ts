// Issue 16 in the window, against `paddock serve`: Settings edits the context-window and price
// tables; the core refuses a wrong number with a sentence the window shows, and keeps a right one.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { startPaddock, type RunningPaddock } from './support/paddockServer';

const SHOTS = process.env.PADDOCK_SHOTS ?? 'e2e/screenshots';
let paddock: RunningPaddock;

test.beforeEach(async () => {
  paddock = await startPaddock();
  fs.mkdirSync(SHOTS, { recursive: true });
});

test.afterEach(async () => {
  await paddock.stop();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('Settings → Models: an edit the core refuses is named, a right one is kept across a reload', async ({ page }) => {
  await page.goto(paddock.url);
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  const table = page.getByRole('table', { name: 'Model context windows and prices' });
  await expect(table.getByLabel('Context window of claude-sonnet')).toHaveValue('200000');
  await expect(table.getByLabel('Input price of claude-sonnet')).toHaveValue('3');
  await expect(table.getByRole('row').filter({ hasText: 'claude-sonnet' })).toContainText('built in');

  await page.getByLabel('New model prefix').fill('local-coder');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await table.getByLabel('Context window of local-coder').fill('1000');
  await table.getByLabel('Input price of claude-sonnet').fill('4');
  await page.getByRole('button', { name: 'Save model tables' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(
    'refused: the context window of local-coder must be a whole number of tokens from 1,024 to 10,000,000',
  );
  await table.getByLabel('Context window of local-coder').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/models-1-refused.png` });

  await table.getByLabel('Context window of local-coder').fill('32768');
  await page.getByRole('button', { name: 'Save model tables' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'local-coder' })).toContainText('your setting');
  await table.getByLabel('Context window of local-coder').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/models-2-saved.png` });

  await page.reload();
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await expect(table.getByLabel('Context window of local-coder')).toHaveValue('32768');
  await expect(table.getByLabel('Input price of claude-sonnet')).toHaveValue('4');
  await expect(table.getByLabel('Output price of claude-sonnet')).toHaveValue('15');
  await expect(table.getByRole('row').filter({ hasText: 'claude-sonnet' }).first()).toContainText('your setting');

  // Reset gives the built-in row back.
  await table.getByRole('button', { name: 'Reset claude-sonnet' }).click();
  await page.getByRole('button', { name: 'Save model tables' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(table.getByLabel('Input price of claude-sonnet')).toHaveValue('3');
  await expect(table.getByRole('row').filter({ hasText: 'claude-sonnet' }).first()).toContainText('built in');
});
