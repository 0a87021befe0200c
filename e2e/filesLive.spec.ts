// Issue 17 item 5: the Files tree follows the workspace live — a file written by a command, or by
// the owner outside Paddock, appears within a second, marked as changed.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { say, screenshot, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    { toolCalls: [{ name: 'run', args: { command: 'npm run make-report' } }] },
    { text: 'The report is written.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync('e2e/screenshots', { recursive: true });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('a file written by a command appears in Files within a second, marked', async ({ page }) => {
  const workspace = paddock.makeDir('project');
  fs.writeFileSync(
    path.join(workspace, 'package.json'),
    JSON.stringify(
      {
        name: 'sample',
        private: true,
        scripts: { 'make-report': "node -e \"require('fs').writeFileSync('report.txt', 'done')\"" },
      },
      null,
      2,
    ),
  );
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  const tree = page.getByRole('tree', { name: 'Workspace files' });
  await expect(tree).toContainText('package.json');

  await say(page, 'Write the report');
  const queue = page.getByRole('region', { name: 'Pending approvals' });
  const approve = queue.getByRole('button', { name: /^Approve\s*y$/ });
  const written = path.join(workspace, 'report.txt');
  // `npm run <script>` may ask first in this mode: approve it with the button.
  await expect.poll(async () => fs.existsSync(written) || (await approve.isVisible()), { timeout: 30_000 }).toBe(true);
  if (!fs.existsSync(written)) {
    await expect(approve).toBeEnabled();
    await approve.click();
  }
  await expect.poll(() => fs.existsSync(written), { timeout: 30_000, intervals: [20] }).toBe(true);
  // Within a second of the file existing on disk.
  const item = tree.getByRole('button', { name: /^report\.txt/ });
  await expect(item).toBeVisible({ timeout: 1_000 });
  await expect(item.getByLabel('changed')).toBeVisible();
  await screenshot(page, 'files-live-command');

  // The owner's own change, made outside Paddock, shows up the same way.
  fs.writeFileSync(path.join(workspace, 'owner-notes.md'), '# notes\n');
  await expect(tree.getByRole('button', { name: /^owner-notes\.md/ })).toBeVisible({ timeout: 1_000 });
  await expect(page.getByText('The report is written.')).toBeVisible();
});
