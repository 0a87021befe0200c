// Issue 17 item 5: after the agent commits on a lone main, Summary lists the latest commits (the
// agent's marked) and the diff stat of the agent's work, not "0 files changed".
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { makeNodeRepository } from './support/projects';
import { say, screenshot, setMode, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer((_request, index) => {
    if (index === 0)
      return {
        toolCalls: [
          { name: 'write', args: { path: 'src/product.js', content: 'exports.product = (a, b) => a * b;\n' } },
        ],
      };
    if (index === 1)
      return { toolCalls: [{ name: 'edit', args: { path: 'sum.js', old: 'a + b', new: 'Number(a) + Number(b)' } }] };
    if (index === 2)
      return {
        toolCalls: [{ name: 'git', args: { action: 'commit', message: 'Add product, coerce sum', all: true } }],
      };
    return { text: 'Committed.' };
  });
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync('e2e/screenshots', { recursive: true });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test("Summary after a commit on main: the latest commits and the diff stat of the agent's work", async ({ page }) => {
  const workspace = makeNodeRepository(paddock.makeDir('project'));
  await page.goto(paddock.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'run');
  await say(page, 'Add a product function and commit');
  await expect(page.getByText('Committed.')).toBeVisible({ timeout: 60_000 });

  await page.getByRole('tab', { name: 'Summary' }).click();
  const commits = page.getByRole('region', { name: 'Commits' });
  await expect(commits).toContainText('Latest commits');
  const items = commits.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Add product, coerce sum');
  await expect(items.nth(0)).toContainText('by the agent');
  await expect(items.nth(1)).toContainText('initial');
  await expect(items.nth(1)).not.toContainText('by the agent');
  await expect(
    page.getByRole('heading', { name: "Changes since just before the agent's first commit on this branch" }),
  ).toBeVisible();
  const stat = page.getByLabel('Diff stat');
  await expect(stat).toContainText('2 file(s) changed, 2 insertion(s), 1 deletion(s)');
  await expect(stat).not.toContainText('0 file(s) changed');
  await expect(page.getByRole('list', { name: 'Changed files' }).getByRole('listitem')).toHaveCount(2);
  await screenshot(page, 'summary-commits-after-commit');
});
