// Issue 10 and seed scenario 4 in the window: the agent starts a dev server, shows it in the side
// pane (ticket → cookie → iframe, all same-site in the web host) and takes a screenshot; when
// Paddock stops, the server and its grandchild are gone.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { say, setMode, setWorkspace } from './support/window';

const SERVER = `const http = require('node:http');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
fs.writeFileSync('pids.txt', process.pid + ' ' + child.pid);
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><title>App</title><body style="background:#fc6"><h1>Hello from the dev server</h1></body>');
}).listen(0, '127.0.0.1', function () { console.log('listening on ' + this.address().port); });
`;

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    { toolCalls: [{ name: 'start', args: { name: 'web', command: 'node server.js' } }] },
    { toolCalls: [{ name: 'preview', args: { name: 'web' } }] },
    { toolCalls: [{ name: 'screenshot', args: { name: 'web' } }] },
    { text: 'Preview is up.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

/**
 * Host pids of the dev server and its grandchild. Inside the sandbox's PID namespace the pids the
 * server writes are its own numbering, so the host finds them by working directory and command.
 */
function hostPids(workspace: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readlinkSync(`/proc/${entry}/cwd`) !== workspace) continue;
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes('server.js') || cmdline.includes('setInterval')) found.push(Number(entry));
    } catch {
      /* gone, or not ours to read */
    }
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('a dev server started by the agent shows in the Preview tab, and dies with Paddock', async ({ page }) => {
  const workspace = paddock.makeDir('project');
  fs.writeFileSync(path.join(workspace, 'server.js'), SERVER);
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'run');
  await say(page, 'Start the app and show it to me');
  await expect(page.getByText('Preview is up.')).toBeVisible({ timeout: 30_000 });

  await expect(page.getByRole('navigation', { name: 'Agents' })).toContainText('web');
  await page.getByRole('tab', { name: 'Preview' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Preview' });
  if (await panel.getByRole('button', { name: 'Show preview' }).isVisible())
    await panel.getByRole('button', { name: 'Show preview' }).click();
  await expect(page.frameLocator('iframe[title="Preview of web"]').getByText('Hello from the dev server')).toBeVisible({
    timeout: 20_000,
  });

  await panel.getByRole('button', { name: 'Screenshot' }).click();
  await expect(panel.getByRole('img', { name: /Screenshot saved to/ })).toBeVisible({ timeout: 20_000 });
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: 'e2e/screenshots/preview.png', fullPage: true });

  // The server and its grandchild, as the host numbers them (the sandbox has its own pid namespace).
  const pids = hostPids(workspace);
  expect(pids.length).toBeGreaterThanOrEqual(2);
  await paddock.stop();
  await expect.poll(() => pids.some(alive), { timeout: 15_000 }).toBe(false);
});
