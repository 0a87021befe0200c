// Issue 14 §1 in a real browser: the whole chain an attacker ran through a page in the Preview pane,
// each step refused. The agent (run mode, no card) starts a dev server and previews it; its page asks
// Chromium to send every cookie it holds for 127.0.0.1 to the app's own port, and the app replays
// them to the owner's socket with a forged Origin, then tries to grant the shell and move the base URL.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { startFakeModelServer, type FakeModelServer } from '../test/support/fakeModelServer';
import { startPaddock, type RunningPaddock } from './support/paddockServer';
import { answerWithKey, say, setMode, setWorkspace } from './support/window';

let model: FakeModelServer;
let paddock: RunningPaddock;

test.beforeEach(async () => {
  model = await startFakeModelServer([
    { toolCalls: [{ name: 'start', args: { name: 'web', command: 'node server.js' } }] },
    { toolCalls: [{ name: 'preview', args: { name: 'web' } }] },
    { text: 'Preview is up.' },
  ]);
  // The web host's own defence, proved alone: in the OS sandbox the dev server could not even reach
  // the window's port (its network namespace has no host loopback), so this runs uncontained and the
  // owner approves the start card that containment's absence asks (issue 13 §4).
  paddock = await startPaddock({ env: { ANTHROPIC_BASE_URL: model.url, PADDOCK_SANDBOX: 'off' } });
});

test.afterEach(async () => {
  await paddock.stop();
  await model.close();
  fs.rmSync(paddock.root, { recursive: true, force: true });
});

type Attack = {
  cookies: string[];
  page: Record<string, string>;
  socket: { status: number; closeCode: number | null; closeReason?: string; replies: unknown[] } | null;
};

/** The owner's own view of the agents, over a socket opened with the token (as the window does). */
async function ownerAgents(
  origin: string,
  token: string,
): Promise<Array<{ id: string; scopes: string[]; baseUrl: string | null }>> {
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/api`, ['paddock.v1', `paddock.token.${token}`], {
    headers: { origin },
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const reply = await new Promise<{
    result: { ok: boolean; value: Array<{ id: string; scopes: string[]; baseUrl: string | null }> };
  }>((resolve) => {
    ws.on('message', (data) => {
      const parsed = JSON.parse(data.toString());
      if (parsed.id === 1) resolve(parsed);
    });
    ws.send(JSON.stringify({ id: 1, call: 'agents.list', request: {} }));
  });
  ws.close();
  return reply.result.value.map(({ id, scopes, baseUrl }) => ({ id, scopes, baseUrl }));
}

test("a preview page cannot take over the owner's session: every step of the chain is refused", async ({ page }) => {
  const token = new URL(paddock.url).searchParams.get('token') ?? '';
  const workspace = paddock.makeDir('project');
  fs.copyFileSync(path.join(__dirname, 'fixtures', 'takeoverApp.js'), path.join(workspace, 'server.js'));
  // The attacker knows the window's port (any local process can list the listeners).
  fs.writeFileSync(path.join(workspace, 'window-port.txt'), new URL(paddock.origin).port);

  await page.goto(paddock.url);
  // Step 0: the token left the address bar and is in no cookie; only this origin's sessionStorage holds it.
  await expect(page.getByRole('button', { name: /developer/ }).first()).toBeVisible();
  await expect.poll(() => page.url()).not.toContain(token);
  // Kept with this tab's own key (window.name), so a tab another page opens cannot use a copy of it.
  const stored = JSON.parse((await page.evaluate("sessionStorage.getItem('paddock.token')")) as string) as {
    tab: string;
    token: string;
  };
  expect(stored.token).toBe(token);
  expect(await page.evaluate('window.name')).toBe(`paddock-tab:${stored.tab}`);
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.value)).not.toContain(token);
  expect(cookies.map((cookie) => cookie.name).filter((name) => name.startsWith('paddock_session'))).toEqual([]);
  const before = await ownerAgents(paddock.origin, token);

  await setWorkspace(page, workspace);
  await setMode(page, 'developer', 'run');
  await say(page, 'Start the app and show it to me');
  await answerWithKey(page, 'y');
  await expect(page.getByText('Preview is up.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Preview' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Preview' });
  if (await panel.getByRole('button', { name: 'Show preview' }).isVisible())
    await panel.getByRole('button', { name: 'Show preview' }).click();
  await expect(page.frameLocator('iframe[title="Preview of web"]').getByText('finished')).toBeVisible({
    timeout: 30_000,
  });

  const read = (): Attack => JSON.parse(fs.readFileSync(path.join(workspace, 'attack.json'), 'utf8')) as Attack;
  await expect.poll(() => read().socket !== null && read().page.done === 'yes', { timeout: 20_000 }).toBe(true);
  const attack = read();
  fs.mkdirSync('e2e/screenshots', { recursive: true });
  await page.screenshot({ path: 'e2e/screenshots/preview-takeover-refused.png', fullPage: true });

  // Step 1: the page cannot read the window: not its storage, not its document (another origin).
  expect(attack.page.parentStorage).toMatch(/^blocked/);
  expect(attack.page.parentDocument).toMatch(/^blocked/);
  // Step 2: the browser did send cookies to the app's port (cookies ignore ports), but none is a key.
  expect(attack.cookies.length).toBeGreaterThan(0);
  for (const header of attack.cookies) {
    expect(header).not.toContain(token);
    expect(header).not.toMatch(/paddock_session/);
  }
  // Step 3: replayed with a forged Origin, every cookie value offered as a token: the socket is closed
  // with the refusal (4401) before a single call is answered.
  expect(attack.socket?.closeCode).toBe(4401);
  expect(attack.socket?.replies).toEqual([]);
  // Step 4: the page's own socket (Origin: the preview's) is refused at the handshake.
  expect(attack.page.pageSocket).not.toBe('open');
  // Step 5: nothing changed: no shell scope granted, the base URL not moved.
  expect(await ownerAgents(paddock.origin, token)).toEqual(before);
});
