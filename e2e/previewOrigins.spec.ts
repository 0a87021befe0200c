// Issue 14 §1, "each preview gets its own origin", in a real browser: the agent starts two dev
// servers, web and web2, and the owner looks at both in the Preview pane (so Chromium holds a session
// for each). web's page then tries to read web2's preview every way a page can — a fetch with the
// browser's cookies (web2 even allows any origin with credentials), a frame, a socket — and gets nothing.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { say, setMode, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;
const SHOTS = process.env.PADDOCK_SHOTS_DIR ?? 'e2e/screenshots';

test.beforeEach(async () => {
  model = await startFakeModelServer([
    { toolCalls: [{ name: 'start', args: { name: 'web2', command: 'node app.js web2' } }] },
    { toolCalls: [{ name: 'start', args: { name: 'web', command: 'node app.js web' } }] },
    { toolCalls: [{ name: 'preview', args: { name: 'web2' } }] },
    { text: 'Both apps are up.' },
  ]);
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url } });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

async function showInPane(page: Page, name: string): Promise<string> {
  const panel = page.getByRole('tabpanel', { name: 'Preview' });
  await panel.getByLabel('Preview process').selectOption(name);
  const show = panel.getByRole('button', { name: /^(Show preview|Reload)$/ });
  await show.click();
  const frame = page.locator(`iframe[title="Preview of ${name}"]`);
  await expect(frame).toBeVisible({ timeout: 20_000 });
  return (await frame.getAttribute('src')) ?? '';
}

test("one preview's page cannot read another's: each preview is an origin of its own", async ({ page }) => {
  const workspace = paddock.makeDir('project');
  fs.copyFileSync(path.join(__dirname, 'fixtures', 'crossPreviewApp.js'), path.join(workspace, 'app.js'));
  await page.goto(paddock.url);
  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'run');
  await say(page, 'Start both apps');
  await expect(page.getByText('Both apps are up.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Preview' }).click();

  // The owner looks at web2: Chromium now holds web2's preview session.
  const web2Src = await showInPane(page, 'web2');
  await expect(page.frameLocator('iframe[title="Preview of web2"]').getByText('web2-secret-4f9c')).toBeVisible({
    timeout: 20_000,
  });
  await page.screenshot({ path: path.join(SHOTS, 'preview-origins-web2.png'), fullPage: true });
  const web2 = new URL(web2Src);
  const target = `${web2.origin}${web2.pathname}`;
  fs.writeFileSync(path.join(workspace, 'target.txt'), target);

  // Then at web, whose page goes after web2's preview.
  const webSrc = await showInPane(page, 'web');
  const webOrigin = new URL(webSrc).origin;
  expect(webOrigin).not.toBe(web2.origin);
  expect(webOrigin).not.toBe(paddock.origin);
  expect(web2.origin).not.toBe(paddock.origin);
  await expect(page.frameLocator('iframe[title="Preview of web"]').getByText('finished')).toBeVisible({
    timeout: 30_000,
  });
  await page.screenshot({ path: path.join(SHOTS, 'preview-origins-web.png'), fullPage: true });

  const report = JSON.parse(fs.readFileSync(path.join(workspace, 'report.json'), 'utf8')) as Record<string, string>;
  expect(report.target).toBe(target);
  expect(report.own).toBe('own preview readable');
  // The fetch is refused by web2's listener (another origin's page), whatever CORS web2 allows.
  expect(report.fetch).not.toContain('web2-secret-4f9c');
  expect(report.fetch).toMatch(/^(blocked|403 )/);
  // A frame of web2's preview loads, but it is another origin: its document cannot be read.
  expect(report.frame).toBe('blocked: SecurityError');
  // web2's socket is refused at the handshake.
  expect(report.socket).toBe('refused');
});
