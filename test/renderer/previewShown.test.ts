// @vitest-environment jsdom
// Issue 17 item 5: when the agent calls preview, the side pane switches to Preview — or, when the
// owner is busy in another tab (the terminal, a file open in Files), the Preview tab gets a badge.
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/renderer/src/api', () => import('./apiMock'));
const { call } = await import('./apiMock');
const { routeEvents } = await import('../../src/renderer/src/eventRouter');
const { useSidePaneStore } = await import('../../src/renderer/src/stores/useSidePaneStore');
const { useAgentsStore } = await import('../../src/renderer/src/stores/useAgentsStore');
const { useFilesStore } = await import('../../src/renderer/src/stores/useFilesStore');

const shown = { type: 'preview.shown', agentId: 'agent-1', name: 'web', absoluteAssets: false } as const;

beforeEach(() => {
  call.mockReset();
  call.mockResolvedValue({ url: 'http://127.0.0.1:1/?ticket=t' });
  useAgentsStore.setState({ selectedId: 'agent-1' });
  useFilesStore.setState({ open: {}, diff: {} });
  useSidePaneStore.setState({ tab: 'Files', badges: {} });
});

describe('a preview the agent showed', () => {
  it('brings the Preview tab forward when the owner is not busy in the pane', () => {
    routeEvents([shown]);
    expect(useSidePaneStore.getState().tab).toBe('Preview');
    expect(useSidePaneStore.getState().badges.Preview).toBeFalsy();
  });

  it('badges the Preview tab, and leaves the terminal in front, while the owner types in it', () => {
    useSidePaneStore.setState({ tab: 'Terminal' });
    routeEvents([shown]);
    expect(useSidePaneStore.getState().tab).toBe('Terminal');
    expect(useSidePaneStore.getState().badges.Preview).toBe(true);
    useSidePaneStore.getState().setTab('Preview');
    expect(useSidePaneStore.getState().badges.Preview).toBe(false);
  });

  it("badges rather than switches while a file is open in Files; another agent's preview does not move the pane", () => {
    useFilesStore.setState({ open: { 'agent-1': { path: 'a.txt' } as never }, diff: {} });
    routeEvents([shown]);
    expect(useSidePaneStore.getState().tab).toBe('Files');
    expect(useSidePaneStore.getState().badges.Preview).toBe(true);
    useSidePaneStore.setState({ tab: 'Files', badges: {} });
    useFilesStore.setState({ open: {}, diff: {} });
    routeEvents([{ ...shown, agentId: 'agent-2' }]);
    expect(useSidePaneStore.getState().tab).toBe('Files');
  });
});
