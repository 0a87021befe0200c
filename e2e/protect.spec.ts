// Issue 17 item 4: a pipe (no shell) is refused at once with its sentence and no card; `rm -rf /`
// gets a card whose primary button is Deny, which names the danger and offers no "always allow".
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { say, screenshot, setMode, setWorkspace, waitForArmedCard } from './support/window';

let model: FakeModelServer | null = null;
let paddock: RunningPaddock;

async function start(command: string, reply: string): Promise<void> {
  model = await startFakeModelServer([{ toolCalls: [{ name: 'run', args: { command } }] }, { text: reply }]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync('e2e/screenshots', { recursive: true });
}

test.afterEach(async () => {
  await paddock.stop();
  await model?.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('a pipe command is refused at once, with its sentence and no card', async ({ page }) => {
  await start('echo hi | cat', 'Understood, no pipes.');
  await page.goto(paddock.url);
  await setWorkspace(page, paddock.makeDir('project'));
  await setMode(page, 'developer', 'ask');
  await say(page, 'Echo something');
  await expect(page.getByText('Understood, no pipes.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pending approvals' })).toHaveCount(0);
  const status = page.getByLabel('Status');
  await expect(status).toHaveText('refused by the fence');
  await page.getByRole('button', { name: 'run echo hi | cat' }).click();
  await expect(page.getByRole('region', { name: 'Details of run' })).toContainText('|');
  await screenshot(page, 'protect-pipe-refused');
  const sent = JSON.stringify(model?.requests[1]?.body);
  expect(sent).toContain('|');
  expect(sent).not.toContain('the owner denied');
});

test('rm -rf / is a card with Deny primary that names the filesystem root and offers no always-allow', async ({
  page,
}) => {
  await start('rm -rf /', 'Not deleting anything.');
  await page.goto(paddock.url);
  await setWorkspace(page, paddock.makeDir('project'));
  await say(page, 'Clean up');
  const queue = page.getByRole('region', { name: 'Pending approvals' });
  await expect(queue).toContainText('the operand / is the filesystem root');
  const buttons = queue.getByRole('button');
  await expect(buttons.first()).toHaveText(/^Deny/);
  await expect(buttons.first()).toHaveClass(/primary/);
  await expect(queue.getByRole('button', { name: /always allow/ })).toHaveCount(0);
  await expect(queue.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await waitForArmedCard(page);
  await screenshot(page, 'protect-rm-rf-root');
  // A reflexive y does not run it; Deny does what it says.
  await page.keyboard.press('y');
  await page.waitForTimeout(300);
  await expect(queue).toBeVisible();
  await buttons.first().click();
  await expect(page.getByText('Not deleting anything.')).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveText('denied by you');
});
