// @vitest-environment jsdom
// Files' change dots: a file put back to the last commit (an undo) loses its dot; the count of links
// not followed agrees in number.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/renderer/src/api', () => import('./apiMock'));
const { call } = await import('./apiMock');
const { useFilesStore } = await import('../../src/renderer/src/stores/useFilesStore');
const { FilesTab } = await import('../../src/renderer/src/features/files/FilesTab');

const tree = (skippedLinks: number) => ({
  root: '/w',
  entries: [
    { path: 'a.txt', type: 'file' },
    { path: 'b.txt', type: 'file' },
  ],
  skippedLinks,
  truncated: false,
});

beforeEach(() => {
  call.mockReset();
  useFilesStore.setState({ trees: {}, changed: {}, open: {}, diff: {}, openError: {}, treeError: {} });
});
afterEach(cleanup);

describe('the Files tab’s change dots', () => {
  it('drops the dot of a file the same as the last commit again, and keeps the others', async () => {
    call.mockImplementation(async (name: string) => {
      if (name === 'files.tree') return tree(0);
      if (name === 'files.sameAsHead') return { paths: ['a.txt'] };
      return {};
    });
    await act(async () => {
      useFilesStore.getState().filesChanged('agent-1', ['a.txt', 'b.txt']);
    });
    expect(call).toHaveBeenCalledWith('files.sameAsHead', { agentId: 'agent-1', paths: ['a.txt', 'b.txt'] });
    expect(useFilesStore.getState().changed['agent-1']).toEqual({ 'b.txt': true });
  });

  it('says "1 symbolic link" and "2 symbolic links"', async () => {
    call.mockImplementation(async () => tree(1));
    await act(async () => {
      render(<FilesTab agentId="agent-1" />);
    });
    expect(screen.getByText('1 symbolic link not followed.')).toBeTruthy();
    cleanup();
    call.mockImplementation(async () => tree(2));
    await act(async () => {
      render(<FilesTab agentId="agent-1" />);
    });
    expect(screen.getByText('2 symbolic links not followed.')).toBeTruthy();
  });
});
