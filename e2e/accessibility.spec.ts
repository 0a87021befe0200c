// Issue 23 §6: axe finds no violation on any screen, in light and in dark: the first run, the empty
// window, a conversation with every row state, a pending card, each side-pane tab, and Settings.
// Screenshots at 1024×700 and 2560×1440 go to /tmp/shots-design for a person to look at.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { makeNodeRepository, SUM_TEST } from './support/projects';
import { answerWithKey, say, setMode } from './support/window';

const SHOTS = '/tmp/shots-design';
let model: FakeModelServer;
let paddock: RunningPaddock;

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

/** Axe on the page as it is; a violation fails with its rule, its nodes and what axe says to fix. */
async function expectNoViolations(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const described = violations.map((violation) => ({
    screen,
    rule: violation.id,
    help: violation.help,
    nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  }));
  expect(described).toEqual([]);
}

async function shoot(page: Page, name: string, scheme: string, big = false): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${scheme}-1024.png`) });
  if (!big) return;
  await page.setViewportSize({ width: 2560, height: 1440 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${scheme}-2560.png`) });
  await page.setViewportSize({ width: 1024, height: 700 });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`no axe violations on any screen (${scheme})`, async ({ page }) => {
    test.setTimeout(180_000);
    model = await startFakeModelServer(
      [
        {
          text: 'Looking around first.',
          toolCalls: [
            { name: 'read', args: { path: 'sum.js' } },
            { name: 'read', args: { path: 'missing.txt' } },
            { name: 'read', args: { lines: 3 } },
            { name: 'run', args: { command: 'npm test' } },
          ],
        },
        {
          text: 'One test fails:\n\n```js\nexports.sum = (a, b) => a + b; // "2 + 2" is 4, not 5\n```\n\nI will fix the test.',
        },
        { toolCalls: [{ name: 'write', args: { path: 'notes.md', content: '# Notes\n\nThe sum test expects 5.\n' } }] },
        { text: 'Understood: nothing written.' },
        { toolCalls: [{ name: 'run', args: { command: 'node slow.js' } }] },
      ],
      { models: ['claude-sonnet-5-5'] },
    );
    paddock = await startPaddock({ firstRun: true, env: { ANTHROPIC_BASE_URL: model.url } });
    const workspace = makeNodeRepository(paddock.makeDir('project'));
    fs.writeFileSync(
      path.join(workspace, 'package.json'),
      JSON.stringify({ name: 'sample', version: '1.0.0', private: true, scripts: { test: 'node --test' } }) + '\n',
    );
    fs.mkdirSync(path.join(workspace, 'test'));
    fs.writeFileSync(path.join(workspace, 'test', 'sum.test.js'), SUM_TEST.replace('sum(2, 3), 5', 'sum(2, 2), 5'));
    fs.writeFileSync(path.join(workspace, 'slow.js'), "console.log('working');\nsetTimeout(() => {}, 60_000);\n");
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(paddock.url);

    // The first run, each step.
    await expect(page.getByRole('heading', { name: 'Set up Paddock' })).toBeVisible();
    await page.getByLabel('Folder').fill(workspace);
    await expect(page.locator('#first-run-folder-facts')).toContainText('git branch main');
    await expectNoViolations(page, 'first run: workspace');
    await shoot(page, 'first-run-workspace', scheme, true);
    await page.getByRole('button', { name: 'Use this folder' }).click();
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('status')).toContainText('Connected to');
    await expectNoViolations(page, 'first run: model and key');
    await shoot(page, 'first-run-provider', scheme);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectNoViolations(page, 'first run: mode');
    await shoot(page, 'first-run-mode', scheme);
    await page.getByRole('button', { name: 'Finish setup' }).click();

    // The empty window: no conversation, no processes.
    await expect(page.getByRole('heading', { name: 'No conversation yet' })).toBeVisible();
    await expect(page.getByRole('note', { name: 'None running' })).toBeVisible();
    await expectNoViolations(page, 'no conversation');
    await shoot(page, 'empty-window', scheme, true);

    // A conversation with every finished row state: done, failed, refused by the fence, a red exit status; code highlighted.
    await say(page, 'Look around and run the tests');
    await expect(page.getByText('I will fix the test.')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: /^Step: 4 calls/ })).toBeVisible();
    await expect(page.locator('[data-outcome="refused"]')).toHaveCount(1);
    await expect(page.locator('[data-outcome="exit-nonzero"]')).toHaveCount(1);
    await expect(page.locator('[data-outcome="failed"]')).toHaveCount(1);
    await expect(page.locator('[data-outcome="ok"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'run npm test' }).click();
    await expect(page.getByRole('region', { name: 'Details of run' })).toBeVisible();
    await expectNoViolations(page, 'conversation with rows');
    await shoot(page, 'conversation-rows', scheme, true);
    await page.getByRole('button', { name: 'run npm test' }).click();
    await page.getByRole('button', { name: /^Step: 4 calls/ }).click();
    await expect(page.getByRole('button', { name: 'run npm test' })).toHaveCount(0);
    await expectNoViolations(page, 'a folded step');
    await page.getByRole('button', { name: /^Step: 4 calls/ }).click();

    // A pending card, then denied: the denied row.
    await setMode(page, 'developer', 'ask');
    await say(page, 'Write down what you found');
    await expect(page.getByRole('region', { name: 'Pending approvals' })).toBeVisible();
    await expect(page.locator('[data-outcome="waiting"]')).toHaveCount(1);
    await expectNoViolations(page, 'pending card');
    // From the composer, Tab reaches the card's answers in a few steps (after Stop), never lost behind the transcript.
    await page.getByLabel('Message to the agent').focus();
    let stepsToCard = 0;
    for (; stepsToCard < 6; stepsToCard++) {
      await page.keyboard.press('Tab');
      if ((await page.locator('.card-queue :focus').count()) > 0) break;
    }
    expect(stepsToCard).toBeLessThan(6);
    const focusedOutline = await page
      .locator(':focus')
      .evaluate(
        (element) =>
          (
            element.ownerDocument.defaultView as { getComputedStyle(e: unknown): { outlineStyle: string } }
          ).getComputedStyle(element).outlineStyle,
      );
    expect(focusedOutline).toBe('solid');
    await shoot(page, 'pending-card', scheme, true);
    await answerWithKey(page, 'n');
    await expect(page.getByText('Understood: nothing written.')).toBeVisible();
    await expect(page.locator('[data-outcome="denied"]')).toHaveCount(1);
    await expectNoViolations(page, 'denied row');

    // A running row (its elapsed time ticking), then the same row cancelled by Stop.
    await setMode(page, 'developer', 'run');
    await say(page, 'Run the slow script');
    await expect(page.locator('[data-outcome="running"]')).toHaveCount(1, { timeout: 30_000 });
    await expectNoViolations(page, 'running row');
    await shoot(page, 'running-row', scheme);
    await page.getByRole('button', { name: /^Stop/ }).click();
    await expect(
      page.getByRole('button', { name: 'run node slow.js' }).locator('..').getByLabel('Status'),
    ).toContainText('cancelled', { timeout: 30_000 });
    await expectNoViolations(page, 'cancelled row');
    await shoot(page, 'cancelled-row', scheme);

    // Each side-pane tab.
    for (const tab of ['Files', 'Terminal', 'Preview', 'Summary'] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
      if (tab === 'Preview') await expect(page.getByRole('note', { name: 'No preview yet' })).toBeVisible();
      if (tab === 'Summary') await expect(page.getByText('Last test run')).toBeVisible();
      if (tab === 'Terminal') await expect(page.locator('.xterm')).toBeVisible();
      await expectNoViolations(page, `side pane: ${tab}`);
      await shoot(page, `pane-${tab.toLowerCase()}`, scheme);
    }
    await page.getByRole('button', { name: 'Hide the side pane' }).click();
    await expect(page.getByRole('button', { name: 'Show the side pane' })).toBeVisible();
    await expectNoViolations(page, 'side pane folded');
    await shoot(page, 'pane-folded', scheme);
    await page.getByRole('button', { name: 'Show the side pane' }).click();

    // Settings.
    await page.getByRole('button', { name: 'Settings → Developer' }).click();
    await expect(page.getByRole('heading', { name: 'Settings → Developer' })).toBeVisible();
    await expectNoViolations(page, 'settings');
    await shoot(page, 'settings', scheme, true);
  });
}
