// @vitest-environment jsdom
// The first run's key step and Settings' provider form as a newcomer meets them: where the key goes
// with the Base URL empty, what a failed test leaves behind, the key-destination question in view,
// and a "Saved." that survives the save.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentView } from '../../src/shared/ipc';

vi.mock('../../src/renderer/src/api', () => import('./apiMock'));
const { call, CallError } = await import('./apiMock');
const { ProviderStep } = await import('../../src/renderer/src/features/setup/ProviderStep');
const { ProviderSettings } = await import('../../src/renderer/src/features/settings/ProviderSettings');
const { AgentSettingsSection } = await import('../../src/renderer/src/features/settings/AgentSettingsSection');
const { useAgentsStore } = await import('../../src/renderer/src/stores/useAgentsStore');

function agent(overrides: Partial<AgentView> = {}): AgentView {
  return {
    id: 'agent-1',
    name: 'developer',
    handle: '@dev',
    provider: 'anthropic',
    model: 'claude-sonnet-5-5',
    baseUrl: null,
    scopes: [],
    mode: 'ask',
    acceptancePolicy: 'apply',
    maxOutputTokens: 8192,
    createdAt: '',
    workspace: null,
    runsAnyCommand: false,
    vocabulary: [],
    hasApiKey: false,
    needsApiKey: false,
    defaultBaseUrl: { url: 'http://127.0.0.1:9999', variable: 'ANTHROPIC_BASE_URL' },
    ...overrides,
  };
}

const scrolled = vi.fn();
beforeEach(() => {
  call.mockReset();
  Element.prototype.scrollIntoView = scrolled;
  scrolled.mockReset();
  useAgentsStore.setState({ agents: [agent()], selectedId: 'agent-1' });
});
afterEach(cleanup);

describe('the first run’s key step', () => {
  it('says where the key goes when the Base URL is empty and the environment names an address', () => {
    render(<ProviderStep agent={agent()} onDone={() => undefined} />);
    const field = screen.getByLabelText('Base URL') as HTMLInputElement;
    expect(field.placeholder).toBe('http://127.0.0.1:9999 (from ANTHROPIC_BASE_URL)');
    expect(
      screen.getByText(
        /Left empty, the conversation and the key go to http:\/\/127\.0\.0\.1:9999, set by ANTHROPIC_BASE_URL/,
      ),
    ).toBeTruthy();
  });

  it("names the provider's own service when nothing else is set", () => {
    render(
      <ProviderStep
        agent={agent({ defaultBaseUrl: { url: 'https://api.anthropic.com', variable: null } })}
        onDone={() => undefined}
      />,
    );
    expect((screen.getByLabelText('Base URL') as HTMLInputElement).placeholder).toBe(
      "https://api.anthropic.com (the provider's own)",
    );
  });

  it('after a failed test, the tried key leaves the field, Continue is no longer the primary action, and Continue stores nothing', async () => {
    const onDone = vi.fn();
    call.mockImplementation(async (name: string) => {
      if (name === 'agents.testConnection')
        return {
          ok: false,
          problem: 'bad-key',
          sentence: 'http://127.0.0.1:9999 refused this API key (401).',
          baseUrl: 'http://127.0.0.1:9999',
        };
      return agent();
    });
    render(<ProviderStep agent={agent()} onDone={onDone} />);
    const key = screen.getByLabelText('API key') as HTMLInputElement;
    fireEvent.input(key, { target: { value: 'sk-wrong' } });
    expect(screen.getByRole('button', { name: 'Continue' }).className).toContain('primary');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    });
    expect(screen.getByRole('alert').textContent).toContain('refused this API key');
    expect(key.value).toBe('');
    expect(key.placeholder).toMatch(/not kept/);
    expect(screen.getByRole('button', { name: /^Continue/ }).className).not.toContain('primary');
    expect(screen.getByRole('button', { name: 'Test connection' }).className).toContain('primary');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^Continue/ }));
    });
    expect(call).not.toHaveBeenCalledWith('agents.setApiKey', expect.anything());
    expect(onDone).toHaveBeenCalled();
  });
});

describe('Settings → provider', () => {
  it('has no two buttons of the same name', () => {
    render(<ProviderSettings agent={agent({ hasApiKey: true })} />);
    const names = screen.getAllByRole('button').map((button) => button.textContent);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('Save connection');
  });

  it('says where the key goes with the Base URL empty', () => {
    render(<ProviderSettings agent={agent()} />);
    expect((screen.getByLabelText('Base URL of developer') as HTMLInputElement).placeholder).toBe(
      'http://127.0.0.1:9999 (from ANTHROPIC_BASE_URL)',
    );
  });

  it('brings the key-destination question into view and focuses it, and says "Saved." once confirmed', async () => {
    let confirmed = false;
    call.mockImplementation(async (name: string, request: unknown) => {
      if (name === 'mcp.list') return [];
      if (name === 'delegation.helpers') return { agentId: 'agent-1', helpers: [], candidates: [] };
      if (name === 'agents.update') {
        const asked = request as { confirmKeyTo?: string; baseUrl?: string | null };
        if (!asked.confirmKeyTo)
          throw new CallError(
            'conflict',
            'A key is stored for developer; saving sends that key to http://127.0.0.1:4444.',
          );
        confirmed = true;
        return agent({ hasApiKey: true, baseUrl: asked.baseUrl ?? null });
      }
      return agent({ hasApiKey: true });
    });
    useAgentsStore.setState({ agents: [agent({ hasApiKey: true })], selectedId: 'agent-1' });
    const { rerender } = render(<AgentSettingsSection agent={agent({ hasApiKey: true })} />);
    fireEvent.input(screen.getByLabelText('Base URL of developer'), { target: { value: 'http://127.0.0.1:4444/v1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    });
    const question = screen.getByRole('alertdialog', { name: 'Confirm where the API key goes' });
    expect(scrolled).toHaveBeenCalled();
    expect(document.activeElement?.textContent).toBe('Send the key to http://127.0.0.1:4444');
    expect(question.textContent).toContain('http://127.0.0.1:4444');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send the key to http://127.0.0.1:4444' }));
    });
    expect(confirmed).toBe(true);
    // The store's new agent redraws the section; the confirmation is still said.
    rerender(<AgentSettingsSection agent={agent({ hasApiKey: true, baseUrl: 'http://127.0.0.1:4444/v1' })} />);
    expect(screen.getByRole('status').textContent).toBe('Saved.');
  });
});
