// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentView, RememberedCommandView } from '../../src/shared/ipc';

vi.mock('../../src/renderer/src/api', () => import('./apiMock'));
const { call } = await import('./apiMock');
const { DeveloperSettings } = await import('../../src/renderer/src/features/settings/DeveloperSettings');
const { useAgentsStore } = await import('../../src/renderer/src/stores/useAgentsStore');
const { useRememberedStore } = await import('../../src/renderer/src/stores/useRememberedStore');
const { useProcessesStore } = await import('../../src/renderer/src/stores/useProcessesStore');

function agent(overrides: Partial<AgentView>): AgentView {
  return {
    id: 'agent-1',
    name: 'Developer',
    handle: '@dev',
    provider: 'anthropic',
    model: 'claude',
    baseUrl: null,
    scopes: ['file_read', 'file_write', 'process'],
    mode: 'ask',
    acceptancePolicy: 'apply',
    maxOutputTokens: 8192,
    createdAt: '',
    workspace: {
      agentId: 'agent-1',
      directory: '/home/me/app',
      capturedPath: '/usr/bin',
      gitBinary: null,
      createdAt: '',
    },
    runsAnyCommand: false,
    vocabulary: [],
    hasApiKey: false,
    needsApiKey: false,
    defaultBaseUrl: { url: 'https://api.anthropic.com', variable: null },
    ...overrides,
  };
}

const remembered: RememberedCommandView = {
  id: 42,
  agentId: 'agent-1',
  agentHandle: '@dev',
  directory: '/home/me/app',
  argv: ['npm', 'test'],
  kind: 'prefix',
  createdAt: '',
  matches: '`npm` with subcommand `test`, and any words after it, in /home/me/app',
  lastUsedAt: null,
};

/** What Settings loads on its own (each agent's MCP servers and helpers, the accepted instruction files): none here. */
const OWN_LOADS: Record<string, unknown> = {
  'mcp.list': [],
  'instructions.pins': [],
  'delegation.helpers': { agentId: 'agent-1', helpers: [], candidates: [] },
  'tasks.setupScripts': [],
};
const LISTS = { has: (name: string) => name in OWN_LOADS };
const ownLoad = (name: string): unknown => OWN_LOADS[name];

/** Every call answers `value`, but for what Settings loads on its own. */
function answerWith(value: unknown): void {
  call.mockImplementation(async (name: string) => (LISTS.has(name) ? ownLoad(name) : value));
}

beforeEach(() => {
  call.mockReset();
  answerWith({ forgotten: true });
  useAgentsStore.setState({ agents: [agent({})], selectedId: 'agent-1' });
  useRememberedStore.setState({ commands: [remembered] });
  useProcessesStore.setState({ processes: [] });
});
afterEach(cleanup);

describe('Settings → Developer', () => {
  it('shows the warning sentence and the workspaces with each agent’s mode', () => {
    render(<DeveloperSettings />);
    expect(screen.getByText(/A developer agent runs code you did not write/)).toBeTruthy();
    const row = within(screen.getByRole('table', { name: 'Workspaces' })).getByRole('row', { name: /Developer/ });
    expect(row.textContent).toContain('/home/me/app');
    expect((screen.getByLabelText('Mode of Developer in settings') as HTMLSelectElement).value).toBe('ask');
  });

  it('lists each remembered rule with what it matches in words, its agent, directory and last use', () => {
    useRememberedStore.setState({
      commands: [
        remembered,
        {
          ...remembered,
          id: 43,
          kind: 'exact',
          argv: ['npm', 'run', 'e2e'],
          matches: 'exactly `npm run e2e` in /home/me/app',
          lastUsedAt: '2026-11-30T10:00:00.000Z',
        },
      ],
    });
    render(<DeveloperSettings />);
    const table = screen.getByRole('table', { name: 'Commands you allowed' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Runs without a card', 'Agent', 'Directory', 'Last used', 'Actions']);
    const prefix = within(table).getByRole('row', { name: /with subcommand/ });
    expect(prefix.textContent).toContain('`npm` with subcommand `test`, and any words after it, in /home/me/app');
    expect(prefix.textContent).toContain('@dev');
    expect(prefix.textContent).toContain('never');
    const exact = within(table).getByRole('row', { name: /exactly/ });
    expect(exact.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-30T10:00:00.000Z');
    expect(within(exact).getByRole('button', { name: 'Forget npm run e2e' })).toBeTruthy();
  });

  it('Forget calls remembered.forget and the command leaves the list', async () => {
    render(<DeveloperSettings />);
    const table = screen.getByRole('table', { name: 'Commands you allowed' });
    expect(table.textContent).toContain('`npm` with subcommand `test`');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Forget npm test' }));
    });
    expect(call).toHaveBeenCalledWith('remembered.forget', { id: 42 });
    expect(screen.queryByRole('table', { name: 'Commands you allowed' })).toBeNull();
  });

  it('uses the danger colour for an agent in run mode with the shell granted, as the core reports it', () => {
    useAgentsStore.setState({
      agents: [
        agent({ mode: 'run', scopes: ['file_read', 'shell'], runsAnyCommand: true }),
        agent({ id: 'agent-2', name: 'Reviewer', handle: '@rev', mode: 'run', runsAnyCommand: false }),
      ],
    });
    render(<DeveloperSettings />);
    const rows = within(screen.getByRole('table', { name: 'Workspaces' })).getAllByRole('row');
    const developer = rows.find((row) => row.textContent?.includes('Developer'));
    const reviewer = rows.find((row) => row.textContent?.includes('Reviewer'));
    expect(developer?.className).toContain('danger-row');
    expect(developer?.textContent).toContain('runs any command as you, without asking');
    expect(reviewer?.className ?? '').not.toContain('danger-row');
    expect(screen.getByRole('region', { name: 'Settings of Developer' }).className).toContain('danger-section');
  });

  it('a scope checkbox sends the whole new grant to agents.update', async () => {
    answerWith(agent({ scopes: ['file_read', 'file_write', 'process', 'git'] }));
    render(<DeveloperSettings />);
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Grant git to Developer'));
    });
    expect(call).toHaveBeenCalledWith('agents.update', {
      agentId: 'agent-1',
      scopes: ['file_read', 'file_write', 'process', 'git'],
    });
  });

  it('the API key field never shows a stored key', () => {
    useAgentsStore.setState({ agents: [agent({ hasApiKey: true })] });
    render(<DeveloperSettings />);
    const field = screen.getByLabelText('API key of Developer') as HTMLInputElement;
    expect(field.type).toBe('password');
    expect(field.value).toBe('');
    expect(field.placeholder).toContain('a key is stored');
  });

  it('saving the output bound confirms, and a value the core clamped (AC-10: 0 → 1) says so', async () => {
    call.mockImplementation(async (name: string, request: unknown) =>
      LISTS.has(name)
        ? ownLoad(name)
        : agent({ maxOutputTokens: Math.max(1, (request as { maxOutputTokens?: number }).maxOutputTokens ?? 8192) }),
    );
    render(<DeveloperSettings />);
    const input = screen.getByLabelText('Output bound of Developer');
    fireEvent.input(input, { target: { value: '0' } });
    await act(async () => {
      fireEvent.blur(input);
    });
    expect(screen.getByRole('status', { name: 'Saved settings of Developer' }).textContent).toBe(
      'Saved. 0 is outside 1–64000, so the output bound was clamped to 1 token.'.replace(
        '64000',
        String((await import('../../src/shared/domain')).OUTPUT_BOUND_MAX),
      ),
    );
  });

  it("a repository's setup script for tasks is saved with tasks.setSetupScript, and the core's list is shown", async () => {
    call.mockImplementation(async (name: string, request: unknown) =>
      name === 'tasks.setSetupScript' ? [request] : LISTS.has(name) ? ownLoad(name) : { forgotten: true },
    );
    render(<DeveloperSettings />);
    const entry = await screen.findByRole('group', { name: 'Setup script of /home/me/app' });
    const save = within(entry).getByRole('button', { name: 'Save setup script' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.input(within(entry).getByRole('textbox'), { target: { value: 'npm ci\n' } });
    await act(async () => {
      fireEvent.click(save);
    });
    expect(call).toHaveBeenCalledWith('tasks.setSetupScript', { repository: '/home/me/app', script: 'npm ci\n' });
    expect(within(entry).getByRole('status').textContent).toBe('Saved: new tasks of this repository run it.');
    expect(save.disabled).toBe(true);
  });
});
