// Issue 35 §7 in the window, as a new owner meets it: the first run says before the click that `/`
// is never a workspace and where the key goes; a failed test leaves no key behind; Settings asks
// where the key goes in view and says "Saved."; the transcript tells a refusal from a failure, an
// undo card keeps its answers on screen, a restore is said once, Files drops the dot of a file put
// back, and a dangerous card has one red edge.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { git, makeNodeRepository } from './support/projects';
import { answerWithKey, say, setWorkspace, waitForArmedCard } from './support/window';

const SHOTS = process.env.PADDOCK_SHOTS ?? 'e2e/screenshots';
let model: FakeModelServer;
let paddock: RunningPaddock;

test.afterEach(async () => {
  await paddock.stop();
  await model?.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

// What the page functions below use of the DOM (the specs compile without its types).
interface PageBox {
  getBoundingClientRect(): { bottom: number };
  querySelector(selector: string): PageBox | null;
  style: { color: string };
  remove(): void;
  append(child: PageBox): void;
}
interface PageWindow {
  document: { createElement(tag: string): PageBox; documentElement: PageBox; body: PageBox };
  getComputedStyle(element: unknown): {
    color: string;
    borderTopColor: string;
    boxShadow: string;
    borderTopStyle: string;
    getPropertyValue(name: string): string;
  };
}

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

test('first run: `/` refused before the click, the key’s destination shown, a refused key not kept', async ({
  page,
}) => {
  model = await startFakeModelServer([], { apiKey: 'sk-right-key', models: ['claude-sonnet-5-5'] });
  paddock = await startPaddock({ firstRun: true, env: { ANTHROPIC_BASE_URL: model.url } });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(paddock.url);

  await page.getByLabel('Folder').fill('/');
  await expect(page.locator('#first-run-folder-facts')).toHaveText('The filesystem root is never a workspace.');
  await expect(page.getByRole('button', { name: 'Use this folder' })).toBeDisabled();
  await shot(page, 'newcomer-first-run-root');
  await page.getByRole('button', { name: 'Skip this step' }).click();

  await expect(page.getByLabel('Base URL')).toHaveAttribute('placeholder', `${model.url} (from ANTHROPIC_BASE_URL)`);
  await expect(
    page.getByText(`Left empty, the conversation and the key go to ${model.url}, set by ANTHROPIC_BASE_URL`),
  ).toBeVisible();
  await page.getByLabel('API key').fill('sk-wrong-key');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('alert')).toContainText('refused this API key (401)');
  await expect(page.getByLabel('API key')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Test connection' })).toHaveClass(/primary/);
  await expect(page.getByRole('button', { name: 'Continue anyway' })).not.toHaveClass(/primary/);
  await shot(page, 'newcomer-first-run-bad-key');
});

test('Settings: the key-destination question in view, and "Saved." once confirmed', async ({ page }) => {
  paddock = await startPaddock();
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(paddock.url);
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await page.getByLabel('API key of developer').fill('sk-test-owner-key');
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Key saved.' })).toBeVisible();
  await page.getByLabel('Base URL of developer').fill('http://127.0.0.1:4444/v1');
  await page.getByRole('button', { name: 'Save connection' }).click();
  const question = page.getByRole('alertdialog', { name: 'Confirm where the API key goes' });
  await expect(question).toBeInViewport();
  await expect(question.getByRole('button', { name: 'Send the key to http://127.0.0.1:4444' })).toBeFocused();
  await shot(page, 'newcomer-settings-question');
  await question.getByRole('button', { name: 'Send the key to http://127.0.0.1:4444' }).click();
  await expect(page.getByRole('status', { name: 'Saved settings of developer' })).toHaveText('Saved.');
  await shot(page, 'newcomer-settings-saved');
});

test('the transcript: a refused read, an undo card with its answers in view, a restore said once, no stale dot, one red edge', async ({
  page,
}) => {
  model = await startFakeModelServer([
    {
      text: 'Looking around.',
      toolCalls: [
        { name: 'read', args: { path: '/etc/passwd' } },
        { name: 'edit', args: { path: 'notes.txt', old: 'first draft', new: 'rewritten by the agent' } },
      ],
    },
    { text: 'Done: notes rewritten.' },
    { text: 'Removing it.', toolCalls: [{ name: 'run', args: { command: 'rm -r .' } }] },
    { text: 'Left it.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  const workspace = makeNodeRepository(paddock.makeDir('project'));
  // A long file, so the undo card's diff is taller than the queue.
  fs.writeFileSync(
    path.join(workspace, 'notes.txt'),
    `first draft\n${Array.from({ length: 80 }, (_, i) => `line ${i}`).join('\n')}\n`,
  );
  git(workspace, 'add', '-A');
  git(workspace, 'commit', '-q', '-m', 'notes');
  await page.setViewportSize({ width: 1024, height: 560 });
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await page.getByRole('tab', { name: 'Files' }).click();
  await say(page, 'Look around and rewrite the notes');
  await expect(page.getByText('Done: notes rewritten.')).toBeVisible();

  // The fence's refusal is a refusal, and /etc/passwd is not offered to open.
  const readRow = page.locator('.tool-row').filter({ has: page.getByRole('button', { name: 'read /etc/passwd' }) });
  await expect(readRow.getByLabel('Status')).toHaveText('refused by the fence');
  await expect(page.getByRole('button', { name: 'Open /etc/passwd' })).toHaveCount(0);
  // The owner's message ends with its text: no band kept below it for the hidden restore button.
  const owner = page.getByLabel('You', { exact: true }).first();
  const gap = await owner.evaluate((element) => {
    const box = element as unknown as PageBox;
    return (
      box.getBoundingClientRect().bottom -
      (box.querySelector('.message-text') as PageBox).getBoundingClientRect().bottom
    );
  });
  expect(gap).toBeLessThanOrEqual(12);
  const notes = page.getByRole('tree', { name: 'Workspace files' }).getByRole('treeitem', { name: /notes\.txt/ });
  await expect(notes.getByLabel('changed', { exact: true })).toBeVisible();
  await shot(page, 'newcomer-transcript-turn');

  await page
    .getByRole('group', { name: 'Checkpoint: Undo this turn' })
    .getByRole('button', { name: 'Undo this turn' })
    .click();
  const queue = page.getByRole('region', { name: 'Pending approvals' });
  await expect(queue).toContainText('Undo this turn: 1 file goes back to how it was');
  await waitForArmedCard(page);
  await expect(queue.getByRole('button', { name: /^Approve/ })).toBeInViewport({ ratio: 1 });
  await expect(queue.getByRole('button', { name: /^Deny/ })).toBeInViewport({ ratio: 1 });
  await shot(page, 'newcomer-undo-card');
  await answerWithKey(page, 'y');
  await expect(queue).toBeHidden();
  await expect(page.getByRole('group', { name: 'Checkpoint: Undo this restore' })).toBeVisible();
  await expect(page.getByText(/^Undo this turn: restored notes\.txt/)).toHaveCount(1);
  // notes.txt is the same as the last commit again: its dot goes.
  await expect(notes.getByLabel('changed', { exact: true })).toHaveCount(0);
  await shot(page, 'newcomer-restored');

  await say(page, 'Remove everything');
  await waitForArmedCard(page);
  const card = queue.getByRole('article');
  await expect(card).toHaveClass(/card-danger/);
  const edges = await queue.evaluate((element) => {
    const page = globalThis as unknown as PageWindow;
    const probe = page.document.createElement('span');
    probe.style.color = page.getComputedStyle(page.document.documentElement).getPropertyValue('--danger').trim();
    page.document.body.append(probe);
    const red = page.getComputedStyle(probe).color;
    probe.remove();
    const article = (element as unknown as PageBox).querySelector('article') as PageBox;
    return {
      queue: page.getComputedStyle(element).borderTopColor,
      red,
      cardShadow: page.getComputedStyle(article).boxShadow,
      cardBorder: page.getComputedStyle(article).borderTopStyle,
    };
  });
  expect(edges.queue).toBe(edges.red);
  expect(edges.cardShadow).toBe('none');
  expect(edges.cardBorder).toBe('none');
  await shot(page, 'newcomer-danger-card');
  await answerWithKey(page, 'n');
  await expect(page.getByText('Left it.')).toBeVisible();
});
