// Steps an owner takes in the window, shared by the specs.
import { expect, type Page } from '@playwright/test';

export async function setWorkspace(page: Page, directory: string): Promise<void> {
  await page.getByLabel('Workspace directory').fill(directory);
  await page.getByRole('button', { name: 'Set workspace' }).click();
  await expect(page.getByText('PATH captured for this workspace')).toBeVisible();
}

export async function setMode(page: Page, agentName: string, mode: 'ask' | 'edit' | 'run'): Promise<void> {
  await page.getByLabel(`Mode of ${agentName}`, { exact: true }).selectOption(mode);
  await expect(page.getByLabel(`Mode of ${agentName}`, { exact: true })).toHaveValue(mode);
}

export async function say(page: Page, text: string): Promise<void> {
  const startButton = page.getByRole('button', { name: 'Start a conversation' });
  if (await startButton.isVisible()) await startButton.click();
  const input = page.getByLabel('Message to the agent');
  await input.fill(text);
  // A turn still finishing shows Stop, and Enter there would send into that turn (Send now): wait
  // for it to end, so the message opens a turn of its own.
  await expect(page.getByRole('button', { name: /^Stop/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Send/ })).toBeEnabled();
  await input.press('Enter');
}

/** Answers the first pending card with its key once the card is armed (its buttons enable after 500 ms), from outside any input. */
export async function answerWithKey(page: Page, key: 'y' | 'n'): Promise<void> {
  const queue = page.getByRole('region', { name: 'Pending approvals' });
  await expect(queue).toBeVisible();
  await page.evaluate('document.activeElement && document.activeElement.blur()');
  await waitForArmedCard(page);
  await page.keyboard.press(key);
}

/** Waits until the first card takes answers: its Deny button is enabled once it has been visible 500 ms. */
export async function waitForArmedCard(page: Page): Promise<void> {
  const queue = page.getByRole('region', { name: 'Pending approvals' });
  await expect(queue.getByRole('button', { name: /^Deny/ })).toBeEnabled();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}
