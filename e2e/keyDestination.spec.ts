// Issue 14 §1 (defence in depth) in the window: a new base URL while a key is stored asks the owner,
// naming the host the key would go to; Cancel keeps the old address, confirming saves it.
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

test('moving the base URL of an agent with a stored key asks where the key goes', async ({ page }) => {
  await page.goto(paddock.url);
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await page.getByLabel('API key of developer').fill('sk-test-owner-key');
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Key saved.' })).toBeVisible();

  await page.getByLabel('Base URL of developer').fill('http://127.0.0.1:4444/v1');
  await page
    .getByRole('form', { name: 'Provider of developer' })
    .getByRole('button', { name: 'Save connection', exact: true })
    .click();
  const question = page.getByRole('alertdialog', { name: 'Confirm where the API key goes' });
  await expect(question).toContainText('sends that key to http://127.0.0.1:4444');
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: 'e2e/screenshots/key-destination-question.png', fullPage: true });

  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await page.reload();
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await expect(page.getByLabel('Base URL of developer')).toHaveValue('');

  await page.getByLabel('Base URL of developer').fill('http://127.0.0.1:4444/v1');
  await page
    .getByRole('form', { name: 'Provider of developer' })
    .getByRole('button', { name: 'Save connection', exact: true })
    .click();
  await question.getByRole('button', { name: 'Send the key to http://127.0.0.1:4444' }).click();
  // Saved: the section redraws for the new address, without the question.
  await expect(question).toBeHidden();
  await expect(page.getByLabel('Base URL of developer')).toHaveValue('http://127.0.0.1:4444/v1');
  await page.screenshot({ path: 'e2e/screenshots/key-destination-saved.png', fullPage: true });
  await page.reload();
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await expect(page.getByLabel('Base URL of developer')).toHaveValue('http://127.0.0.1:4444/v1');
});
