// Issue 31 §1 in the window: in run mode, contained, a command that needs a domain the agent has
// not been allowed is a card that offers "Allow <domain> for this agent" beside Approve. Clicking
// it adds the domain to the agent's list (Settings → Developer → Sandbox shows it) and runs the call.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { say, setMode, setWorkspace, waitForArmedCard } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    { toolCalls: [{ name: 'run', args: { command: 'curl -sS -m 3 https://example.org/ | head -c 200' } }] },
    { text: 'The fetch ran.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('run mode, contained: "Allow example.org for this agent" adds the domain and runs the command', async ({
  page,
}, info) => {
  const workspace = paddock.makeDir('project');
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'run');
  await say(page, 'Fetch the example page');

  const queue = page.getByRole('region', { name: 'Pending approvals' });
  await expect(queue).toContainText('curl reaches example.org');
  const allow = queue.getByRole('button', { name: 'Allow example.org for this agent' });
  await expect(allow).toBeVisible();
  await expect(queue.getByRole('button', { name: /^Approve/ })).toBeVisible();
  await waitForArmedCard(page);
  await page.screenshot({ path: info.outputPath('allow-domain-card.png'), fullPage: true });
  await allow.click();

  await expect(page.getByText('The fetch ran.')).toBeVisible();
  await expect(queue).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('allow-domain-ran.png'), fullPage: true });

  // The list that exists: Settings → Developer → Sandbox now holds the domain.
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await expect(page.getByLabel(/^Allowed domains for /).first()).toHaveValue('example.org');
  await expect(page.getByLabel('Sandbox', { exact: true }).getByText(/network only to example\.org/)).toBeVisible();
  await page.screenshot({ path: info.outputPath('allow-domain-settings.png'), fullPage: true });
});
