// Seed 003 §10 scenario 5 in the window: the owner adds a second agent, picks it as the developer's
// helper in Settings, and the developer delegates to it. The scripted helper asks for write and run
// anyway; both are refused with session-not-authorized, nothing reaches the disk, and the helper's
// conversation is shown folded under the delegate call with its cost.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { say, screenshot, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    {
      text: 'I will ask my reviewer about the log.',
      toolCalls: [
        {
          name: 'delegate',
          args: {
            helper: '@reviewer',
            question: 'Why does this log fail?',
            text: 'error: connection refused at db.ts:12',
          },
        },
      ],
    },
    {
      toolCalls: [
        { name: 'write', args: { path: 'pwned.txt', content: 'the helper wrote this' } },
        { name: 'run', args: { command: 'touch ran.txt' } },
      ],
    },
    { text: 'The database refused the connection (db.ts:12).' },
    { text: 'My reviewer says the database refused the connection.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('scenario 5: a delegate gets none of the developer tools, and its conversation folds under the call', async ({
  page,
}) => {
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  const project = paddock.makeDir('project');
  fs.writeFileSync(`${project}/README.md`, 'hello\n');
  await page.goto(paddock.url);
  await setWorkspace(page, project);

  // A second agent, picked as the developer's helper (none by default).
  await page.getByRole('button', { name: 'New agent' }).click();
  const form = page.getByRole('form', { name: 'New agent' });
  await form.getByLabel('Name').fill('reviewer');
  await form.getByLabel('Handle').fill('@reviewer');
  await form.getByRole('button', { name: 'Create agent' }).click();
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  const helpers = page.getByRole('group', { name: 'Helpers of developer' });
  const choice = helpers.getByRole('checkbox', { name: /reviewer \(@reviewer\)/ });
  await expect(choice).not.toBeChecked();
  await choice.check();
  await expect(choice).toBeChecked();
  await helpers.scrollIntoViewIfNeeded();
  await screenshot(page, 'delegate-settings');

  await page
    .getByRole('button', { name: /^developer/ })
    .first()
    .click();
  await say(page, 'Why does the log fail?');
  await expect(page.getByText('My reviewer says the database refused the connection.')).toBeVisible({
    timeout: 30_000,
  });
  expect(fs.readdirSync(project).sort()).toEqual(['README.md']);
  expect(model.requests).toHaveLength(4);
  expect(model.requests[1]!.body.tools ?? []).toEqual([]);

  const fold = page.getByRole('group', { name: 'Conversation with @reviewer' });
  await expect(fold).toContainText('answered');
  await expect(fold).toContainText('2 requests');
  await expect(fold).toContainText('2 tool calls refused');
  await screenshot(page, 'delegate-folded');
  await fold.locator('summary').click();
  await expect(fold).toContainText('Why does this log fail?');
  await expect(fold.getByText(/session-not-authorized: a delegate \(depth 1\)/)).toHaveCount(2);
  await expect(fold).toContainText('The database refused the connection (db.ts:12).');
  await fold.scrollIntoViewIfNeeded();
  await screenshot(page, 'delegate-open');
});
