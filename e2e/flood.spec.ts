// Issue 8: a flood of output keeps the window responsive — the owner can type while it streams.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { say, setMode, setWorkspace } from './support/window';

// A test file that prints ~50 MB over a few seconds, then passes.
const FLOOD_TEST = `const test = require('node:test');
test('floods', async () => {
  const line = 'x'.repeat(1023) + '\\n';
  const chunk = line.repeat(128);
  for (let i = 0; i < 400; i += 1) {
    process.stdout.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
});
`;

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    { toolCalls: [{ name: 'run', args: { command: 'node --test test/flood.test.js' } }] },
    { text: 'The flood is over.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('the composer stays typeable while 50 MB of output streams', async ({ page }) => {
  const workspace = paddock.makeDir('project');
  fs.mkdirSync(path.join(workspace, 'test'));
  fs.writeFileSync(path.join(workspace, 'test', 'flood.test.js'), FLOOD_TEST);
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'run');
  await say(page, 'Run the flood');

  // While the run is live, the owner types; every keystroke lands.
  const row = page.getByRole('button', { name: /run node --test test\/flood\.test\.js/ }).first();
  await expect(row).toBeVisible();
  const input = page.getByLabel('Message to the agent');
  await input.click();
  const typed = 'still responsive while the output floods';
  await input.pressSequentially(typed, { delay: 5 });
  await expect(input).toHaveValue(typed);

  await expect(page.getByText('The flood is over.')).toBeVisible({ timeout: 45_000 });
  // The row says what the run printed in all and what the window, the log and the model each kept.
  await row.click();
  const account = page.locator('.output-account');
  await expect(account).toHaveText(
    /^Printed 52\.\d MB in all\. The window was sent [\d.]+ (MB|kB) of it live and keeps (the last [\d.]+ (MB|kB)|all of that); the test-run log keeps [\d.]+ kB; the model was sent the last [\d.]+ kB\.$/,
  );
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  await account.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/screenshots/flood-output-account.png' });
  // The model got the bounded tail, with the line saying how much was dropped.
  const sent = JSON.stringify(model.requests[1]!.body);
  expect(sent).toMatch(/dropped/);
  expect(sent.length).toBeLessThan(400_000);
});
