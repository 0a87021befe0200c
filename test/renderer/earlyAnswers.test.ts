// @vitest-environment jsdom
// The window's start asks the core before React and the stores have loaded (boot.ts): the stores
// then take those answers instead of asking again, and hear every event the core sent meanwhile.
import { describe, expect, it, vi } from 'vitest';
import type { PaddockEvent } from '../../src/shared/ipc';

// The edge of the world: the bridge the preload (or the socket) gives the page.
const asked: { name: string; request: unknown }[] = [];
const listeners = new Set<(event: PaddockEvent) => void>();
const AGENT = { id: 'agent-1', name: 'Ada', handle: '@ada' };
const ANSWERS: Record<string, unknown> = {
  'app.info': { setupDone: true },
  'agents.list': [AGENT],
  'conversations.list': [],
  'cards.list': [],
  'processes.list': [],
  'remembered.list': [],
  'attention.get': {},
};
window.paddock = {
  host: 'electron',
  call: (name, request) => {
    asked.push({ name, request });
    return Promise.resolve({ ok: true, value: ANSWERS[name] ?? [] });
  },
  events: {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  },
};
const emit = (event: PaddockEvent): void => listeners.forEach((listener) => listener(event));

// Which screen's chunk loads is screens.ts's concern (and the build's), not this test's.
vi.mock('../../src/renderer/src/screens', () => ({
  firstScreen: (info: { setupDone: boolean } | null) => (info && !info.setupDone ? 'setup' : 'window'),
  loadScreen: () => Promise.resolve(() => null),
  loadedScreen: () => null,
}));

const api = await import('../../src/renderer/src/api');
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('answers asked early', () => {
  it('are taken once by the first call that asks the same, and the next call asks the core', async () => {
    asked.length = 0;
    void api.askEarly('processes.list', {});
    expect(asked).toHaveLength(1);
    expect(await api.call('processes.list', {})).toEqual([]);
    expect(asked).toHaveLength(1);
    await api.call('processes.list', {});
    expect(asked).toHaveLength(2);
  });
});

describe('the window’s start', () => {
  it('asks each of its questions once though boot.ts asked before the stores existed, and hands them the events heard meanwhile', async () => {
    asked.length = 0;
    const { askTheCore } = await import('../../src/renderer/src/boot');
    askTheCore();
    await settle();
    // The core announces a change before the stores listen: the event must still reach them.
    emit({ type: 'agents.changed' });
    const { startWindow } = await import('../../src/renderer/src/eventRouter');
    const { useAgentsStore } = await import('../../src/renderer/src/stores/useAgentsStore');
    const { useConversationStore } = await import('../../src/renderer/src/stores/useConversationStore');
    startWindow();
    await settle();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await settle();

    const count = (name: string): number => asked.filter((question) => question.name === name).length;
    for (const name of ['cards.list', 'processes.list', 'remembered.list', 'attention.get'])
      expect(count(name), name).toBe(1);
    expect(asked.filter((question) => question.name === 'conversations.list')).toEqual([
      { name: 'conversations.list', request: { agentId: 'agent-1' } },
    ]);
    // agents.list and app.info (which says things per agent): once at the start, once more for the
    // event held until the stores listened.
    expect(count('agents.list')).toBe(2);
    expect(count('app.info')).toBe(2);
    expect(useAgentsStore.getState().selectedId).toBe('agent-1');
    expect(useConversationStore.getState().byAgent['agent-1']).toEqual([]);
  });
});
