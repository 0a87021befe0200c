// Issue 34 in the window: from the developer's repository the owner starts a task (a branch in a
// worktree of its own, an agent copied from the developer); it is listed under its repository with
// its status and diff stat; its agent works in the worktree; its Summary shows the commits, the
// diff and the merge command; Archive is refused while work is not committed, and Delete asks
// first, then removes the worktree and the branch.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { git, makeNodeRepository } from './support/projects';
import { say, screenshot, setMode, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    {
      toolCalls: [
        {
          name: 'write',
          args: { path: 'sum.js', content: 'exports.sum = (a, b) => a + b;\nexports.twice = (a) => a * 2;\n' },
        },
      ],
    },
    { text: 'Added **twice** in my worktree.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('a task in its own worktree: listed with status and diff stat, reviewed in its Summary, deleted after asking', async ({
  page,
}) => {
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  const repository = makeNodeRepository(paddock.makeDir('project'));
  await page.goto(paddock.url);
  await setWorkspace(page, repository);
  await setMode(page, 'developer', 'edit');

  await page.getByRole('button', { name: 'New task' }).click();
  const form = page.getByRole('form', { name: 'New task' });
  await form.getByLabel('Name').fill('add-twice');
  await screenshot(page, 'tasks-new');
  await form.getByRole('button', { name: 'Start task' }).click();
  const group = page.getByRole('group', { name: `Tasks of ${repository}` });
  const item = group.getByRole('button', { name: 'Task add-twice' });
  await expect(item).toContainText('paddock/add-twice from main');
  const worktree = path.join(paddock.dataDir, 'worktrees', 'add-twice');
  expect(fs.existsSync(path.join(worktree, 'sum.js'))).toBe(true);

  await item.click();
  await expect(page.getByRole('heading', { name: /developer · add-twice/ })).toBeVisible();
  await say(page, 'Add twice');
  await expect(page.getByText('Added twice in my worktree.')).toBeVisible({ timeout: 30_000 });
  // The change is the worktree's: the owner's work tree is as it was.
  expect(fs.readFileSync(path.join(worktree, 'sum.js'), 'utf8')).toContain('twice');
  expect(fs.readFileSync(path.join(repository, 'sum.js'), 'utf8')).not.toContain('twice');
  await expect(item).toContainText('done');
  await expect(item).toContainText('1 file +1 −0');
  await screenshot(page, 'tasks-list');

  await page.getByRole('tab', { name: 'Summary' }).click();
  const summary = page.getByRole('tabpanel', { name: 'Summary' });
  const review = summary.getByRole('region', { name: 'Task add-twice' });
  await expect(review).toContainText('paddock/add-twice from main');
  await expect(review.getByLabel('Merge command')).toHaveText(
    `git -C ${repository} switch main && git -C ${repository} merge --no-ff paddock/add-twice`,
  );
  await expect(summary).toContainText('sum.js');
  await screenshot(page, 'tasks-summary');

  await review.getByRole('button', { name: 'Archive' }).click();
  await expect(review.getByRole('status')).toContainText('not committed');
  await review.getByRole('button', { name: 'Delete…' }).click();
  await expect(review).toContainText('Delete the worktree (uncommitted changes too)');
  await screenshot(page, 'tasks-delete-asks');
  await review.getByRole('button', { name: 'Delete task' }).click();
  await expect(group).toHaveCount(0);
  expect(fs.existsSync(worktree)).toBe(false);
  expect(git(repository, 'branch', '--list', 'paddock/*')).toBe('');
});
