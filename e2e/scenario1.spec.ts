// Seed 003 §10 scenario 1, in the window, against a fake model speaking the Anthropic wire format:
// in edit mode the edits happen without a card, the test run is one card, and the summary shows the
// branch and the passing run.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { git, makeNodeRepository, SUM_TEST } from './support/projects';
import { answerWithKey, say, setMode, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    {
      text: 'I will work on a branch of my own.',
      toolCalls: [{ name: 'git', args: { action: 'branch', name: 'paddock/sum-test' } }],
    },
    { toolCalls: [{ name: 'write', args: { path: 'test/sum.test.js', content: SUM_TEST } }] },
    { text: 'Now the test run.', toolCalls: [{ name: 'run', args: { command: 'node --test' } }] },
    { toolCalls: [{ name: 'summarise', args: {} }] },
    { text: 'Done: **sum** has a test, and it passes.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('edit mode: edits without a card, the test run as one card, a summary with the branch and the passing run', async ({
  page,
}) => {
  const workspace = makeNodeRepository(paddock.makeDir('project'));
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'edit');

  await say(page, 'Add a test for sum and run it');

  // The only card is the command: the branch and the write went through in edit mode.
  const queue = page.getByRole('region', { name: 'Pending approvals' });
  await expect(queue).toContainText('node --test');
  await expect(queue).toContainText('run');
  expect(fs.readFileSync(path.join(workspace, 'test', 'sum.test.js'), 'utf8')).toBe(SUM_TEST);
  expect(git(workspace, 'branch', '--show-current').trim()).toBe('paddock/sum-test');
  await answerWithKey(page, 'y');

  await expect(page.getByText('Done: sum has a test, and it passes.')).toBeVisible({ timeout: 30_000 });
  await expect(queue).toHaveCount(0);
  expect(model.requests).toHaveLength(5);
  // The run's result went back to the model: the test passed.
  expect(JSON.stringify(model.requests[3]!.body)).toMatch(/pass 1/);

  await page.getByRole('tab', { name: 'Summary' }).click();
  const summary = page.getByRole('tabpanel', { name: 'Summary' });
  await expect(summary).toContainText('paddock/sum-test');
  await expect(summary).toContainText('node --test');
  await expect(summary).toContainText('1 passed, 0 failed');
  await expect(summary).toContainText('test/sum.test.js');
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: 'e2e/screenshots/scenario1-summary.png', fullPage: true });
});
