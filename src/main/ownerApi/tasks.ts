// Tasks as the window sees them (issue 34): grouped by repository in the sidebar with a status
// (its agent working, waiting on a card, its last turn done or failed) and a diff stat against the
// base; a task's Summary is its agent's (commits and the whole diff since it left its base), with
// the diff hunk by hunk for the owner's review: a rejected hunk is reverted in the worktree. The
// repositories' setup scripts (Settings) are here too: they run when a task is started.
import type { TaskStatus, TaskView } from '../../shared/domain';
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { GitRefusal } from '../git/runner';
import { diffStatAgainstBase, mergeCommand } from '../git/taskWorktrees';
import { TaskRefusal } from '../owner/tasks';
import { TaskHunkRefusal } from '../owner/taskHunks';
import { SetupScriptRefusal } from '../owner/taskSetup';
import type { TaskRecord } from '../store/tasks';
import { requireAgentWorkspace } from './lookups';
import type { CoreServices } from './services';

function statusOf(core: CoreServices, record: TaskRecord): TaskStatus {
  if (record.state === 'archived' || !record.agentId) return 'archived';
  const agentId = record.agentId;
  if (core.cards.list().some((card) => card.agentId === agentId)) return 'waiting';
  const last = core.lastTurnEnd(agentId);
  if (last === 'working') return 'working';
  if (last === 'error' || last === 'refused' || last === 'turn_limit' || last === 'max_tokens') return 'failed';
  return 'done';
}

async function viewOf(core: CoreServices, record: TaskRecord): Promise<TaskView> {
  const workspace = record.agentId ? core.workspaces.get(record.agentId) : null;
  let diffStat: TaskView['diffStat'] = null;
  if (record.state === 'active' && workspace?.gitBinary) {
    diffStat = await diffStatAgainstBase(
      { gitBinary: workspace.gitBinary, dataDir: core.options.dataDir, repository: record.repository },
      record.worktree,
      record.base,
    ).catch(() => null);
  }
  return {
    id: record.id,
    name: record.name,
    repository: record.repository,
    base: record.base,
    branch: record.branch,
    worktree: record.worktree,
    agentId: record.agentId,
    state: record.state,
    status: statusOf(core, record),
    diffStat,
    setup: record.setup,
    mergeCommand: mergeCommand(record.repository, record.base, record.name),
    createdAt: record.createdAt,
  };
}

/** A refusal of the task rules or of git is the owner's sentence; anything else stays internal. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TaskRefusal || error instanceof TaskHunkRefusal || error instanceof SetupScriptRefusal)
      throw new CoreRefusal('refused', error.message.replace(/^refused:\s*/, ''));
    if (error instanceof GitRefusal) throw new CoreRefusal('refused', error.message.replace(/^refused:\s*/, ''));
    throw error;
  }
}

export function tasksCalls(core: CoreServices): DomainApi<'tasks'> {
  const changed = (): void => {
    core.events.emit({ type: 'tasks.changed' });
    core.events.emit({ type: 'agents.changed' });
  };
  const requireTask = (taskId: string): TaskRecord => {
    const record = core.tasks.get(taskId);
    if (!record) throw new CoreRefusal('not-found', 'there is no such task');
    return record;
  };
  return {
    list: () => Promise.all(core.tasks.list().map((record) => viewOf(core, record))),
    start: (request) =>
      refusing(async () => {
        const record = await core.tasks.start(request);
        changed();
        return viewOf(core, record);
      }),
    archive: (request) =>
      refusing(async () => {
        const record = await core.tasks.archive(requireTask(request.taskId).id);
        changed();
        return viewOf(core, record);
      }),
    delete: (request) =>
      refusing(async () => {
        await core.tasks.remove(requireTask(request.taskId).id);
        changed();
        return { deleted: true };
      }),
    summary: (request) => {
      const record = requireTask(request.taskId);
      if (!record.agentId || record.state === 'archived')
        throw new CoreRefusal(
          'refused',
          `the task ${record.name} is archived: its branch ${record.branch} is kept, its worktree is gone`,
        );
      const { agent, workspace } = requireAgentWorkspace(core, record.agentId);
      return core.summaryFor(agent, workspace, record.base);
    },
    diff: (request) => refusing(() => core.tasks.diff(requireTask(request.taskId).id)),
    revertHunks: (request) =>
      refusing(async () => {
        const record = requireTask(request.taskId);
        // The owner's revert and the agent's edits never interleave: while it works, its files move.
        if (statusOf(core, record) === 'working')
          throw new CoreRefusal(
            'refused',
            `the task ${record.name}'s agent is working; stop its turn or wait for it, then review the diff again`,
          );
        const { reverted } = await core.tasks.revertHunks(record.id, request.files);
        if (record.agentId) core.events.emit({ type: 'summary.changed', agentId: record.agentId });
        core.events.emit({ type: 'tasks.changed' });
        return { reverted, diff: await core.tasks.diff(record.id) };
      }),
    setupScripts: () => core.taskSetup.list(),
    setSetupScript: (request) =>
      refusing(async () => {
        // A repository some agent (not a task's) works in: the roots a task starts from.
        const taskAgents = new Set(core.tasks.list().map((task) => task.agentId));
        const roots = core.workspaces
          .list()
          .filter((workspace) => !taskAgents.has(workspace.agentId))
          .map((workspace) => workspace.directory);
        return core.taskSetup.set(request.repository, request.script, roots);
      }),
  };
}
