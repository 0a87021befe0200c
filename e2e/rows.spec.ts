// Issue 17 item 3: a failing `npm test` reads red with its exit status and failing-tests count,
// and its output is shown once, as terminal text.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { makeNodeRepository } from './support/projects';
import { say, screenshot, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

const FAILING_TEST = `const test = require('node:test');
const assert = require('node:assert');
const { sum } = require('../sum.js');

test('sum adds two numbers', () => assert.strictEqual(sum(2, 3), 5));
test('sum is wrong on purpose', () => assert.strictEqual(sum(2, 2), 5));
`;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    { toolCalls: [{ name: 'run', args: { command: 'npm test' } }] },
    { text: 'One test fails.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync('e2e/screenshots', { recursive: true });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('a failing npm test is a red row with its exit status and failing count', async ({ page }) => {
  const workspace = makeNodeRepository(paddock.makeDir('project'));
  fs.writeFileSync(
    path.join(workspace, 'package.json'),
    JSON.stringify({ name: 'sample', version: '1.0.0', private: true, scripts: { test: 'node --test' } }, null, 2) +
      '\n',
  );
  fs.mkdirSync(path.join(workspace, 'test'));
  fs.writeFileSync(path.join(workspace, 'test', 'sum.test.js'), FAILING_TEST);
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await say(page, 'Run the tests');
  await expect(page.getByText('One test fails.')).toBeVisible({ timeout: 30_000 });

  const status = page.getByLabel('Status');
  await expect(status).toHaveText('exit 1 · 1 failing test');
  await expect(status).toHaveAttribute('data-outcome', 'exit-nonzero');
  // Red: the theme's danger colour behind the exit status.
  await expect(status).toHaveCSS('background-color', 'rgb(180, 35, 50)');

  await page.getByRole('button', { name: 'run npm test' }).click();
  const details = page.getByRole('region', { name: 'Details of run' });
  await expect(details.getByLabel('Output')).toContainText('sum is wrong on purpose');
  // Shown once: the output the window streamed is what the model was sent.
  await expect(details.getByLabel('Sent to the model')).toHaveCount(0);
  await expect(details.getByText('sum is wrong on purpose', { exact: false })).toHaveCount(1);
  await screenshot(page, 'rows-failing-npm-test');
});
