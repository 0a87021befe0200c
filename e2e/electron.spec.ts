// The same first slice in the Electron window. Electron's binary cannot be downloaded on machines
// without internet (ELECTRON_SKIP_BINARY_DOWNLOAD=1), so the spec skips, saying why, when it is absent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

const { electronBinary } = require('../scripts/electronBinary.cjs') as { electronBinary(): string | null };

const binary = electronBinary();

test('Electron: create an agent, set a workspace, change the mode', async () => {
  test.skip(binary === null, 'no Electron binary here (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1); the web-host specs cover the same flows');
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-electron-')));
  const workspace = path.join(root, 'project');
  fs.mkdirSync(workspace);
  const app = await electron.launch({
    executablePath: binary as string,
    args: [path.resolve(__dirname, '..', 'out', 'main', 'index.js'), '--no-sandbox'],
    env: { ...process.env, PADDOCK_DATA_DIR: path.join(root, 'data'), HOME: path.join(root, 'home') },
  });
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
    expect(await page.evaluate(() => typeof (globalThis as unknown as { require?: unknown }).require)).toBe('undefined');
  } finally {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
});
