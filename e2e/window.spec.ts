// Issue 8 in the window: a mode changed on Settings decides the next call's tier; Forget makes a
// remembered command a card again; a workspace file opens in Monaco.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer, type FakeTurn } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { makeNodeRepository, SUM_TEST } from './support/projects';
import { answerWithKey, say, setMode, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

const runTests: FakeTurn = { toolCalls: [{ name: 'run', args: { command: 'node --test' } }] };
const SCRIPT: FakeTurn[] = [
  runTests,
  { text: 'First run done.' },
  runTests,
  { text: 'Second run done.' },
  runTests,
  { text: 'Third run done.' },
  { toolCalls: [{ name: 'write', args: { path: 'notes.txt', content: 'hello\n' } }] },
  { text: 'Write answered.' },
];

test.beforeEach(async () => {
  model = await startFakeModelServer(SCRIPT);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await expect(page.getByRole('heading', { name: 'Settings → Developer' })).toBeVisible();
}

async function openAgent(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^developer/ })
    .first()
    .click();
}

test('remember, Forget, and a mode changed in Settings decide the next calls', async ({ page }) => {
  const workspace = makeNodeRepository(paddock.makeDir('project'));
  fs.mkdirSync(path.join(workspace, 'test'));
  fs.writeFileSync(path.join(workspace, 'test', 'sum.test.js'), SUM_TEST);
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'edit');

  // 1. In edit mode a command is a card; the owner approves and remembers exactly this argv.
  await say(page, 'Run the tests');
  const queue = page.getByRole('region', { name: 'Pending approvals' });
  const remember = queue.getByRole('button', { name: /^Approve and always allow exactly `node --test` in / });
  await expect(remember).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('card-remember-options.png') });
  await remember.click();
  await expect(page.getByText('First run done.')).toBeVisible();

  // 2. The same command again: remembered, so no card — the turn ends without an answer.
  await say(page, 'Run them again');
  await expect(page.getByText('Second run done.')).toBeVisible();

  // 3. Forget it in Settings; the next run is a card again.
  await openSettings(page);
  const allowed = page.getByRole('table', { name: 'Commands you allowed' });
  await expect(allowed).toContainText('exactly `node --test` in ');
  // It let the second run through without a card, so it says when (issue 19).
  await expect(allowed.locator('time')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('settings-remembered.png') });
  await allowed.getByRole('button', { name: 'Forget node --test' }).click();
  await expect(page.getByText('No commands remembered.')).toBeVisible();
  await openAgent(page);
  await say(page, 'And once more');
  await expect(queue).toContainText('node --test');
  await answerWithKey(page, 'y');
  await expect(page.getByText('Third run done.')).toBeVisible();

  // 4. Settings sets ask mode; the next write is a card (in edit mode it would not be).
  await openSettings(page);
  await page.getByLabel('Mode of developer in settings').selectOption('ask');
  await openAgent(page);
  await say(page, 'Write a note');
  await expect(queue).toContainText('in ask mode every write is a card');
  await answerWithKey(page, 'n');
  await expect(page.getByText('Write answered.')).toBeVisible();
  expect(fs.existsSync(path.join(workspace, 'notes.txt'))).toBe(false);
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: 'e2e/screenshots/conversation.png', fullPage: true });
  await openSettings(page);
  await page.screenshot({ path: 'e2e/screenshots/settings.png', fullPage: true });
});

test('a workspace file opens in the read-only Monaco viewer', async ({ page }) => {
  const workspace = makeNodeRepository(paddock.makeDir('project'));
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await page.getByRole('tab', { name: 'Files' }).click();
  const tree = page.getByRole('tree', { name: 'Workspace files' });
  await tree.getByRole('button', { name: 'sum.js' }).click();
  const editor = page.locator('.monaco-editor').first();
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await expect(editor).toContainText('exports.sum');
  // Read-only: typing changes nothing.
  await editor.click();
  await page.keyboard.type('zzz');
  await expect(editor).not.toContainText('zzz');
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: 'e2e/screenshots/files.png', fullPage: true });
});

test('the owner’s terminal opens in the workspace and runs what the owner types', async ({ page }) => {
  const workspace = makeNodeRepository(paddock.makeDir('project'));
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await page.getByRole('tab', { name: 'Terminal' }).click();
  const terminal = page.locator('.xterm').first();
  await expect(terminal).toBeVisible({ timeout: 20_000 });
  await terminal.click();
  await page.keyboard.type('pwd; echo paddock-$((6*7))');
  await page.keyboard.press('Enter');
  await expect(page.locator('.xterm-rows')).toContainText('paddock-42', { timeout: 20_000 });
  await expect(page.locator('.xterm-rows')).toContainText(workspace);
});
