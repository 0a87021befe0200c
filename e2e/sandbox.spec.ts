// Issue 13 §4, §5 in the window: Settings → Developer says whether the agents' commands are
// contained, and with no sandbox says what their processes can read; "uncontained shell" is a
// per-agent opt-in said in red.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startPaddock, type RunningPaddock } from './support/paddockServer';

let paddock: RunningPaddock | null = null;

test.afterEach(async () => {
  if (!paddock) return;
  await paddock.stop();
  fs.rmSync(paddock.root, { recursive: true, force: true });
  paddock = null;
});

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await expect(page.getByRole('heading', { name: 'Settings → Developer' })).toBeVisible();
}

test('contained: the state line, and the uncontained shell opt-in in red', async ({ page }, info) => {
  paddock = await startPaddock();
  await page.goto(paddock.url);
  await openSettings(page);
  const state = page.getByLabel('Sandbox', { exact: true }).getByRole('status');
  await expect(state).toHaveText(/^contained: bubblewrap \S+, network off$/);
  await page.screenshot({ path: info.outputPath('sandbox-contained.png'), fullPage: true });

  // Controlled by the core's answer: click, then wait for the saved state.
  await page.getByLabel('Uncontained shell').first().click();
  await expect(page.getByLabel('Uncontained shell').first()).toBeChecked();
  await expect(page.getByText(/Uncontained shell: bash runs as you/)).toBeVisible();
  await expect(page.getByText(/Uncontained shell: bash runs as you/)).toHaveCSS(
    'color',
    /rgb\((180, 35, 50|255, 138, 148)\)/,
  );
  await page.screenshot({ path: info.outputPath('sandbox-uncontained-shell.png'), fullPage: true });

  // Saved in the core: a reload shows the same choice.
  await page.reload();
  await openSettings(page);
  await expect(page.getByLabel('Uncontained shell').first()).toBeChecked();
});

test('allowed domains per agent: saved, said in the line, bad entries refused', async ({ page }) => {
  paddock = await startPaddock();
  await page.goto(paddock.url);
  await openSettings(page);
  const shots = '/tmp/shots-sandbox';
  fs.mkdirSync(shots, { recursive: true });
  const field = page.getByLabel(/^Allowed domains for /).first();
  await expect(field).toHaveValue('');
  await page.screenshot({ path: `${shots}/domains-none.png`, fullPage: true });

  await field.fill('Registry.npmjs.org, *.pythonhosted.org');
  await page.getByRole('button', { name: 'Save domains' }).first().click();
  const sandbox = page.getByLabel('Sandbox', { exact: true });
  await expect(
    sandbox.getByText(
      /^contained: bubblewrap \S+, network only to registry\.npmjs\.org, \*\.pythonhosted\.org \(HTTP\/HTTPS through Paddock's proxy\)$/,
    ),
  ).toBeVisible();
  await expect(page.getByLabel(/^Allowed domains for /).first()).toHaveValue('registry.npmjs.org, *.pythonhosted.org');
  await page.screenshot({ path: `${shots}/domains-allowed.png`, fullPage: true });

  await page
    .getByLabel(/^Allowed domains for /)
    .first()
    .fill('localhost 127.0.0.1');
  await page.getByRole('button', { name: 'Save domains' }).first().click();
  await expect(page.getByRole('alert').filter({ hasText: /this machine|an address/ })).toBeVisible();
  await page.screenshot({ path: `${shots}/domains-refused.png`, fullPage: true });

  // Saved in the core: a reload shows the saved list, not the refused one.
  await page.reload();
  await openSettings(page);
  await expect(page.getByLabel(/^Allowed domains for /).first()).toHaveValue('registry.npmjs.org, *.pythonhosted.org');
});

test('not available: the cause, how to enable it, and what processes can read', async ({ page }, info) => {
  paddock = await startPaddock({ env: { PADDOCK_SANDBOX: 'off' } });
  await page.goto(paddock.url);
  await openSettings(page);
  const state = page.getByLabel('Sandbox', { exact: true }).getByRole('status');
  await expect(state).toHaveText(
    'not available: the sandbox was turned off by PADDOCK_SANDBOX=off; unset PADDOCK_SANDBOX=off and restart Paddock',
  );
  await expect(page.getByText(/can read Paddock's own environment/)).toBeVisible();
  await page.screenshot({ path: info.outputPath('sandbox-not-available.png'), fullPage: true });
});
