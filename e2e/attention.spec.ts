// Issue 32 items 1 and 3 in the window, against `paddock serve`. Notifications: the test grants the
// page's origin the notifications permission and records each `new Notification` the page makes
// (the product calls the browser's real API; the init script only wraps it to read what was shown,
// and plays the window's focus, which Playwright otherwise reports as always focused). Budgets: the
// scripted model reports usage numbers, the real loop counts them and stops at the limit.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer, type FakeScript } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { answerWithKey, say, setMode, setWorkspace } from './support/window';

const SHOTS = process.env.PADDOCK_SHOTS ?? 'e2e/screenshots';
let model: FakeModelServer;
let paddock: RunningPaddock;

async function start(script: FakeScript): Promise<void> {
  model = await startFakeModelServer(script);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync(SHOTS, { recursive: true });
}

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

interface Shown {
  title: string;
  body: string;
  tag: string;
  silent: boolean;
}

/**
 * Records what the page shows; `__clickNotification(i)` plays the owner's click on the i-th. A
 * string, as the page runs it (the specs compile without the DOM's types).
 */
const RECORD_NOTIFICATIONS = `(() => {
  const Real = window.Notification;
  const shown = [];
  const made = [];
  class Recorded extends Real {
    constructor(title, options) {
      super(title, options);
      shown.push({ title, body: (options && options.body) || '', tag: (options && options.tag) || '', silent: Boolean(options && options.silent) });
      made.push(this);
    }
  }
  Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true, writable: true });
  window.__shown = shown;
  window.__clickNotification = (index) => made[index].onclick && made[index].onclick.call(made[index], new Event('click'));
  window.__focused = true;
  document.hasFocus = () => window.__focused === true;
})()`;

const shownIn = (page: Page): Promise<Shown[]> => page.evaluate<Shown[]>('window.__shown');
const setFocused = (page: Page, focused: boolean): Promise<unknown> => page.evaluate(`window.__focused = ${focused}`);

test('a card waiting and a turn ending are told while the window is not focused; a click opens the card; the choices are kept', async ({
  page,
  context,
}) => {
  await start([
    { toolCalls: [{ name: 'run', args: { command: 'npm install left-pad' } }] },
    { text: 'Nothing was installed.' },
  ]);
  await context.grantPermissions(['notifications'], { origin: paddock.origin });
  await page.addInitScript({ content: RECORD_NOTIFICATIONS });
  await page.goto(paddock.url);
  await setWorkspace(page, paddock.makeDir('project'));
  await setMode(page, 'developer', 'ask');

  // Settings → Notifications: the browser already allows them (the test granted it), so the button rests.
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  const allow = page.getByRole('button', { name: 'Allow desktop notifications' });
  await expect(allow).toBeDisabled();
  await expect(page.getByText('This browser shows Paddock’s notifications.')).toBeVisible();
  await allow.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/attention-1-settings.png` });

  // The owner starts a turn, then looks elsewhere (Settings, and another window of the desktop).
  await page.getByRole('button', { name: 'developer' }).first().click();
  await say(page, 'Add left-pad');
  await setFocused(page, false);
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await expect.poll(async () => (await shownIn(page)).length).toBe(1);
  const [card] = await shownIn(page);
  expect(card!.body).toBe('@dev asks to run `npm install left-pad`');
  expect(card!.title).toMatch(/^@dev · /);
  expect(card!.silent).toBe(false);

  // The sidebar counts it per agent and per conversation; the title carries the total.
  await expect(page.getByLabel('1 thing needs you in @dev')).toBeVisible();
  await expect(page).toHaveTitle('(1) Paddock');
  await page.screenshot({ path: `${SHOTS}/attention-2-waiting.png` });

  // A click on the notification opens the conversation with its card.
  await page.evaluate('window.__clickNotification(0)');
  await expect(page.getByRole('region', { name: 'Pending approvals' })).toContainText('npm install left-pad');
  await page.screenshot({ path: `${SHOTS}/attention-3-opened.png` });
  await setFocused(page, false);
  await answerWithKey(page, 'n');
  await expect(page).toHaveTitle('Paddock');

  // The turn ends while the window is not focused: told, with what it changed.
  await expect.poll(async () => (await shownIn(page)).length).toBe(2);
  expect((await shownIn(page))[1]!.body).toBe('@dev finished: no files changed');

  // Per kind and sound, kept by the core across a reload.
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await page.getByLabel('A turn finished').uncheck();
  await page.getByLabel('With sound').uncheck();
  await page.reload();
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await expect(page.getByLabel('A turn finished')).not.toBeChecked();
  await expect(page.getByLabel('With sound')).not.toBeChecked();
  await expect(page.getByLabel('A card waits for an answer')).toBeChecked();
  await page.getByLabel('A turn finished').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/attention-4-kinds.png` });
});

test('a token limit: refused when mistyped, 80% said, the turn stopped at 100% with a row, Continue anyway goes on', async ({
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await start(async (_request, index) => {
    if (index === 0)
      return { toolCalls: [{ name: 'read', args: { path: 'a.txt' } }], usage: { input: 850, output: 10 } };
    if (index === 1) {
      await held;
      return { toolCalls: [{ name: 'read', args: { path: 'b.txt' } }], usage: { input: 200, output: 10 } };
    }
    return { text: 'Both files read.', usage: { input: 50, output: 10 } };
  });
  const workspace = paddock.makeDir('project');
  fs.writeFileSync(path.join(workspace, 'a.txt'), 'a\n');
  fs.writeFileSync(path.join(workspace, 'b.txt'), 'b\n');
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);

  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await page.getByLabel('Each conversation: dollars').fill('0');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'refused' })).toHaveText(
    'refused: the dollar limit for this conversation must be more than $0 and at most $100,000',
  );
  await page.getByLabel('Each conversation: dollars').fill('');
  await page.getByLabel('Each conversation: tokens').fill('1000');
  await page.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.getByLabel('Each conversation: tokens').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/budget-1-settings.png` });

  await page.getByRole('button', { name: 'developer' }).first().click();
  await say(page, 'Read both files');
  const line = page.getByRole('status', { name: 'Spending limits' });
  await expect(line).toHaveText('this conversation: 860 tokens of 1,000 tokens (86% of the limit)');
  await page.screenshot({ path: `${SHOTS}/budget-2-warn.png` });
  release();

  const stop = page
    .getByRole('note')
    .filter({ hasText: 'the limit for this conversation of 1,000 tokens is reached: 1,070 tokens spent' });
  await expect(stop).toBeVisible();
  await expect(line).toContainText('limit reached');
  expect(model.requests).toHaveLength(2);
  await page.screenshot({ path: `${SHOTS}/budget-3-stopped.png` });

  await stop.getByRole('button', { name: 'Continue anyway' }).click();
  await expect(page.getByText('Both files read.')).toBeVisible();
  await expect(line).toHaveText('this conversation: 1,130 tokens of 2,000 tokens (56%)');
  await expect(page.getByRole('button', { name: 'Continue anyway' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/budget-4-continued.png` });
});

test('without a grant, "Allow desktop notifications" asks the browser from the click and says its answer', async ({
  page,
}) => {
  await start([{ text: 'unused' }]);
  await page.goto(paddock.url);
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await expect(page.getByText('This browser has not been asked yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Allow desktop notifications' }).click();
  // Headless Chromium answers a request nobody granted with a refusal; the window says which.
  await expect(
    page.getByText('This browser refused notifications for this address; allow them in the site settings.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Allow desktop notifications' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/attention-5-asked.png` });
});
