// @vitest-environment jsdom
// A task's Summary reviews its diff against the base with the cards' hunk list: Revert sends only the
// hunk ids the owner rejected, with the fingerprint of the file as it was shown, and shows the
// core's fresh diff; while the task's agent works, Revert waits.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardHunk, TaskDiffView, TaskView } from '../../src/shared/domain';

vi.mock('../../src/renderer/src/api', () => import('./apiMock'));
const { call } = await import('./apiMock');
const { TaskHunkReview } = await import('../../src/renderer/src/features/tasks/TaskHunkReview');
const { useTasksStore } = await import('../../src/renderer/src/stores/useTasksStore');
const { useSummaryStore } = await import('../../src/renderer/src/stores/useSummaryStore');

const hunk = (n: number, line: string): CardHunk => ({
  id: `hunk-${n}`,
  header: `@@ -${n * 10},1 +${n * 10},1 @@`,
  lines: [`-old ${line}`, `+new ${line}`],
});
const FINGERPRINT = 'a'.repeat(64);

function diff(hunks: CardHunk[]): TaskDiffView {
  return {
    taskId: 'task-1',
    base: { ref: 'main', commit: '72e81e6aaaaaaaaa' },
    files: [
      {
        path: 'app.txt',
        oldPath: null,
        status: 'M',
        additions: hunks.length,
        deletions: hunks.length,
        fingerprint: hunks.length === 2 ? FINGERPRINT : 'b'.repeat(64),
        hunks,
        why: null,
      },
      {
        path: 'logo.png',
        oldPath: null,
        status: 'A',
        additions: 0,
        deletions: 0,
        fingerprint: 'c'.repeat(64),
        hunks: null,
        why: 'a binary file: it is not reviewed hunk by hunk',
      },
    ],
    more: 0,
  };
}

function task(status: TaskView['status']): TaskView {
  return {
    id: 'task-1',
    name: 'review',
    repository: '/home/me/app',
    base: 'main',
    branch: 'paddock/review',
    worktree: '/data/worktrees/review',
    agentId: 'agent-1',
    state: 'active',
    status,
    diffStat: null,
    setup: null,
    mergeCommand: '',
    createdAt: '',
  };
}

beforeEach(() => {
  call.mockReset();
  // The core's diff: both hunks, then only the one kept once the other is reverted.
  let reverted = false;
  call.mockImplementation(async (name: string) => {
    if (name === 'tasks.diff') return diff(reverted ? [hunk(2, 'two')] : [hunk(1, 'one'), hunk(2, 'two')]);
    if (name === 'tasks.revertHunks') {
      reverted = true;
      return { reverted: 1, diff: diff([hunk(2, 'two')]) };
    }
    return {};
  });
  useTasksStore.setState({ tasks: [task('done')], diffs: {} });
  useSummaryStore.setState({ summaries: {} });
});
afterEach(cleanup);

describe('TaskHunkReview', () => {
  it('reverts only the rejected hunk, naming the file as it was shown', async () => {
    render(<TaskHunkReview agentId="agent-1" />);
    const file = await screen.findByRole('region', { name: 'Hunks of app.txt' });
    expect(screen.getByText('a binary file: it is not reviewed hunk by hunk')).toBeTruthy();
    const revert = screen.getByRole('button', { name: 'Revert 0 rejected hunks' }) as HTMLButtonElement;
    expect(revert.disabled).toBe(true);
    fireEvent.click(
      within(within(file).getByRole('group', { name: 'Hunk 1 of 2: accept or reject' })).getByRole('button', {
        name: 'Reject',
      }),
    );
    expect(within(file).getByText('rejected: Revert takes it out of the worktree')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Revert 1 rejected hunk' }));
    });
    expect(call).toHaveBeenCalledWith('tasks.revertHunks', {
      taskId: 'task-1',
      files: [{ path: 'app.txt', fingerprint: FINGERPRINT, hunkIds: ['hunk-1'] }],
    });
    expect(screen.getByRole('status').textContent).toContain('Reverted 1 hunk in the worktree');
    // The core's fresh diff replaces the one shown, and the review starts again.
    expect(within(screen.getByRole('region', { name: 'Hunks of app.txt' })).getByText('Hunk 1 of 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revert 0 rejected hunks' })).toBeTruthy();
  });

  it("waits while the task's agent is working", async () => {
    useTasksStore.setState({ tasks: [task('working')] });
    render(<TaskHunkReview agentId="agent-1" />);
    const file = await screen.findByRole('region', { name: 'Hunks of app.txt' });
    fireEvent.click(
      within(within(file).getByRole('group', { name: 'Hunk 2 of 2: accept or reject' })).getByRole('button', {
        name: 'Reject',
      }),
    );
    expect((screen.getByRole('button', { name: 'Revert 1 rejected hunk' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
