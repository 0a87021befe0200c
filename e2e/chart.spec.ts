// Issue 17 item 5: the failing-tests chart is a real chart — labelled axes, dates, values,
// pass/fail marks — with the runs listed below it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { makeNodeRepository } from './support/projects';
import { say, screenshot, setWorkspace } from './support/window';

const FAILING = `const test = require('node:test');
const assert = require('node:assert');
test('one', () => assert.strictEqual(1, 2));
test('two', () => assert.strictEqual(1, 1));
`;
const PASSING = `const test = require('node:test');
test('one', () => {});
test('two', () => {});
`;

let model: FakeModelServer;
let paddock: RunningPaddock;
let workspace = '';

test.beforeEach(async () => {
  model = await startFakeModelServer((_request, index) => {
    if (index === 0) return { toolCalls: [{ name: 'run', args: { command: 'npm test' } }] };
    if (index === 1) {
      // The agent fixes the test between the two runs.
      fs.writeFileSync(path.join(workspace, 'test', 'a.test.js'), PASSING);
      return { toolCalls: [{ name: 'run', args: { command: 'npm test' } }] };
    }
    return { text: 'Fixed: nothing fails now.' };
  });
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync('e2e/screenshots', { recursive: true });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('the failing-tests chart has labelled axes, pass and fail marks, and the runs listed below', async ({ page }) => {
  workspace = makeNodeRepository(paddock.makeDir('project'));
  fs.writeFileSync(
    path.join(workspace, 'package.json'),
    JSON.stringify({ name: 'sample', private: true, scripts: { test: 'node --test' } }, null, 2),
  );
  fs.mkdirSync(path.join(workspace, 'test'));
  fs.writeFileSync(path.join(workspace, 'test', 'a.test.js'), FAILING);
  await page.goto(paddock.url);
  await page.setViewportSize({ width: 1400, height: 900 });
  await setWorkspace(page, workspace);
  await say(page, 'Fix the tests');
  await expect(page.getByText('Fixed: nothing fails now.')).toBeVisible({ timeout: 60_000 });

  await page.getByRole('tab', { name: 'Summary' }).click();
  const chart = page.getByRole('img', { name: 'History of failing tests, 2 runs' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-label', { hasText: 'Failing tests' })).toBeVisible();
  await expect(chart.locator('.recharts-label', { hasText: 'Test run (date)' })).toBeVisible();
  // Values on the y axis, dates (with their time) on the x axis.
  await expect(chart.getByText('1', { exact: true }).first()).toBeVisible();
  await expect(chart).toContainText(/\d{1,2}:\d{2}/);
  await expect(chart.locator('.chart-mark-fail')).toHaveCount(1);
  await expect(chart.locator('.chart-mark-pass')).toHaveCount(1);
  const runs = page.getByRole('list', { name: 'Test runs' }).getByRole('listitem');
  await expect(runs).toHaveCount(2);
  await expect(runs.nth(0)).toContainText('passed: 0 failing');
  await expect(runs.nth(1)).toContainText('1 failing');
  await screenshot(page, 'chart-failing-tests');
});
