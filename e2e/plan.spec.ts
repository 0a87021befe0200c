// Plan mode in the window: "Plan first" in the composer makes one turn read-only (the model is sent
// only the reading tools), the agent's plan is a card with Approve / Revise, Revise sends the owner's
// words back in another plan turn, approving switches the agent's mode and pins the plan above the
// conversation, and the agent's task list is live in the side pane with a quiet row per change.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { screenshot, setMode, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

const READING = ['list', 'output', 'plan', 'preview', 'read', 'search', 'summarise', 'todo'];
const toolNames = (index: number): string[] =>
  ((model.requests[index]?.body.tools ?? []) as { name: string }[]).map((tool) => tool.name).sort();

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

test('a plan turn, its card, Revise, Approve into edit, the pinned plan and the task list', async ({ page }) => {
  const plan = { title: 'Add a greeting', steps: ['Write greet.txt with a hello'], files: ['greet.txt'], commands: [] };
  model = await startFakeModelServer([
    {
      toolCalls: [
        { name: 'todo', args: { action: 'add', text: 'Look at the folder' } },
        { name: 'todo', args: { action: 'add', text: 'Write the greeting' } },
      ],
    },
    { toolCalls: [{ name: 'plan', args: plan }] },
    {
      toolCalls: [
        {
          name: 'plan',
          args: { ...plan, steps: [...plan.steps, 'Say it in French too'], commands: ['cat greet.txt'] },
        },
      ],
    },
    {
      toolCalls: [
        { name: 'todo', args: { action: 'done', id: '1' } },
        { name: 'todo', args: { action: 'start', id: '2' } },
      ],
    },
    { toolCalls: [{ name: 'write', args: { path: 'greet.txt', content: 'hello\nbonjour\n' } }] },
    { toolCalls: [{ name: 'todo', args: { action: 'done', id: '2' } }] },
    { text: 'The greeting is written.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  const project = paddock.makeDir('project');

  await page.goto(paddock.url);
  await setWorkspace(page, project);
  await setMode(page, 'developer', 'edit');
  await page.getByRole('button', { name: 'Start a conversation' }).click();
  await page.getByRole('tab', { name: /^Tasks/ }).click();

  // One turn in plan mode, chosen in the composer.
  await page.getByLabel('Plan first').check();
  await page.getByLabel('Message to the agent').fill('Add a greeting file');
  await page.getByRole('button', { name: /^Plan/ }).click();
  const card = page.getByRole('article', { name: 'Plan: Add a greeting' });
  await expect(card).toContainText('Write greet.txt with a hello');
  await expect(card).toContainText('greet.txt');
  expect(toolNames(0)).toEqual(READING);
  expect(toolNames(1)).toEqual(READING);
  await expect(page.getByText('Task added: Write the greeting')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tasks' })).toContainText('2 open of 2');
  await expect(page.getByLabel('Mode of developer', { exact: true })).toHaveValue('edit');
  await screenshot(page, 'plan-card');

  await card.getByRole('button', { name: 'Revise' }).click();
  await card.getByLabel('What to change in the plan').fill('Also in French, please');
  await card.getByRole('button', { name: 'Send back to revise' }).click();
  const revised = page.getByRole('article', { name: 'Plan: Add a greeting' });
  await expect(revised).toContainText('Say it in French too');
  await expect(revised).toContainText('cat greet.txt');
  expect(toolNames(2)).toEqual(READING);
  expect(JSON.stringify(model.requests[2]!.body.messages)).toContain('Revise the plan: Also in French, please');
  await screenshot(page, 'plan-revised');

  await revised.getByRole('button', { name: 'Approve and switch to edit' }).click();
  await expect(page.getByText('The greeting is written.')).toBeVisible();
  expect(fs.readFileSync(`${project}/greet.txt`, 'utf8')).toBe('hello\nbonjour\n');
  expect(toolNames(3)).toEqual(expect.arrayContaining(['write', 'edit', 'run']));
  await expect(page.getByLabel('Mode of developer', { exact: true })).toHaveValue('edit');
  const pinned = page.getByRole('group', { name: 'Approved plan: Add a greeting' });
  await expect(pinned).toContainText('switched to edit');
  const tasks = page.getByRole('region', { name: 'Tasks' });
  await expect(tasks).toContainText('0 open of 2');
  await expect(tasks.getByLabel('Task 2: done')).toBeVisible();
  await expect(page.getByText('Task 2 done')).toBeVisible();
  await pinned.locator('summary').click();
  await expect(pinned).toContainText('Say it in French too');
  await screenshot(page, 'plan-approved-and-tasks');
});
