// @vitest-environment jsdom
// Settings → Models (issue 16): the editor sends only what differs from the built-in table, an empty
// field as null for the core to name, and shows the core's refusal as it is.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelTablesView } from '../../src/shared/domain';

vi.mock('../../src/renderer/src/api', () => import('./apiMock'));
const { call, CallError } = await import('./apiMock');
const { ModelTablesSettings } = await import('../../src/renderer/src/features/settings/ModelTablesSettings');
const { useModelTablesStore } = await import('../../src/renderer/src/stores/useModelTablesStore');

const SONNET = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
const VIEW: ModelTablesView = {
  rows: [
    { prefix: 'claude-sonnet', builtInWindow: 200_000, builtInPrice: SONNET, contextWindow: 200_000, price: SONNET },
    { prefix: 'gpt-4o', builtInWindow: 128_000, builtInPrice: null, contextWindow: 64_000, price: null },
  ],
  overrides: { contextWindows: { 'gpt-4o': 64_000 }, prices: {} },
};

beforeEach(() => {
  call.mockReset();
  call.mockImplementation(async (name: string) =>
    name === 'models.tables' || name === 'models.setOverrides' ? VIEW : {},
  );
  useModelTablesStore.setState({ view: null });
});
afterEach(cleanup);

async function shown(): Promise<HTMLElement> {
  render(<ModelTablesSettings />);
  const table = await screen.findByRole('table', { name: 'Model context windows and prices' });
  // The rows are the draft made from the core's tables, which follows them (an effect).
  await within(table).findByRole('row', { name: /claude-sonnet/ });
  return table;
}

describe('Settings → Models', () => {
  it('marks built-in rows and the owner’s, and sends only what differs from the built-in table', async () => {
    const table = await shown();
    expect(within(table).getByRole('row', { name: /claude-sonnet/ }).textContent).toContain('built in');
    expect(within(table).getByRole('row', { name: /gpt-4o/ }).textContent).toContain('your setting');
    fireEvent.input(screen.getByLabelText('Output price of claude-sonnet'), { target: { value: '16' } });
    fireEvent.input(screen.getByLabelText('New model prefix'), { target: { value: 'local-coder' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.input(screen.getByLabelText('Context window of local-coder'), { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save model tables' })));
    expect(call).toHaveBeenCalledWith('models.setOverrides', {
      contextWindows: { 'gpt-4o': 64_000 },
      prices: { 'claude-sonnet': { input: 3, output: 16, cacheRead: 0.3, cacheWrite: 3.75 } },
    });
  });

  it('sends an emptied field as null and shows the core’s sentence', async () => {
    call.mockImplementation(async (name: string) => {
      if (name === 'models.setOverrides')
        throw new CallError(
          'refused',
          'refused: the context window of gpt-4o must be a whole number of tokens from 1,024 to 10,000,000',
        );
      return VIEW;
    });
    await shown();
    fireEvent.input(screen.getByLabelText('Context window of gpt-4o'), { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save model tables' })));
    expect(call).toHaveBeenCalledWith('models.setOverrides', { contextWindows: { 'gpt-4o': null }, prices: {} });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'refused: the context window of gpt-4o must be a whole number of tokens from 1,024 to 10,000,000',
    );
  });
});
