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

test('without the token the window is refused', async ({ page }) => {
  const response = await page.goto(paddock.origin + '/');
  expect(response?.status()).toBe(401);
});

test('create an agent, set its workspace, change its mode, and find it all after a restart', async ({ page }) => {
  const workspace = paddock.makeDir('project');
  await page.goto(paddock.url);
  // The first start proposes one agent, developer (@dev).
  await expect(page.getByRole('button', { name: /developer/ }).first()).toBeVisible();

  await page.getByRole('button', { name: 'New agent' }).click();
  await page.getByLabel('Name').fill('Reviewer');
  await page.getByLabel('Handle').fill('rev');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page.getByRole('heading', { name: 'Reviewer' })).toBeVisible();
  await expect(page.getByLabel('Mode of Reviewer', { exact: true })).toHaveValue('run');

  await page.getByLabel('Workspace directory').fill(workspace + '/missing');
  await page.getByRole('button', { name: 'Set workspace' }).click();
  await expect(page.getByRole('alert')).toContainText('does not exist');

  await page.getByLabel('Workspace directory').fill(workspace);
  await page.getByRole('button', { name: 'Set workspace' }).click();
  await expect(page.getByText('PATH captured for this workspace')).toBeVisible();

  await page.getByLabel('Mode of Reviewer', { exact: true }).selectOption('ask');
  await expect(page.getByText('every write and every command asks you first')).toBeVisible();

  paddock = await paddock.restart();
  await page.goto(paddock.url);
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  const row = page.getByRole('table', { name: 'Workspaces' }).getByRole('row', { name: /Reviewer/ });
  await expect(row).toContainText(workspace);
  await expect(page.getByLabel('Mode of Reviewer in settings')).toHaveValue('ask');
  await expect(page.getByText('A developer agent runs code you did not write')).toBeVisible();
});
