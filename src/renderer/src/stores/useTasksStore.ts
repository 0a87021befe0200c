import { create } from 'zustand';
import type { TaskDiffView, TaskSetupScriptView, TaskView } from '../../../shared/domain';
import type { RequestOf, SummaryView } from '../../../shared/ipc';
import { call } from '../api';

/** Tasks (issue 34): each a branch in its own worktree with its own agent, grouped by repository. */
interface TasksState {
  tasks: TaskView[];
  summaries: Record<string, SummaryView>;
  /** Each task's whole diff against its base, hunk by hunk, by task id. */
  diffs: Record<string, TaskDiffView>;
  /** The repositories' setup scripts (Settings), run when a task is started. */
  setupScripts: TaskSetupScriptView[];
  load(): Promise<void>;
  start(request: RequestOf<'tasks.start'>): Promise<TaskView>;
  archive(taskId: string): Promise<void>;
  remove(taskId: string): Promise<void>;
  loadSummary(taskId: string): Promise<void>;
  loadDiff(taskId: string): Promise<void>;
  /** Reverts in the worktree the hunks the owner rejected; resolves with how many. */
  revertHunks(taskId: string, files: RequestOf<'tasks.revertHunks'>['files']): Promise<number>;
  loadSetupScripts(): Promise<void>;
  setSetupScript(repository: string, script: string): Promise<void>;
}

export const useTasksStore = create<TasksState>((set, get) => ({
  tasks: [],
  summaries: {},
  diffs: {},
  setupScripts: [],
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
  async loadDiff(taskId) {
    const diff = await call('tasks.diff', { taskId });
    set({ diffs: { ...get().diffs, [taskId]: diff } });
  },
  async revertHunks(taskId, files) {
    const { reverted, diff } = await call('tasks.revertHunks', { taskId, files });
    set({ diffs: { ...get().diffs, [taskId]: diff } });
    return reverted;
  },
  async loadSetupScripts() {
    set({ setupScripts: await call('tasks.setupScripts', {}) });
  },
  async setSetupScript(repository, script) {
    set({ setupScripts: await call('tasks.setSetupScript', { repository, script }) });
  },
}));
