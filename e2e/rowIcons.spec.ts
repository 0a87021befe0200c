// A call's row draws the icon its tool declares, carried by the call's record from the core (live,
// and again after a reload, read back with the conversation); the command palette and the search
// dialog answer the same keys (arrows within the list, Enter chooses, Escape closes).
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { makeNodeRepository } from './support/projects';
import { say, screenshot, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    {
      toolCalls: [
        { name: 'read', args: { path: 'sum.js' } },
        { name: 'list', args: {} },
        { name: 'run', args: { command: 'node --version' } },
      ],
    },
    { text: 'Looked around.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync('e2e/screenshots', { recursive: true });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

/** The lucide picture each row draws, in the transcript's order. */
async function rowIcons(page: Page): Promise<string[]> {
  const icons = page.locator('.tool-row svg.tool-icon');
  await expect(icons).toHaveCount(3);
  return (await icons.evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute('class') ?? ''))).map(
    (name) => /lucide-([a-z-]+)/.exec(name.replace('lucide ', ''))?.[1] ?? name,
  );
}

test('each row draws its tool’s declared icon, live and after a reload; palette and search share their keys', async ({
  page,
}) => {
  const workspace = makeNodeRepository(paddock.makeDir('project'));
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await say(page, 'Look around');
  await expect(page.getByText('Looked around.')).toBeVisible({ timeout: 30_000 });
  const expected = ['file-text', 'folder-tree', 'play'];
  await expect.poll(() => rowIcons(page)).toEqual(expected);
  await screenshot(page, 'row-icons-live');

  await page.reload();
  await expect(page.getByText('Looked around.')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => rowIcons(page)).toEqual(expected);
  await screenshot(page, 'row-icons-reloaded');

  // The palette: ↓ moves the choice, ↑ at the top stays, Escape closes it.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const command = palette.getByRole('combobox', { name: 'Command' });
  const options = palette.getByRole('option');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await command.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await command.press('ArrowUp');
  await command.press('ArrowUp');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await screenshot(page, 'palette-keys');
  await command.press('Escape');
  await expect(palette).toHaveCount(0);

  // The search dialog: the same keys; Enter opens the hit the keyboard is on.
  await page.keyboard.press('Control+Shift+F');
  const dialog = page.getByRole('dialog', { name: 'Search conversations' });
  await dialog.getByLabel('Search every conversation').fill('Look');
  const hits = dialog.getByRole('option');
  await expect(hits.first()).toBeVisible({ timeout: 10_000 });
  await expect(hits.first()).toHaveAttribute('aria-selected', 'true');
  await dialog.getByLabel('Search every conversation').press('ArrowDown');
  await expect(hits.nth(1)).toHaveAttribute('aria-selected', 'true');
  await screenshot(page, 'search-keys');
  await dialog.getByLabel('Search every conversation').press('Enter');
  await expect(dialog).toHaveCount(0);
  await page.keyboard.press('Control+Shift+F');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Search every conversation').press('Escape');
  await expect(dialog).toHaveCount(0);
});
