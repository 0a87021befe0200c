// Issue 5 in the window: a scripted write produces a diff card; the owner approves it with the
// keyboard after the card's delay and the file changes; a second card is denied and the file does not.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { answerWithKey, say, setMode, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    { toolCalls: [{ name: 'write', args: { path: 'notes.txt', content: 'approved line\n' } }] },
    { toolCalls: [{ name: 'edit', args: { path: 'notes.txt', old: 'approved line', new: 'denied line' } }] },
    { text: 'Both calls answered.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('ask mode: a diff card approved with y changes the file; a card denied with n does not', async ({ page }) => {
  const workspace = paddock.makeDir('project');
  fs.writeFileSync(path.join(workspace, 'notes.txt'), 'original line\n');
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'ask');
  await say(page, 'Update the notes');

  const queue = page.getByRole('region', { name: 'Pending approvals' });
  await expect(queue).toContainText('write');
  await expect(queue).toContainText('in ask mode every write is a card');
  await expect(queue.getByLabel('Diff')).toContainText('+approved line');
  await expect(queue.getByLabel('Diff')).toContainText('-original line');
  expect(fs.readFileSync(path.join(workspace, 'notes.txt'), 'utf8')).toBe('original line\n');
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: 'e2e/screenshots/diff-card.png', fullPage: true });
  await answerWithKey(page, 'y');

  await expect(queue).toContainText('edit');
  await expect(queue.getByLabel('Diff')).toContainText('+denied line');
  expect(fs.readFileSync(path.join(workspace, 'notes.txt'), 'utf8')).toBe('approved line\n');
  await answerWithKey(page, 'n');

  await expect(page.getByText('Both calls answered.')).toBeVisible();
  expect(fs.readFileSync(path.join(workspace, 'notes.txt'), 'utf8')).toBe('approved line\n');
  // The model was told plainly that the owner denied the edit.
  expect(JSON.stringify(model.requests[2]!.body)).toContain('the owner denied this call');
});
