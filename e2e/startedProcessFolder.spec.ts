// Issue 35 item 5: while a process the agent started runs, the owner's folder and the Files tab hold
// nothing the sandbox made for it (no empty `.git`, `.vscode`, … placeholders), and a process that
// plants a package's `.vscode/tasks.json` is stopped and its entry moved out, said in its output.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { say, screenshot, setMode, setWorkspace } from './support/window';

const IDLE = "console.log('serving'); setInterval(() => {}, 1000);\n";
const PLANT = [
  "const fs = require('node:fs');",
  "setTimeout(() => { fs.mkdirSync('packages/app/.vscode'); fs.writeFileSync('packages/app/.vscode/tasks.json', '{}'); }, 500);",
  'setInterval(() => {}, 1000);',
].join('\n');

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    { toolCalls: [{ name: 'start', args: { name: 'web', command: 'node idle.js' } }] },
    { text: 'The server runs.' },
    { toolCalls: [{ name: 'start', args: { name: 'planter', command: 'node plant.js' } }] },
    { text: 'The planter runs.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync('e2e/screenshots', { recursive: true });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('a started process leaves no placeholder folders in the owner’s folder or Files; a planter is stopped', async ({
  page,
}) => {
  const workspace = paddock.makeDir('project');
  fs.mkdirSync(path.join(workspace, 'packages/app'), { recursive: true });
  fs.writeFileSync(path.join(workspace, 'packages/app/index.js'), '');
  fs.writeFileSync(path.join(workspace, 'idle.js'), IDLE);
  fs.writeFileSync(path.join(workspace, 'plant.js'), PLANT);
  const before = fs.readdirSync(workspace).sort();
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'run');
  await say(page, 'Start the server');
  await expect(page.getByText('The server runs.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('navigation', { name: 'Agents' })).toContainText('web');

  const tree = page.getByRole('tree', { name: 'Workspace files' });
  await expect(tree).toContainText('idle.js');
  for (const name of ['.git', '.vscode', '.github', '.idea', '.claude'])
    await expect(tree.getByRole('button', { name: new RegExp(`^\\${name}\\b`) })).toHaveCount(0);
  expect(fs.readdirSync(workspace).sort()).toEqual(before);
  await screenshot(page, 'started-process-files');

  // The turn is over (its answer shows); the Processes list's "Stop web" is not a turn's Stop, which say() waits out.
  await page.getByLabel('Message to the agent').fill('Start the planter');
  await expect(page.getByRole('button', { name: /^Send/ })).toBeEnabled();
  await page.getByLabel('Message to the agent').press('Enter');
  await expect(page.getByText('The planter runs.')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => fs.existsSync(path.join(workspace, 'packages/app/.vscode')), { timeout: 20_000 }).toBe(false);
  const log = path.join(paddock.dataDir, 'developer', 'logs');
  await expect
    .poll(
      () =>
        fs
          .readdirSync(log)
          .filter((name) => name.includes('planter'))
          .map((name) => fs.readFileSync(path.join(log, name), 'utf8'))
          .join(''),
      { timeout: 20_000 },
    )
    .toContain('`planter` was stopped');
  // The window says why, in the Processes list (both were stopped: either may have planted it), until dismissed.
  const notices = page.getByRole('list', { name: 'Stopped by Paddock' });
  await expect(notices).toContainText('planter');
  await expect(notices).toContainText('`packages/app/.vscode` appeared in its folder while it ran');
  await screenshot(page, 'started-process-planter-stopped');
  await page.reload();
  await expect(notices).toContainText('planter');
  await page.getByRole('button', { name: 'Dismiss why planter was stopped' }).click();
  await expect(notices).not.toContainText('planter');
});
