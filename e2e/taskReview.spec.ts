// Issue 34 in the window, the review and the set-up of a task. The owner declares the repository's
// setup script in Settings; the task's worktree folder is picked with the first run's folder chooser
// (the web host has no folder dialog: the path completes folder by folder); the setup runs in the
// task agent's sandbox and its output is shown; the task's Summary shows the whole diff against the
// base hunk by hunk with the cards' per-hunk review, and the hunk the owner rejects is reverted in
// the worktree while the other stays.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { git, makeNodeRepository } from './support/projects';
import { say, screenshot, setMode, setWorkspace } from './support/window';

const LINES = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`);
const text = (lines: string[]): string => lines.join('\n') + '\n';
const CHANGED = LINES.map((line, index) =>
  index === 1 ? 'line 2, by the agent' : index === 17 ? 'line 18, by the agent' : line,
);

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    { toolCalls: [{ name: 'write', args: { path: 'lines.txt', content: text(CHANGED) } }] },
    { text: 'Changed lines 2 and 18.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test("a task's setup from Settings, its worktree folder picked, its diff reviewed and one hunk reverted", async ({
  page,
}) => {
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  const repository = makeNodeRepository(paddock.makeDir('project'));
  fs.writeFileSync(path.join(repository, 'lines.txt'), text(LINES));
  git(repository, 'add', '-A');
  git(repository, 'commit', '-q', '-m', 'lines');
  const worktrees = paddock.makeDir('task-worktrees');
  paddock.makeDir('task-notes');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(paddock.url);
  await setWorkspace(page, repository);
  await setMode(page, 'developer', 'edit');

  // Settings → Developer: the repository's setup script.
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  const entry = page.getByRole('group', { name: `Setup script of ${repository}` });
  await entry.getByRole('textbox').fill('echo "installing in $(basename "$PWD")"\necho ready > .setup-done\n');
  await entry.getByRole('button', { name: 'Save setup script' }).click();
  await expect(entry.getByRole('status')).toHaveText('Saved: new tasks of this repository run it.');
  await entry.scrollIntoViewIfNeeded();
  await screenshot(page, 'task-review-settings-setup');
  await page
    .getByRole('button', { name: /^developer/ })
    .first()
    .click();

  // New task: the worktree folder from the chooser the first run uses (no folder dialog in the web host).
  await page.getByRole('button', { name: 'New task' }).click();
  const form = page.getByRole('form', { name: 'New task' });
  await form.getByLabel('Name').fill('review-hunks');
  await expect(form.getByRole('button', { name: 'Choose folder…' })).toHaveCount(0);
  const folder = form.getByLabel('Worktree folder');
  await folder.fill(path.join(paddock.root, 'task-'));
  const offered = page.locator('#new-task-folder-completions option');
  await expect(offered).toHaveCount(2);
  await expect(offered.first()).toHaveAttribute('value', path.join(paddock.root, 'task-notes'));
  await expect(offered.last()).toHaveAttribute('value', worktrees);
  await folder.fill(worktrees);
  await expect(form.locator('#new-task-folder-hint')).toHaveText(`The worktree goes in ${worktrees}/review-hunks.`);
  await screenshot(page, 'task-review-folder');
  await form.getByRole('button', { name: 'Start task' }).click();
  const item = page.getByRole('button', { name: 'Task review-hunks' });
  await expect(item).toContainText('paddock/review-hunks from main');
  const worktree = path.join(worktrees, 'review-hunks');
  expect(fs.readFileSync(path.join(worktree, 'lines.txt'), 'utf8')).toBe(text(LINES));

  await item.click();
  await say(page, 'Change lines 2 and 18');
  await expect(page.getByText('Changed lines 2 and 18.')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('tab', { name: 'Summary' }).click();
  const summary = page.getByRole('tabpanel', { name: 'Summary' });
  const task = summary.getByRole('region', { name: 'Task review-hunks' });
  // The setup ran in the sandbox, from Settings, and says what it printed.
  await expect(task).toContainText('The setup script from Settings ran in the sandbox (exit 0)');
  await task.getByText('The setup script from Settings').click();
  await expect(task.getByLabel('Setup output')).toContainText('installing in review-hunks');
  await screenshot(page, 'task-review-setup-output');

  const review = summary.getByRole('region', { name: 'Review against the base' });
  await expect(review).toContainText('The whole diff against main');
  const file = review.getByRole('region', { name: 'Hunks of lines.txt' });
  await expect(file.getByRole('region', { name: /^Hunk \d of 2$/ })).toHaveCount(2);
  await expect(file.getByRole('region', { name: 'Hunk 1 of 2' })).toContainText('+line 2, by the agent');
  await expect(review.getByRole('button', { name: 'Revert 0 rejected hunks' })).toBeDisabled();
  await review.scrollIntoViewIfNeeded();
  await screenshot(page, 'task-review-hunks');

  await file
    .getByRole('group', { name: 'Hunk 1 of 2: accept or reject' })
    .getByRole('button', { name: 'Reject' })
    .click();
  await expect(file.getByRole('region', { name: 'Hunk 1 of 2' })).toContainText(
    'rejected: Revert takes it out of the worktree',
  );
  await screenshot(page, 'task-review-rejected');
  await review.getByRole('button', { name: 'Revert 1 rejected hunk' }).click();
  await expect(review.getByRole('status')).toContainText('Reverted 1 hunk in the worktree');
  await expect(file.getByRole('region', { name: 'Hunk 1 of 1' })).toContainText('+line 18, by the agent');
  await screenshot(page, 'task-review-reverted');

  // The worktree has the base's line 2 again and keeps the agent's line 18; the owner's checkout is as it was.
  const kept = LINES.map((line, index) => (index === 17 ? 'line 18, by the agent' : line));
  expect(fs.readFileSync(path.join(worktree, 'lines.txt'), 'utf8')).toBe(text(kept));
  expect(fs.readFileSync(path.join(repository, 'lines.txt'), 'utf8')).toBe(text(LINES));
  // The setup's .setup-done counts too: it is new in the worktree.
  await expect(item).toContainText('2 files +2 −1');
});
