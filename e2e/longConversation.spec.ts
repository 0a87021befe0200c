// Issue 22 item 3: opening a conversation of 10,000 messages lands on the newest one. The rows are
// far taller than the virtualiser's first estimate, so the window must scroll again once they are
// measured. The data directory is seeded through the store's own repositories (real SQLite, the
// real migrations), between two runs of `paddock serve`.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { createAgentsRepository } from '../src/main/store/agents';
import { createConversationsRepository } from '../src/main/store/conversations';
import { openDatabase } from '../src/main/store/database';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { screenshot } from './support/window';

const COUNT = 10_000;
const TITLE = 'Ten thousand messages';
let paddock: RunningPaddock;

/** Rows of a real height: a paragraph, a list and a closing line, so each is well over the estimate. */
function assistantText(n: number): string {
  return [
    `Message ${n}: I read the module, ran the tests and looked at the failure before changing anything.`,
    '',
    '- the parser keeps its state between calls',
    '- the test resets it only in the first case',
    "- so the second case sees the first one's leftovers",
    '',
    `That is why step ${n} fails only when it runs after the others.`,
  ].join('\n');
}

test.beforeEach(async ({ page }) => {
  // The first start makes the installation (its migrations and the first agent); then serve stops.
  const first = await startPaddock();
  await page.goto(first.url);
  await expect(page.getByRole('list', { name: 'Conversations' })).toBeAttached();
  await first.stop();
  const db = openDatabase(first.dataDir);
  try {
    const [agent] = createAgentsRepository(db).list();
    const conversations = createConversationsRepository(db);
    const conversation = conversations.create(agent!.id, TITLE);
    db.transaction(() => {
      for (let n = 1; n <= COUNT; n++) {
        if (n === COUNT)
          conversations.append(conversation.id, {
            role: 'assistant',
            text: `Message ${n}, the newest: everything passes now.`,
            toolCalls: [],
          });
        else if (n % 2 === 1)
          conversations.append(conversation.id, { role: 'owner', text: `Message ${n}: what about the next case?` });
        else conversations.append(conversation.id, { role: 'assistant', text: assistantText(n), toolCalls: [] });
      }
    })();
  } finally {
    db.close();
  }
  paddock = await first.restart();
  fs.mkdirSync('e2e/screenshots', { recursive: true });
});

test.afterEach(async () => {
  await paddock.stop();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('opening a conversation of 10,000 messages shows the newest message', async ({ page }) => {
  await page.goto(paddock.url);
  await page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: TITLE }).click();
  const log = page.getByRole('log', { name: 'Conversation' });
  const newest = log.getByText(`Message ${COUNT}, the newest: everything passes now.`);
  await expect(newest).toBeInViewport();
  // Landed at the bottom, not merely near it: nothing of the log is left below the view.
  await expect
    .poll(() => log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight))
    .toBeLessThan(2);
  // The message before it is there too, and the rows are far taller than the 72 px first estimate.
  await expect(log.getByText(`That is why step ${COUNT - 2} fails only when it runs after the others.`)).toBeVisible();
  await screenshot(page, 'long-conversation-newest');

  // The owner scrolls up to read (older pages load at the top), opens another conversation, and
  // comes back: opening it again lands on the newest message again.
  await log.hover();
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -4000);
  await expect(newest).not.toBeInViewport();
  // …up to the top of the first page, which loads the page before it.
  const firstPageHeight = await log.evaluate((element) => element.scrollHeight);
  await log.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect.poll(() => log.evaluate((element) => element.scrollHeight)).toBeGreaterThan(firstPageHeight + 10_000);
  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect(page.getByText('Say what you want done.')).toBeVisible();
  await page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: TITLE }).click();
  await expect(newest).toBeInViewport();
  await expect
    .poll(() => log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight))
    .toBeLessThan(2);
  await screenshot(page, 'long-conversation-reopened');
});
