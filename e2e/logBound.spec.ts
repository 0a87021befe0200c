// Issue 17 item 7: a `start` process that prints 200 MB leaves a log at or under the bound, and
// `output` still reads it with its cursor (the last line, and a note of what was rotated away).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { LOG_BOUND_BYTES } from '../src/main/processes/logs';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { say, screenshot, setWorkspace } from './support/window';

const FLOOD = `const line = 'x'.repeat(1023) + '\\n';
const chunk = line.repeat(1024);
let written = 0;
(function write() {
  while (written < 200) {
    written += 1;
    if (!process.stdout.write(chunk)) return process.stdout.once('drain', write);
  }
  process.stdout.write('THE END\\n');
})();
`;

let model: FakeModelServer;
let paddock: RunningPaddock;
let flooded: () => void;

test.beforeEach(async () => {
  const done = new Promise<void>((resolve) => (flooded = resolve));
  model = await startFakeModelServer(async (_request, index) => {
    if (index === 0) return { toolCalls: [{ name: 'start', args: { name: 'flood', command: 'node flood.js' } }] };
    if (index === 1) {
      await done;
      return { toolCalls: [{ name: 'output', args: { name: 'flood', since: 0 } }] };
    }
    if (index === 2) return { toolCalls: [{ name: 'output', args: { name: 'flood' } }] };
    return { text: 'The flood is logged.' };
  });
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync('e2e/screenshots', { recursive: true });
});

test.afterEach(async () => {
  flooded();
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

function logBytes(dataDir: string): number {
  const dir = path.join(dataDir, 'developer', 'logs');
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir).reduce((total, file) => total + fs.statSync(path.join(dir, file)).size, 0);
}

test('a 200 MB flood from start leaves a log at or under the bound, read on with output', async ({ page }) => {
  test.setTimeout(180_000);
  const workspace = paddock.makeDir('project');
  fs.writeFileSync(path.join(workspace, 'flood.js'), FLOOD);
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await say(page, 'Start the flood');
  const queue = page.getByRole('region', { name: 'Pending approvals' });
  // `start` of a script may ask first: approve it with the button once the card is armed.
  const approve = queue.getByRole('button', { name: /^Approve/ });
  const started = model.waitForRequests(2);
  await Promise.race([
    started,
    approve.waitFor({ state: 'visible', timeout: 30_000 }).then(async () => {
      await expect(approve).toBeEnabled();
      await approve.click();
    }),
  ]);
  await started;
  const logs = path.join(paddock.dataDir, 'developer', 'logs');
  await expect
    .poll(() => fs.existsSync(logs) && fs.readdirSync(logs).some((file) => file.endsWith('.log')) && readEnd(logs), {
      timeout: 120_000,
      intervals: [500],
    })
    .toBe(true);
  expect(logBytes(paddock.dataDir)).toBeLessThanOrEqual(LOG_BOUND_BYTES);
  flooded();
  await expect(page.getByText('The flood is logged.')).toBeVisible({ timeout: 30_000 });
  const fromZero = JSON.stringify(model.requests[2]?.body);
  expect(fromZero).toMatch(/rotated away/);
  const latest = JSON.stringify(model.requests[3]?.body);
  expect(latest).toContain('THE END');
  await screenshot(page, 'log-bound-after-flood');
});

/** True once the current segment ends with the flood's last line. */
function readEnd(logs: string): boolean {
  const file = fs.readdirSync(logs).find((name) => name.endsWith('.log'));
  if (!file) return false;
  const text = fs.readFileSync(path.join(logs, file));
  return text
    .subarray(Math.max(0, text.length - 16))
    .toString()
    .endsWith('THE END\n');
}
