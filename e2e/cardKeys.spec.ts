// Issue 17 item 2: a card is answered with y while the composer has focus (the y is not typed),
// and a y typed just before the card appeared does not answer it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { say, screenshot, setMode, setWorkspace, waitForArmedCard } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;
let release: () => void;

test.beforeEach(async () => {
  const held = new Promise<void>((resolve) => (release = resolve));
  model = await startFakeModelServer(async (_request, index) => {
    if (index === 0) {
      await held;
      return { toolCalls: [{ name: 'write', args: { path: 'notes.txt', content: 'approved\n' } }] };
    }
    return { text: 'Written.' };
  });
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync('e2e/screenshots', { recursive: true });
});

test.afterEach(async () => {
  release();
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('y from the composer answers an armed card; a y typed 100 ms before the card appeared does not', async ({
  page,
}) => {
  const workspace = paddock.makeDir('project');
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'ask');
  await say(page, 'Write the notes');
  const composer = page.getByLabel('Message to the agent');
  await expect(composer).toBeFocused();
  await model.waitForRequests(1);

  // The owner types y; 100 ms later the card appears.
  await page.keyboard.press('y');
  await page.waitForTimeout(100);
  release();
  const queue = page.getByRole('region', { name: 'Pending approvals' });
  await expect(queue).toContainText('write');
  await waitForArmedCard(page);
  await page.waitForTimeout(300);
  await expect(queue).toBeVisible();
  await expect(composer).toHaveValue('y');
  expect(fs.existsSync(path.join(workspace, 'notes.txt'))).toBe(false);
  await screenshot(page, 'card-keys-early-y-ignored');

  // Focus is still in the composer: y answers the card and is not typed.
  await expect(composer).toBeFocused();
  await page.keyboard.press('y');
  await expect(queue).toHaveCount(0);
  await expect(page.getByText('Written.')).toBeVisible();
  expect(fs.readFileSync(path.join(workspace, 'notes.txt'), 'utf8')).toBe('approved\n');
  await expect(composer).toHaveValue('y');
  await screenshot(page, 'card-keys-answered-from-composer');
});

test('Escape while a card is shown never cancels the turn', async ({ page }) => {
  const workspace = paddock.makeDir('project');
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'ask');
  await say(page, 'Write the notes');
  release();
  const queue = page.getByRole('region', { name: 'Pending approvals' });
  await expect(queue).toContainText('write');
  await waitForArmedCard(page);
  await page.getByLabel('Message to the agent').press('Escape');
  // Escape denied the card; the turn went on to the model's next answer instead of being stopped.
  await expect(page.getByText('Written.')).toBeVisible();
  await expect(page.getByText('the owner stopped the turn')).toHaveCount(0);
  expect(JSON.stringify(model.requests[1]?.body)).toContain('the owner denied this call');
});
