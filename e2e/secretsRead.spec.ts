// Issue 31 §1 in the window: reading a secrets file of the workspace (.env) is a card in every mode;
// "Approve and always allow reading .env for this agent" remembers that one file, so the next read
// of it runs with no card, and Settings lists it beside the commands the owner allowed.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { say, setWorkspace, waitForArmedCard } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    { toolCalls: [{ name: 'read', args: { path: '.env' } }] },
    { toolCalls: [{ name: 'read', args: { path: '.env' } }] },
    { text: 'Read it twice.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('a secrets file’s read card remembers that file; the second read has no card', async ({ page }, info) => {
  const workspace = paddock.makeDir('project');
  fs.writeFileSync(path.join(workspace, '.env'), 'API_TOKEN=e2e-token\n');
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await say(page, 'Read the env file');

  const queue = page.getByRole('region', { name: 'Pending approvals' });
  await expect(queue).toContainText('.env is a secrets file');
  const remember = queue.getByRole('button', { name: 'Approve and always allow reading .env for this agent' });
  await expect(remember).toBeVisible();
  await waitForArmedCard(page);
  await page.screenshot({ path: info.outputPath('secrets-read-card.png'), fullPage: true });
  await remember.click();

  await expect(page.getByText('Read it twice.')).toBeVisible();
  await expect(queue).toHaveCount(0);
  expect(JSON.stringify(model.requests[2]!.body)).toContain('e2e-token');

  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await expect(page.getByRole('table', { name: 'Commands you allowed' })).toContainText(
    'the read tool on the secrets file `.env`',
  );
  await page.getByRole('table', { name: 'Commands you allowed' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('secrets-read-remembered.png') });
});
