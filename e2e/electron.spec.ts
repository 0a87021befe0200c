// The Electron window as shipped. Electron's binary cannot be downloaded on machines without
// internet (ELECTRON_SKIP_BINARY_DOWNLOAD=1), so every test skips, saying why, when it is absent;
// wherever a binary exists they run. Chromium's sandbox stays on unless the tests run as root.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { makeNodeRepository } from './support/projects';
import { say, setMode, setWorkspace } from './support/window';

const { electronBinary } = require('../scripts/electronBinary.cjs') as { electronBinary(): string | null };

const binary = electronBinary();
const ROOT = path.resolve(__dirname, '..');
const SKIP =
  'no Electron binary here (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1); the web-host specs cover the same flows';

/** Electron's main process needs Electron's build of the native modules; the unit tests need Node's. */
function natives(runtime: 'node' | 'electron'): void {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-natives.mjs'), runtime], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`scripts/ensure-natives.mjs ${runtime} failed:\n${run.stdout}${run.stderr}`);
}

test.beforeAll(() => {
  if (binary) natives('electron');
});
test.afterAll(() => {
  if (binary) natives('node');
});

function tempRoot(): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-electron-')));
}

async function launch(root: string, env: NodeJS.ProcessEnv = {}): Promise<ElectronApplication> {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return electron.launch({
    executablePath: binary as string,
    args: [path.join(ROOT, 'out', 'main', 'index.js'), ...(asRoot ? ['--no-sandbox'] : [])],
    env: {
      ...process.env,
      PADDOCK_DATA_DIR: path.join(root, 'data'),
      HOME: path.join(root, 'home'),
      PADDOCK_SKIP_SETUP: '1',
      ...env,
    },
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('Electron: create an agent, set a workspace, change the mode', async () => {
  test.skip(binary === null, SKIP);
  const root = tempRoot();
  const workspace = path.join(root, 'project');
  fs.mkdirSync(workspace);
  const app = await launch(root);
  try {
    const page = await app.firstWindow();
    await page.getByRole('button', { name: 'New agent' }).click();
    await page.getByLabel('Name').fill('Developer');
    await page.getByRole('button', { name: 'Create agent' }).click();
    await page.getByLabel('Workspace directory').fill(workspace);
    await page.getByRole('button', { name: 'Set workspace' }).click();
    await expect(page.getByText('PATH captured for this workspace')).toBeVisible();
    await page.getByLabel('Mode of Developer', { exact: true }).selectOption('edit');
    await expect(page.getByText('every command asks')).toBeVisible();
    expect(await page.evaluate(() => typeof (globalThis as unknown as { require?: unknown }).require)).toBe(
      'undefined',
    );
  } finally {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("Electron: a task's worktree folder is picked in the host's folder dialog", async () => {
  test.skip(binary === null, SKIP);
  const root = tempRoot();
  const repository = makeNodeRepository(path.join(root, 'project'));
  const picked = path.join(root, 'picked');
  fs.mkdirSync(picked);
  const app = await launch(root);
  try {
    // The system dialog is the edge of the world: it answers with the folder the owner would pick,
    // and keeps the title it was opened with.
    await app.evaluate(({ dialog }, folder) => {
      const titles: string[] = [];
      (globalThis as unknown as { dialogTitles: string[] }).dialogTitles = titles;
      dialog.showOpenDialog = (async (...args: unknown[]) => {
        titles.push((args.at(-1) as { title?: string }).title ?? '');
        return { canceled: false, filePaths: [folder] };
      }) as typeof dialog.showOpenDialog;
    }, picked);
    const page = await app.firstWindow();
    await page.getByRole('button', { name: 'New agent' }).click();
    await page.getByLabel('Name').fill('Developer');
    await page.getByRole('button', { name: 'Create agent' }).click();
    await setWorkspace(page, repository);
    await page.getByRole('button', { name: 'New task' }).click();
    const form = page.getByRole('form', { name: 'New task' });
    await form.getByLabel('Name').fill('picked-task');
    await form.getByRole('button', { name: 'Choose folder…' }).click();
    await expect(form.getByLabel('Worktree folder')).toHaveValue(picked);
    await form.getByRole('button', { name: 'Start task' }).click();
    await expect(page.getByRole('button', { name: 'Task picked-task' })).toBeVisible();
    expect(fs.existsSync(path.join(picked, 'picked-task', 'sum.js'))).toBe(true);
    expect(await app.evaluate(() => (globalThis as unknown as { dialogTitles: string[] }).dialogTitles)).toEqual([
      'Choose where the task’s worktree goes',
    ]);
  } finally {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('Electron: the window comes from app://paddock/ and its CSP is in effect', async () => {
  test.skip(binary === null, SKIP);
  const root = tempRoot();
  const app = await launch(root);
  try {
    const page = await app.firstWindow();
    await expect(page.getByRole('button', { name: 'New agent' })).toBeVisible();
    expect(page.url()).toBe('app://paddock/index.html');
    // The header the app:// handler sent, as the page itself fetches it. (Strings: the spec has no DOM types.)
    const header = (await page.evaluate(
      "fetch(location.href).then((response) => response.headers.get('content-security-policy'))",
    )) as string | null;
    expect(header).toContain("script-src 'self'");
    expect(header).toContain("object-src 'none'");
    // The policy in effect: an inline script is refused, and the refusal is reported.
    const outcome = (await page.evaluate(`new Promise((resolve) => {
      let violated = null;
      document.addEventListener('securitypolicyviolation', (event) => { violated = event.violatedDirective; }, { once: true });
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.appendChild(script);
      setTimeout(() => resolve({ ran: window.__inlineRan === true, violated }), 200);
    })`)) as { ran: boolean; violated: string | null };
    expect(outcome.ran).toBe(false);
    expect(outcome.violated).toMatch(/^script-src/);
    // Nothing navigates the window away from the app.
    await page.evaluate("location.href = 'https://example.com/'");
    await page.waitForTimeout(300);
    expect(page.url()).toBe('app://paddock/index.html');
  } finally {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});

const SERVER = `const http = require('node:http');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
fs.writeFileSync('pids.txt', process.pid + ' ' + child.pid);
http.createServer((req, res) => res.end('<!doctype html><title>App</title><h1>Hello</h1>'))
  .listen(0, '127.0.0.1', function () { console.log('listening on ' + this.address().port); });
`;

test('Electron: no process the agent started outlives the app', async () => {
  test.skip(binary === null, SKIP);
  const model: FakeModelServer = await startFakeModelServer([
    { toolCalls: [{ name: 'start', args: { name: 'web', command: 'node server.js' } }] },
    { text: 'The server is up.' },
  ]);
  const root = tempRoot();
  const workspace = path.join(root, 'project');
  fs.mkdirSync(workspace);
  fs.writeFileSync(path.join(workspace, 'server.js'), SERVER);
  const app = await launch(root, { ANTHROPIC_BASE_URL: model.url });
  let closed = false;
  try {
    const page = await app.firstWindow();
    await setWorkspace(page, workspace);
    await setMode(page, 'developer', 'run');
    await say(page, 'Start the app');
    await expect(page.getByText('The server is up.')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => fs.existsSync(path.join(workspace, 'pids.txt')), { timeout: 15_000 }).toBe(true);
    const [server, grandchild] = fs.readFileSync(path.join(workspace, 'pids.txt'), 'utf8').split(' ').map(Number);
    expect(alive(server!) && alive(grandchild!)).toBe(true);
    const main = app.process();
    await app.close();
    closed = true;
    expect(main.exitCode ?? main.signalCode).not.toBeNull();
    await expect.poll(() => alive(server!) || alive(grandchild!), { timeout: 15_000 }).toBe(false);
  } finally {
    if (!closed) await app.close();
    await model.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
