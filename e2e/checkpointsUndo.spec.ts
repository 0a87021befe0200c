// Issue 20 in the window, against `paddock serve`: a turn edits one file and creates another;
// "Undo this turn" opens a card with the diff of what will change on disk; approving it
// restores all three, the turn's messages are marked undone, and the next request tells the model
// what was reverted. Settings shows the space the history takes, with Clear.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { answerWithKey, say, setWorkspace } from './support/window';

const SHOTS = process.env.PADDOCK_SHOTS ?? 'e2e/screenshots';
let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    {
      text: 'Updating the notes.',
      toolCalls: [
        { name: 'edit', args: { path: 'notes.txt', old: 'first draft', new: 'rewritten by the agent' } },
        { name: 'write', args: { path: 'added.txt', content: 'a file the turn created\n' } },
      ],
    },
    { text: 'Done: notes rewritten and added.txt created.' },
    { text: 'I see the notes are back to the first draft.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync(SHOTS, { recursive: true });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('Undo this turn: a card with the diff, then the files restored and the turn marked undone', async ({ page }) => {
  const workspace = paddock.makeDir('project');
  fs.writeFileSync(path.join(workspace, 'notes.txt'), 'first draft\nsecond line\n');
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await say(page, 'Rewrite the notes');
  await expect(page.getByText('Done: notes rewritten and added.txt created.')).toBeVisible();
  expect(fs.readFileSync(path.join(workspace, 'notes.txt'), 'utf8')).toBe('rewritten by the agent\nsecond line\n');
  expect(fs.existsSync(path.join(workspace, 'added.txt'))).toBe(true);

  const checkpoint = page.getByRole('group', { name: 'Checkpoint: Undo this turn' });
  await expect(checkpoint).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/undo-1-turn-done.png`, fullPage: true });

  await checkpoint.getByRole('button', { name: 'Undo this turn' }).click();
  const queue = page.getByRole('region', { name: 'Pending approvals' });
  await expect(queue).toContainText('Undo this turn');
  await expect(queue.getByLabel('Diff')).toContainText('-rewritten by the agent');
  await expect(queue.getByLabel('Diff')).toContainText('+first draft');
  await expect(queue).toContainText('removed: added.txt (the turn created it)');
  // Nothing changes on disk until the owner approves the card.
  expect(fs.readFileSync(path.join(workspace, 'notes.txt'), 'utf8')).toBe('rewritten by the agent\nsecond line\n');
  await page.screenshot({ path: `${SHOTS}/undo-2-card.png`, fullPage: true });

  await answerWithKey(page, 'y');
  await expect(queue).toBeHidden();
  await expect
    .poll(() => fs.readFileSync(path.join(workspace, 'notes.txt'), 'utf8'))
    .toBe('first draft\nsecond line\n');
  expect(fs.existsSync(path.join(workspace, 'added.txt'))).toBe(false);
  await expect(checkpoint.getByText('undone', { exact: true })).toBeVisible();
  await expect(page.getByLabel('You (undone)')).toBeVisible();
  // The restore is a checkpoint of its own, so it can be undone in turn.
  await expect(page.getByRole('group', { name: 'Checkpoint: Undo this restore' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/undo-3-restored.png`, fullPage: true });

  // The conversation continues from before the turn, and the model is told what was reverted.
  await say(page, 'What do the notes say now?');
  await expect(page.getByText('I see the notes are back to the first draft.')).toBeVisible();
  const sent = JSON.stringify(model.requests[2]!.body);
  expect(sent).toContain('The owner chose');
  expect(sent).toContain('the workspace files were reverted');
  expect(sent).not.toContain('Rewrite the notes');

  // Settings: the history's space, and Clear.
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  const history = page.getByRole('table', { name: 'Checkpoint history' });
  const row = history.getByRole('row').filter({ hasText: workspace });
  await expect(row).toContainText(/\d+(\.\d)? (B|KB|MB)/);
  await history.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/undo-4-settings-space.png`, fullPage: true });
  await row.getByRole('button', { name: `Clear checkpoints of ${workspace}` }).click();
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');
  await expect(row.getByRole('button', { name: `Clear checkpoints of ${workspace}` })).toBeDisabled();
});

test('Restore to before this message: two turns taken back by one card', async ({ page }) => {
  const workspace = paddock.makeDir('project');
  fs.writeFileSync(path.join(workspace, 'notes.txt'), 'first draft\nsecond line\n');
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await say(page, 'Rewrite the notes');
  await expect(page.getByText('Done: notes rewritten and added.txt created.')).toBeVisible();
  await say(page, 'Anything else?');
  await expect(page.getByText('I see the notes are back to the first draft.')).toBeVisible();

  const first = page.getByLabel('You', { exact: true }).filter({ hasText: 'Rewrite the notes' });
  await first.hover();
  await first.getByRole('button', { name: 'Restore to before this message' }).click();
  const queue = page.getByRole('region', { name: 'Pending approvals' });
  await expect(queue).toContainText('Restore to before this message');
  await expect(queue.getByLabel('Diff')).toContainText('+first draft');
  await page.screenshot({ path: `${SHOTS}/restore-before-1-card.png`, fullPage: true });

  await answerWithKey(page, 'y');
  await expect(queue).toBeHidden();
  await expect
    .poll(() => fs.readFileSync(path.join(workspace, 'notes.txt'), 'utf8'))
    .toBe('first draft\nsecond line\n');
  expect(fs.existsSync(path.join(workspace, 'added.txt'))).toBe(false);
  await expect(page.getByLabel('You (undone)')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/restore-before-2-done.png`, fullPage: true });
});
