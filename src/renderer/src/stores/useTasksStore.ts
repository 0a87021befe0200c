import { create } from 'zustand';
import type { TaskView } from '../../../shared/domain';
import type { RequestOf, SummaryView } from '../../../shared/ipc';
import { call } from '../api';

/** Tasks (issue 34): each a branch in its own worktree with its own agent, grouped by repository. */
interface TasksState {
  tasks: TaskView[];
  summaries: Record<string, SummaryView>;
  load(): Promise<void>;
  start(request: RequestOf<'tasks.start'>): Promise<TaskView>;
  archive(taskId: string): Promise<void>;
  remove(taskId: string): Promise<void>;
  loadSummary(taskId: string): Promise<void>;
}

export const useTasksStore = create<TasksState>((set, get) => ({
  tasks: [],
  summaries: {},
  async load() {
    set({ tasks: await call('tasks.list', {}) });
  },
  async start(request) {
    const task = await call('tasks.start', request);
    await get().load();
    return task;
  },
  async archive(taskId) {
    await call('tasks.archive', { taskId });
    await get().load();
  },
  async remove(taskId) {
    await call('tasks.delete', { taskId });
    await get().load();
  },
  async loadSummary(taskId) {
    const summary = await call('tasks.summary', { taskId });
    set({ summaries: { ...get().summaries, [taskId]: summary } });
  },
}));
