// Find and branch (issue 32 §4) in the window: Ctrl+Shift+F searches every conversation (3,000 seeded
// messages, the one looked for far above the first page), a hit opens its conversation scrolled to the
// message and marks it; "Fork from here" makes a new conversation with the history before the
// message, the message in its composer; the fork is renamed, archived, restored and deleted (which
// asks first). A fork or a delete while a turn works is refused with the core's sentence.
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAgentsRepository } from '../src/main/store/agents';
import { createConversationsRepository } from '../src/main/store/conversations';
import { openDatabase } from '../src/main/store/database';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { screenshot } from './support/window';

const UPLOAD = 'The flaky upload';
const PORTS = 'Port settings';
let paddock: RunningPaddock;
let model: FakeModelServer;

test.beforeEach(async ({ page }) => {
  model = await startFakeModelServer([{ text: 'Looking at it…', hang: true }]);
  const first = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'sk-test-0123456789' } });
  await page.goto(first.url);
  await expect(page.getByRole('list', { name: 'Conversations' })).toBeAttached();
  await first.stop();
  const db = openDatabase(first.dataDir);
  try {
    const [agent] = createAgentsRepository(db).list();
    const conversations = createConversationsRepository(db);
    const upload = conversations.create(agent!.id, UPLOAD);
    db.transaction(() => {
      for (let n = 1; n <= 3_000; n++) {
        if (n === 40)
          conversations.append(upload.id, {
            role: 'owner',
            text: 'The upload form drops the zebrafish attachment when it is over 4 MB',
          });
        else if (n === 41) {
          conversations.append(upload.id, {
            role: 'assistant',
            text: 'I will look at the size limit first.',
            toolCalls: [{ id: 'toolu_limit', name: 'search', args: { pattern: 'maxUploadBytes' } }],
          });
        } else if (n === 42)
          conversations.append(upload.id, {
            role: 'tool',
            callId: 'toolu_limit',
            tool: 'search',
            text: 'src/upload.ts:12: const maxUploadBytes = 4 * 1024 * 1024;',
            isError: false,
          });
        else if (n % 2 === 1)
          conversations.append(upload.id, { role: 'owner', text: `Message ${n}: and the next case?` });
        else
          conversations.append(upload.id, {
            role: 'assistant',
            text: `Message ${n}: the case passes now.`,
            toolCalls: [],
          });
      }
    })();
    conversations.create(agent!.id, PORTS);
  } finally {
    db.close();
  }
  paddock = await first.restart();
  fs.mkdirSync('e2e/screenshots', { recursive: true });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

/** Axe on the window as it is: the new dialogs and the list's buttons are read as they look. */
async function expectNoViolations(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => ({
      screen,
      rule: violation.id,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    })),
  ).toEqual([]);
}

test('search, open at the message, fork, rename, archive and delete a conversation', async ({ page }) => {
  await page.goto(paddock.url);
  const list = page.getByRole('list', { name: 'Conversations' });
  /** A conversation's own action, in its row of a list. */
  const action = (within: typeof list, title: string, name: string) =>
    within
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: title, exact: true }) })
      .getByRole('button', { name, exact: true });
  await expect(list.getByRole('button', { name: UPLOAD, exact: true })).toBeVisible();

  // Search: grouped by conversation, the words marked, a call's arguments and a result found too.
  await page.keyboard.press('Control+Shift+F');
  const dialog = page.getByRole('dialog', { name: 'Search conversations' });
  await dialog.getByLabel('Search every conversation').fill('zebrafish');
  const results = dialog.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('group', { name: UPLOAD })).toBeVisible();
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(results.locator('mark')).toHaveText(['zebrafish']);
  await screenshot(page, 'find-search-results');
  await expectNoViolations(page, 'search results');
  await dialog.getByLabel('Search every conversation').fill('maxUploadBytes');
  await expect(results.getByRole('option')).toHaveCount(2);
  await expect(results.getByRole('option').first()).toContainText('Result');
  await dialog.getByLabel('Search every conversation').fill('zebrafish');
  await expect(results.getByRole('option')).toHaveCount(1);

  // Enter opens the conversation at the message, 2,960 messages above the newest, and marks it.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const log = page.getByRole('log', { name: 'Conversation' });
  const found = log.locator('.transcript-row[aria-current="true"]');
  await expect(found).toContainText('drops the zebrafish attachment');
  await expect(found).toBeInViewport();
  await expect(log.getByText('Message 3000: the case passes now.')).not.toBeInViewport();
  await screenshot(page, 'find-opened-at-message');

  // Fork from here: the history before the message, the message in the composer, the workspace untouched.
  await found.hover();
  await expect(found.getByRole('button', { name: 'Restore to before this message' })).toBeVisible();
  await found.getByRole('button', { name: 'Fork from here' }).click();
  const forkTitle = `${UPLOAD} (fork)`;
  await expect(list.getByRole('button', { name: forkTitle, exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByLabel('Message to the agent')).toHaveValue(
    'The upload form drops the zebrafish attachment when it is over 4 MB',
  );
  await expect(log.getByRole('note')).toContainText(`Forked from “${UPLOAD}”`);
  await expect(log.getByText('Message 39: and the next case?')).toBeVisible();
  await expect(log.getByText('I will look at the size limit first.')).toHaveCount(0);
  await screenshot(page, 'find-forked');
  await expectNoViolations(page, 'forked');

  // Rename in place.
  await action(list, forkTitle, 'Rename').click();
  const field = page.getByLabel('Conversation title');
  await field.fill('Upload: try a streaming parser');
  await field.press('Enter');
  await expect(list.getByRole('button', { name: 'Upload: try a streaming parser', exact: true })).toBeVisible();
  await screenshot(page, 'find-renamed');

  // Archive: out of the list, under "Archived", restorable.
  await action(list, 'Upload: try a streaming parser', 'Archive').click();
  await expect(list.getByRole('button', { name: 'Upload: try a streaming parser', exact: true })).toHaveCount(0);
  await page.getByText('Archived (1)').click();
  const archived = page.getByRole('list', { name: 'Archived conversations' });
  await expect(archived.getByRole('button', { name: 'Upload: try a streaming parser', exact: true })).toBeVisible();
  await screenshot(page, 'find-archived');
  await action(archived, 'Upload: try a streaming parser', 'Restore').click();
  await expect(list.getByRole('button', { name: 'Upload: try a streaming parser', exact: true })).toBeVisible();

  // Delete asks; Cancel keeps it; Delete removes it from the list and from the search.
  await action(list, 'Upload: try a streaming parser', 'Delete').click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Upload: try a streaming parser”?' });
  await expect(confirm).toContainText('removed for good');
  await screenshot(page, 'find-delete-asks');
  await expectNoViolations(page, 'delete asks');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('button', { name: 'Upload: try a streaming parser', exact: true })).toBeVisible();
  await action(list, 'Upload: try a streaming parser', 'Delete').click();
  await confirm.getByRole('button', { name: 'Delete conversation' }).click();
  await expect(confirm).toBeHidden();
  await expect(list.getByRole('button', { name: 'Upload: try a streaming parser', exact: true })).toHaveCount(0);
  await page.keyboard.press('Control+Shift+F');
  await dialog.getByLabel('Search every conversation').fill('Message 39: and the next case');
  await expect(results.getByRole('group')).toHaveCount(1);
  await expect(results.getByRole('group')).toHaveAccessibleName(UPLOAD);
  await page.keyboard.press('Escape');
  await screenshot(page, 'find-deleted');

  // While a turn works, a fork and a delete are refused with a sentence.
  await list.getByRole('button', { name: UPLOAD, exact: true }).click();
  await page.getByLabel('Message to the agent').fill('one more look at the zebrafish, please');
  await page.getByLabel('Message to the agent').press('Enter');
  await expect(page.getByRole('button', { name: /^Stop/ })).toBeVisible();
  await model.waitForRequests(1);
  const owner = log.locator('.message-owner').filter({ hasText: 'Message 2999: and the next case?' });
  await owner.hover();
  await owner.getByRole('button', { name: 'Fork from here' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'a turn is working in this conversation' })).toContainText(
    'then fork it',
  );
  await action(list, UPLOAD, 'Delete').click();
  await confirm.or(page.getByRole('alertdialog')).getByRole('button', { name: 'Delete conversation' }).click();
  await expect(page.getByRole('alertdialog').getByRole('alert')).toContainText('then delete it');
  await screenshot(page, 'find-refused-while-working');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: /^Stop/ }).click();
});
