// A message while a turn works (issue 32 item 2): "Send now" reaches the model at its next step,
// between tool results, and shows where it took effect; "Queue" waits for the turn's end and opens
// the next turn. Stop stays Stop.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer, type RecordedRequest } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { makeNodeRepository } from './support/projects';
import { say, screenshot, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;
let release: () => void = () => undefined;

function sentText(request: RecordedRequest): string {
  return JSON.stringify(request.body.messages);
}

test.beforeEach(async () => {
  const held = new Promise<void>((resolve) => (release = resolve));
  model = await startFakeModelServer(async (_request, index) => {
    if (index === 0) {
      await held; // the turn works (its model request open) while the owner types
      return { text: 'Reading it first.', toolCalls: [{ name: 'read', args: { path: 'sum.js' } }] };
    }
    if (index === 1) return { text: 'Noted: only sum.js.' };
    return { text: 'Queued request done.' };
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

test('Send now and Queue while a turn works', async ({ page }) => {
  const workspace = makeNodeRepository(paddock.makeDir('project'));
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await say(page, 'Look at the code');
  const composer = page.getByLabel('Message to the agent');
  await expect(page.getByRole('button', { name: /^Stop/ })).toBeVisible();

  await composer.fill('only sum.js, please');
  await composer.press('Enter');
  await expect(page.getByLabel('You (waiting for the next step)')).toContainText('only sum.js, please');
  await composer.fill('then summarise');
  await page.getByRole('button', { name: /^Queue/ }).click();
  await expect(page.getByLabel('You (queued)')).toContainText('then summarise');
  await expect(page.getByRole('button', { name: /^Stop/ })).toBeVisible();
  await screenshot(page, 'interject-waiting');

  release();
  await expect(page.getByText('Queued request done.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('You (waiting for the next step)')).toHaveCount(0);
  await expect(page.getByLabel('You (queued)')).toHaveCount(0);
  // In the transcript where each took effect: the note after the read, the queued one after the answer.
  const said = await page.locator('.message-owner .message-text').allTextContents();
  expect(said).toEqual(['Look at the code', 'only sum.js, please', 'then summarise']);
  await screenshot(page, 'interject-done');

  expect(model.requests).toHaveLength(3);
  expect(sentText(model.requests[1]!)).toContain('only sum.js, please');
  expect(sentText(model.requests[1]!)).not.toContain('then summarise');
  expect(sentText(model.requests[2]!)).toContain('then summarise');
});
