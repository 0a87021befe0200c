// Issue 21 in the window: the owner adds an MCP server for the agent in Settings → Developer, the
// model calls its tool (a card until the owner ticks it auto), and a crash is said in a sentence
// with Restart.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { bundleShoutServer } from '../test/support/mcpServerBundle';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { answerWithKey, say, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    { toolCalls: [{ name: 'mcp__shouter__shout', args: { text: 'carded' } }] },
    { text: 'Shouted once.' },
    { toolCalls: [{ name: 'mcp__shouter__shout', args: { text: 'auto' } }] },
    { text: 'Shouted twice.' },
    { toolCalls: [{ name: 'mcp__shouter__crash', args: {} }] },
    { text: 'It crashed.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('an MCP server added in Settings: carded, then auto, then its crash said with Restart', async ({ page }) => {
  const openAgent = () =>
    page
      .getByRole('button', { name: /^developer/ })
      .first()
      .click();
  await page.goto(paddock.url);
  const project = paddock.makeDir('project');
  // The server lives in the workspace: it runs in the agent's sandbox, which sees nothing else of ours.
  const server = bundleShoutServer(project);
  await setWorkspace(page, project);
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await page.getByLabel('MCP server name').fill('shouter');
  await page.getByLabel('MCP server command').fill(`node ${server}`);
  await page.getByRole('button', { name: 'Add server' }).click();
  const tools = page.getByRole('list', { name: 'Tools of MCP server shouter' });
  await expect(tools).toBeVisible();
  await expect(tools.getByText('mcp__shouter__shout')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/mcp-settings.png', fullPage: true });

  // 1. Not ticked: the call is a card naming the server and the tool.
  await openAgent();
  await say(page, 'Shout something');
  const queue = page.getByRole('region', { name: 'Pending approvals' });
  await expect(queue.getByText(/shout is a tool of the MCP server shouter/)).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/mcp-card.png', fullPage: true });
  await answerWithKey(page, 'y');
  await expect(page.getByText('Shouted once.')).toBeVisible();

  // 2. Ticked auto in Settings: the next call runs without a card.
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await page.getByLabel('Run shout of shouter without a card').click();
  await expect(page.getByLabel('Run shout of shouter without a card')).toBeChecked();
  await openAgent();
  await say(page, 'Shout again');
  await expect(page.getByText('Shouted twice.')).toBeVisible();
  await expect(queue).toBeHidden();

  // 3. The crash: approved on its card, then said in a sentence; Settings offers Restart.
  await say(page, 'Crash it');
  await answerWithKey(page, 'y');
  await expect(page.getByText('It crashed.')).toBeVisible();
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: /the MCP server shouter stopped: it exited with code 3/ }),
  ).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/mcp-crashed.png', fullPage: true });
  await page.getByRole('button', { name: 'Restart MCP server shouter' }).click();
  await expect(tools.getByText('mcp__shouter__shout')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /shouter stopped/ })).toBeHidden();
});
