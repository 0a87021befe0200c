// Issue 17 item 4: per-hunk accept and reject on a write card, from the keyboard. Only the accepted
// hunks land in the file, and the model is told which one was rejected.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { say, screenshot, setMode, setWorkspace, waitForArmedCard } from './support/window';

const before = Array.from({ length: 30 }, (_, index) => `line ${index + 1}\n`).join('');
const after = before
  .replace('line 2\n', 'line two\n')
  .replace('line 15\n', 'line fifteen\n')
  .replace('line 29\n', 'line twenty-nine\n');

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer(async (_request, index) =>
    index === 0
      ? { toolCalls: [{ name: 'write', args: { path: 'numbers.txt', content: after } }] }
      : { text: 'Noted which parts you kept.' },
  );
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync('e2e/screenshots', { recursive: true });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('a write card: hunk 2 rejected from the keyboard, hunks 1 and 3 applied, the model told', async ({ page }) => {
  const workspace = paddock.makeDir('project');
  fs.writeFileSync(path.join(workspace, 'numbers.txt'), before);
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'ask');
  await say(page, 'Spell out three numbers');

  const queue = page.getByRole('region', { name: 'Pending approvals' });
  await expect(queue.getByRole('region', { name: /^Hunk \d of 3$/ })).toHaveCount(3);
  await waitForArmedCard(page);
  await screenshot(page, 'hunks-card-three-hunks');

  // Keyboard only: from hunk 1's Accept, three Tabs reach hunk 2's Reject (the toggles are in tab order).
  const hunk2 = queue.getByRole('region', { name: 'Hunk 2 of 3' });
  await queue.getByRole('region', { name: 'Hunk 1 of 3' }).getByRole('button', { name: 'Accept' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(hunk2.getByRole('button', { name: 'Reject' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(hunk2.getByRole('button', { name: 'Reject' })).toHaveAttribute('aria-pressed', 'true');
  await expect(hunk2).toContainText('rejected: not applied');
  await expect(queue.getByRole('button', { name: /Apply 2 of 3 hunks/ })).toBeVisible();
  await screenshot(page, 'hunks-card-hunk-2-rejected');

  // y answers with the selection, wherever focus is.
  await page.keyboard.press('y');
  await expect(queue).toHaveCount(0);
  await expect(page.getByText('Noted which parts you kept.')).toBeVisible();
  expect(fs.readFileSync(path.join(workspace, 'numbers.txt'), 'utf8')).toBe(
    before.replace('line 2\n', 'line two\n').replace('line 29\n', 'line twenty-nine\n'),
  );
  const toModel = JSON.stringify(model.requests[1]?.body);
  expect(toModel).toContain('applied 2 of 3 hunks');
  expect(toModel).toContain('rejected 1 of 3 hunks of the change to numbers.txt');
  expect(toModel).toContain('+line fifteen');
  await screenshot(page, 'hunks-applied');
});

test('every hunk rejected leaves only Deny: Approve is disabled and nothing is written', async ({ page }) => {
  const workspace = paddock.makeDir('project');
  fs.writeFileSync(path.join(workspace, 'numbers.txt'), before);
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'ask');
  await say(page, 'Spell out three numbers');
  const queue = page.getByRole('region', { name: 'Pending approvals' });
  await waitForArmedCard(page);
  for (const name of ['Hunk 1 of 3', 'Hunk 2 of 3', 'Hunk 3 of 3'])
    await queue.getByRole('region', { name }).getByRole('button', { name: 'Reject' }).click();
  await expect(queue.getByRole('button', { name: /Apply 0 of 3 hunks/ })).toBeDisabled();
  await screenshot(page, 'hunks-all-rejected');
  await queue.getByRole('button', { name: /^Deny/ }).click();
  await expect(page.getByText('Noted which parts you kept.')).toBeVisible();
  expect(fs.readFileSync(path.join(workspace, 'numbers.txt'), 'utf8')).toBe(before);
});
