// Issue 23 §1: a newcomer's first start is a short guided setup. A bad key is named in a sentence,
// the right key against the fake provider succeeds (one real request to its models endpoint), and
// the conversation that follows uses that key. Sending with no key is never silent.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { makeNodeRepository } from './support/projects';
import { say } from './support/window';

const SHOTS = '/tmp/shots-design';
let model: FakeModelServer;
let paddock: RunningPaddock;

test.afterEach(async () => {
  await paddock.stop();
  await model?.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

test('first run: folder facts, a bad key named, the right key tested, then a conversation with it', async ({
  page,
}) => {
  model = await startFakeModelServer([{ text: 'Hello from the **fake** model.' }], {
    apiKey: 'sk-right-key',
    models: ['claude-sonnet-5-5', 'claude-haiku-5-5'],
  });
  paddock = await startPaddock({ firstRun: true, env: { ANTHROPIC_BASE_URL: model.url } });
  const workspace = makeNodeRepository(paddock.makeDir('projects/shop'));
  fs.mkdirSync(path.join(paddock.root, 'projects', 'shipping'));
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(paddock.url);

  await expect(page.getByRole('heading', { name: 'Set up Paddock' })).toBeVisible();
  // The web host has no folder dialog: the path completes as it is typed, and the folder says what it holds.
  const folder = page.getByLabel('Folder');
  await folder.fill(path.join(paddock.root, 'projects', 'sh'));
  await expect(page.locator('#first-run-folder-completions option')).toHaveCount(2);
  await expect(page.locator('#first-run-folder-completions option').last()).toHaveAttribute('value', workspace);
  await folder.fill(workspace);
  await expect(page.locator('#first-run-folder-facts')).toHaveText('git branch main · JavaScript · 2 files, 1 kB');
  await shot(page, 'first-run-workspace-light-1024');
  await page.getByRole('button', { name: 'Use this folder' }).click();

  // Model and key: the provider refuses a wrong key, and the window says so in one sentence.
  await expect(page.getByRole('region', { name: 'Model and key' })).toBeVisible();
  await page.getByLabel('API key').fill('sk-wrong-key');
  await page.getByRole('button', { name: 'Test connection' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toHaveText(
    `${model.url} refused this API key (401): check that it was copied whole and belongs to anthropic.`,
  );
  await shot(page, 'first-run-bad-key-light-1024');
  await page.getByLabel('API key').fill('sk-right-key');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Connected to ${model.url}: the key works and claude-sonnet-5-5 is available.`,
  );
  await shot(page, 'first-run-key-ok-light-1024');
  await page.getByRole('button', { name: 'Continue' }).click();

  // The mode, each in one line with its danger.
  await expect(page.getByRole('group', { name: 'How free is developer?' })).toBeVisible();
  // Run mode is told as this machine decides it: contained by the sandbox, or by the run list without one.
  await expect(
    page.getByText(
      /^(The project’s own code runs without asking, contained: it writes only this folder, and checkpoints let you undo\.|Tests and builds run the project’s own code as you, without asking\.)$/,
    ),
  ).toBeVisible();
  await page.getByRole('radio', { name: /^edit/ }).click();
  await expect(page.getByRole('radio', { name: /^edit/ })).toBeChecked();
  await shot(page, 'first-run-mode-light-1024');
  await page.getByRole('button', { name: 'Finish setup' }).click();

  // Past the setup: the agent has its folder and mode, and the conversation uses the tested key.
  await expect(page.getByRole('heading', { name: 'No conversation yet' })).toBeVisible();
  await expect(page.getByLabel('Mode of developer', { exact: true })).toHaveValue('edit');
  await say(page, 'Say hello');
  await expect(page.getByText('fake', { exact: true })).toBeVisible();
  const sent = model.requests.find((request) => request.path.endsWith('/messages'))?.headers;
  expect(sent?.['x-api-key'] ?? sent?.authorization).toMatch(/^(Bearer )?sk-right-key$/);
  await shot(page, 'first-run-conversation-light-1024');

  // Done is remembered: a reload goes straight to the window, and Settings reopens the setup.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'developer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Set up Paddock' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Settings → Developer' }).click();
  await page.getByRole('button', { name: 'Run the guided setup again' }).click();
  await expect(page.getByRole('heading', { name: 'Set up Paddock' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip setup' }).click();
  await expect(page.getByRole('heading', { name: 'Set up Paddock' })).toHaveCount(0);
});

test('no key where the provider needs one: the composer says what is missing and links to the fix', async ({
  page,
}) => {
  // No base URL of its own: the agent would talk to the provider's real service, which needs a key.
  paddock = await startPaddock({ firstRun: true });
  const workspace = paddock.makeDir('project');
  await page.goto(paddock.url);
  await page.getByRole('button', { name: 'Skip setup' }).click();
  await page.getByLabel('Workspace directory').fill(workspace);
  await page.getByRole('button', { name: 'Set workspace' }).click();
  await page.getByRole('button', { name: 'Start a conversation' }).click();
  const missing = page.getByRole('alert').filter({ hasText: 'has no API key' });
  await expect(missing).toHaveText(/developer has no API key, so anthropic would refuse every message\./);
  await page.getByLabel('Message to the agent').fill('Hello?');
  await expect(page.getByRole('button', { name: /^Send/ })).toBeDisabled();
  await shot(page, 'composer-no-key-light-1024');
  await missing.getByRole('button', { name: 'Add a key and test it' }).click();
  await expect(page.getByRole('region', { name: 'Model and key' })).toBeVisible();
  await expect(page.getByLabel('API key')).toBeVisible();
});
