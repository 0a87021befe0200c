// Issue 16 §6 in the window, against `paddock serve`: the owner's Screenshot button takes a new
// screenshot of the process as it is now, not the last one again. The dev server counts its visits,
// so two presses give two files with two different pictures.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { say, setMode, setWorkspace } from './support/window';

const SHOTS = process.env.PADDOCK_SHOTS ?? 'e2e/screenshots';
const SERVER = `const http = require('node:http');
let visits = 0;
http.createServer((req, res) => {
  if (req.url !== '/') { res.writeHead(404); return res.end(); }
  visits += 1;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><title>Counter</title><body style="font:64px sans-serif"><h1>visit ' + visits + '</h1></body>');
}).listen(0, '127.0.0.1', function () { console.log('listening on ' + this.address().port); });
`;

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    { toolCalls: [{ name: 'start', args: { name: 'web', command: 'node server.js' } }] },
    { text: 'The counter is running.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync(SHOTS, { recursive: true });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('each press of Screenshot takes a new picture of the process now', async ({ page }) => {
  const workspace = paddock.makeDir('project');
  fs.writeFileSync(path.join(workspace, 'server.js'), SERVER);
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'run');
  await say(page, 'Start the counter');
  await expect(page.getByText('The counter is running.')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('tab', { name: 'Preview' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Preview' });
  const picture = panel.getByRole('img', { name: /^Screenshot saved to / });
  await panel.getByRole('button', { name: 'Screenshot' }).click();
  await expect(picture).toBeVisible({ timeout: 30_000 });
  const first = ((await picture.getAttribute('alt')) ?? '').replace('Screenshot saved to ', '');
  await page.screenshot({ path: `${SHOTS}/owner-screenshot-1.png` });

  await panel.getByRole('button', { name: 'Screenshot' }).click();
  await expect(picture).not.toHaveAttribute('alt', `Screenshot saved to ${first}`, { timeout: 30_000 });
  await expect(picture).toBeVisible({ timeout: 30_000 });
  const second = ((await picture.getAttribute('alt')) ?? '').replace('Screenshot saved to ', '');
  await page.screenshot({ path: `${SHOTS}/owner-screenshot-2.png` });

  expect(second).not.toBe(first);
  for (const file of [first, second]) expect(path.dirname(file)).toBe(path.join(paddock.dataDir, 'files'));
  // Two pictures of the page as it was at each press ("visit 1", then "visit 2"), not one shown twice.
  expect(fs.readFileSync(second).equals(fs.readFileSync(first))).toBe(false);
});
