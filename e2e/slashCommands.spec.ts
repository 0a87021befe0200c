// Project commands in the window: `/` in the composer lists the commands, a project's command asks
// "use it?" with its text before its first use, its text (with $ARGUMENTS replaced) is sent as the
// owner's message, a second use asks nothing, and the palette lists the commands too.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { screenshot, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

function lastOwnerText(): string {
  const messages = (model.requests.at(-1)?.body.messages ?? []) as { role: string; content: unknown }[];
  return JSON.stringify(messages.filter((message) => message.role === 'user').at(-1)?.content);
}

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('a project command is accepted before its first use and sent as the owner’s message; the palette lists it', async ({
  page,
}) => {
  model = await startFakeModelServer([{ text: 'Fixing src/a.ts.' }, { text: 'Fixing src/b.ts.' }]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  const project = paddock.makeDir('project');
  fs.mkdirSync(path.join(project, '.paddock', 'commands'), { recursive: true });
  fs.writeFileSync(
    path.join(project, '.paddock', 'commands', 'fix-tests.md'),
    'Fix the failing tests in $ARGUMENTS and run them again.\n',
  );

  await page.goto(paddock.url);
  await setWorkspace(page, project);
  await page.getByRole('button', { name: 'Start a conversation' }).click();
  const input = page.getByLabel('Message to the agent');
  await input.fill('/fi');
  const suggestions = page.getByRole('list', { name: 'Slash commands' });
  await expect(suggestions).toContainText('project, not yet accepted');
  await screenshot(page, 'slash-suggestions');
  await suggestions.getByRole('button', { name: '/fix-tests' }).click();
  await expect(input).toHaveValue('/fix-tests ');
  await input.pressSequentially('src/a.ts');
  await input.press('Enter');

  const asking = page.getByRole('article', { name: 'Command: /fix-tests' });
  await expect(asking).toContainText('This project has a command: use it?');
  await expect(asking).toContainText('Fix the failing tests in $ARGUMENTS');
  expect(model.requests).toHaveLength(0);
  await screenshot(page, 'slash-command-asks');
  await asking.getByRole('button', { name: 'Use it and send' }).click();
  await expect(page.getByText('Fixing src/a.ts.')).toBeVisible();
  expect(lastOwnerText()).toContain('Fix the failing tests in src/a.ts and run them again.');
  await expect(
    page.locator('.message-text', { hasText: 'Fix the failing tests in src/a.ts and run them again.' }),
  ).toBeVisible();

  // From the palette, and accepted now: it is sent without asking.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Command' }).fill('fix-tests');
  await expect(palette.getByRole('listbox', { name: 'Commands' })).toContainText('/fix-tests — project command');
  await screenshot(page, 'slash-palette');
  await palette.getByRole('combobox', { name: 'Command' }).press('Enter');
  await expect(input).toHaveValue('/fix-tests ');
  await input.pressSequentially('src/b.ts');
  await input.press('Enter');
  await expect(page.getByText('Fixing src/b.ts.')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Command: /fix-tests' })).toHaveCount(0);
  expect(lastOwnerText()).toContain('Fix the failing tests in src/b.ts and run them again.');
  await screenshot(page, 'slash-command-sent');
});
