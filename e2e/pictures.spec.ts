// Pictures in (issue 32 item 5): a picture pasted into the composer goes with the owner's words,
// is shown in the transcript, and reaches the model as an image block in the owner's message.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { makeNodeRepository } from './support/projects';
import { screenshot, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([{ text: 'I see a red square.' }]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync('e2e/screenshots', { recursive: true });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('a pasted picture is sent with the message and shown where it was sent', async ({ page }) => {
  const workspace = makeNodeRepository(paddock.makeDir('project'));
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await page.getByRole('button', { name: 'Start a conversation' }).click();
  const composer = page.getByLabel('Message to the agent');
  await composer.focus();
  // The owner pastes a screenshot: a real PNG from a canvas, on the clipboard event's files.
  // (A string: the e2e files are typechecked without the DOM's types.)
  await page.evaluate(`(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 60;
    canvas.height = 40;
    const context = canvas.getContext('2d');
    context.fillStyle = '#d02020';
    context.fillRect(0, 0, 60, 40);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    const data = new DataTransfer();
    data.items.add(new File([blob], 'bug.png', { type: 'image/png' }));
    document.getElementById('composer-input').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  })()`);
  await expect(page.getByAltText('Picture 1 to send')).toBeVisible();
  await screenshot(page, 'pictures-composer');
  await composer.fill('what is wrong in this screenshot?');
  await composer.press('Enter');
  await expect(page.getByText('I see a red square.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByAltText('Picture 1 to send')).toHaveCount(0);
  await expect(page.locator('.message-owner .message-images img')).toHaveCount(1);
  await screenshot(page, 'pictures-sent');

  const messages = model.requests[0]!.body.messages as {
    role: string;
    content: { type: string; source?: { media_type: string } }[];
  }[];
  const owners = messages.filter((message) => message.role === 'user');
  const blocks = owners[owners.length - 1]!.content;
  expect(blocks.map((block) => block.type)).toEqual(['text', 'image']);
  expect(blocks[1]!.source!.media_type).toBe('image/png');
});
