// Tasks (issue 34), the owner's choice and never forced: from an agent whose workspace is a git
// repository, a task is a branch paddock/<name> in a worktree of its own (under <data>/worktrees/,
// or a folder the owner picks) and an agent of its own, its settings copied from that agent
// (provider, model, key, mode, scopes, allowed domains; never its helpers). The project's setup
// script (.paddock/setup) runs in the task agent's sandbox, never uncontained. Archive stops its
// processes, keeps the branch and removes the worktree; Delete removes worktree, branch and agent.
import fs from 'node:fs';
import path from 'node:path';
import type { Agent, TaskView, Workspace } from '../../shared/domain';
import {
  addTaskWorktree,
  currentBranch,
  defaultWorktreePath,
  deleteTaskBranch,
  removeTaskWorktree,
  TASK_NAME,
  type TaskGit,
} from '../git/taskWorktrees';
import { GitRefusal } from '../git/runner';
import { childEnvForWorkspace, type OwnerEnv } from '../processes/env';
import { runBounded } from '../processes/spawn';
import type { GroupLedger } from '../processes/ledger';
import type { Containment } from '../sandbox/containment';
import type { AgentSandboxChoices } from '../sandbox/containment';
import type { AgentsRepository } from '../store/agents';
import type { TaskRecord, TasksRepository } from '../store/tasks';
import type { WorkspacesRepository } from '../store/workspaces';
import type { WorkspaceAssignment } from './workspaceAssignment';

export const SETUP_SCRIPT = path.join('.paddock', 'setup');
const SETUP_TIMEOUT_MS = 10 * 60_000;

export class TaskRefusal extends Error {}

export interface TaskDeps {
  dataDir: string;
  home: string;
  ownerEnv: OwnerEnv;
  agents: AgentsRepository;
  workspaces: WorkspacesRepository;
  tasks: TasksRepository;
  assignment: WorkspaceAssignment;
  secrets: { get(agentId: string): string | null; set(agentId: string, key: string): void };
  sandboxChoicesFor(agentId: string): AgentSandboxChoices;
  setSandboxChoices(agentId: string, choices: Partial<AgentSandboxChoices>): void;
  /** The task agent's containment in its worktree (sandbox/containment.ts). */
  containmentFor(agentId: string, workspace: string): Containment;
  ledger?: GroupLedger;
  stopAgentProcesses(agentId: string): Promise<void>;
  removeAgent(agentId: string): Promise<void>;
}

export interface StartTask {
  /** The agent whose workspace is the repository, and whose settings the task's agent copies. */
  fromAgentId: string;
  name: string;
  /** Default: the branch the repository is on. */
  base?: string;
  /** A folder the owner picked; the worktree is <folder>/<name>. Default: <data>/worktrees/<name>. */
  folder?: string;
  signal?: AbortSignal;
}

export function createTasks(deps: TaskDeps) {
  function gitOf(record: Pick<TaskRecord, 'repository'>, gitBinary: string | null): TaskGit {
    if (!gitBinary) throw new TaskRefusal("git was not found on the workspace's captured PATH");
    return { gitBinary, dataDir: deps.dataDir, repository: record.repository };
  }

  function gitBinaryFor(record: TaskRecord): string | null {
    const own = record.agentId ? deps.workspaces.get(record.agentId)?.gitBinary : null;
    return (
      own ?? deps.workspaces.list().find((workspace) => workspace.directory === record.repository)?.gitBinary ?? null
    );
  }

  function freeHandle(base: string): string {
    const stem = `@${base.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 36)}`;
    const taken = new Set(deps.agents.list().map((agent) => agent.handle.toLowerCase()));
    for (let n = 1; ; n++) {
      const handle = n === 1 ? stem : `${stem}-${n}`;
      if (!taken.has(handle.toLowerCase())) return handle;
    }
  }

  function copyAgent(source: Agent, name: string): Agent {
    const agent = deps.agents.create({
      name: `${source.name} · ${name}`,
      handle: freeHandle(name),
      provider: source.provider,
      model: source.model,
      baseUrl: source.baseUrl,
      // Helpers are the owner's choice per agent: not copied, so neither is the scope they grant.
      scopes: source.scopes.filter((scope) => scope !== 'delegate'),
      mode: source.mode,
      acceptancePolicy: source.acceptancePolicy,
      maxOutputTokens: source.maxOutputTokens,
    });
    const key = deps.secrets.get(source.id);
    if (key) deps.secrets.set(agent.id, key);
    const choices = deps.sandboxChoicesFor(source.id);
    deps.setSandboxChoices(agent.id, { allowedDomains: choices.allowedDomains, runListOnly: choices.runListOnly });
    return agent;
  }

  /** Runs .paddock/setup when the worktree has one: in the task agent's sandbox, or not at all. */
  async function runSetup(agent: Agent, workspace: Workspace, signal?: AbortSignal): Promise<TaskView['setup']> {
    const script = path.join(workspace.directory, SETUP_SCRIPT);
    const stat = fs.lstatSync(script, { throwIfNoEntry: false });
    if (!stat) return null;
    if (!stat.isFile())
      return {
        ran: false,
        exitCode: null,
        output: `${SETUP_SCRIPT} is not a plain file (a link or a folder), so it was not run`,
      };
    const containment = deps.containmentFor(agent.id, workspace.directory);
    if (!containment.contained) {
      return {
        ran: false,
        exitCode: null,
        output: `${SETUP_SCRIPT} was not run: ${containment.why ?? 'the OS sandbox is not available'}. Run it yourself in ${workspace.directory} if you trust it.`,
      };
    }
    const alwaysCard = containment.watchAlwaysCard();
    try {
      const result = await runBounded({
        program: '/bin/sh',
        args: [SETUP_SCRIPT],
        cwd: workspace.directory,
        env: childEnvForWorkspace(workspace.capturedPath, deps.home, deps.ownerEnv),
        timeoutMs: SETUP_TIMEOUT_MS,
        signal,
        wrap: containment.wrap,
        purpose: 'run',
        ledger: deps.ledger,
        agentId: agent.id,
      });
      const moved = alwaysCard?.finish() ?? [];
      const note =
        moved.length > 0
          ? `\n(moved out of the worktree, as a contained command may not plant them: ${moved.map((entry) => entry.path).join(', ')})`
          : '';
      return { ran: true, exitCode: result.exitCode, output: `${result.output}${note}` };
    } catch (error) {
      alwaysCard?.finish();
      return { ran: false, exitCode: null, output: `${SETUP_SCRIPT} could not start: ${(error as Error).message}` };
    }
  }

  return {
    async start(input: StartTask): Promise<TaskRecord> {
      const source = deps.agents.get(input.fromAgentId);
      if (!source) throw new TaskRefusal('there is no such agent');
      const workspace = deps.workspaces.get(source.id);
      if (!workspace) throw new TaskRefusal(`${source.handle} has no workspace to start a task from`);
      if (!TASK_NAME.test(input.name))
        throw new TaskRefusal(
          'a task name is lower-case letters, digits and . _ - (at most 50, starting with a letter or digit)',
        );
      if (!fs.lstatSync(path.join(workspace.directory, '.git'), { throwIfNoEntry: false })?.isDirectory()) {
        throw new TaskRefusal(
          `${workspace.directory} is not a git repository root with its own .git, so a task has no repository to branch from`,
        );
      }
      const git = gitOf({ repository: workspace.directory }, workspace.gitBinary);
      const base = input.base ?? (await currentBranch(git));
      if (!base) throw new TaskRefusal(`${workspace.directory} is on a detached HEAD: name the base branch`);
      const target = input.folder ? path.join(input.folder, input.name) : defaultWorktreePath(deps.dataDir, input.name);
      const { branch, worktree } = await addTaskWorktree(git, { name: input.name, base, worktree: target });
      let agent: Agent | null = null;
      try {
        agent = copyAgent(source, input.name);
        const assigned = await deps.assignment.assign(agent.id, worktree);
        if (!assigned.ok) throw new TaskRefusal(assigned.reason);
        const record = deps.tasks.create({
          name: input.name,
          repository: workspace.directory,
          base,
          branch,
          worktree,
          agentId: agent.id,
        });
        const setup = await runSetup(agent, assigned.workspace, input.signal);
        if (setup) deps.tasks.recordSetup(record.id, setup);
        return deps.tasks.get(record.id) as TaskRecord;
      } catch (error) {
        // Nothing half made is left: the agent, the worktree and the branch go again.
        if (agent) await deps.removeAgent(agent.id).catch(() => undefined);
        await removeTaskWorktree(git, worktree, true).catch(() => undefined);
        await deleteTaskBranch(git, input.name).catch(() => undefined);
        throw error;
      }
    },

    /** Stops its processes, keeps the branch, removes the worktree (refused while changes are not committed). */
    async archive(taskId: string): Promise<TaskRecord> {
      const record = deps.tasks.get(taskId);
      if (!record) throw new TaskRefusal('there is no such task');
      if (record.state === 'archived') return record;
      const git = gitOf(record, gitBinaryFor(record));
      if (record.agentId) await deps.stopAgentProcesses(record.agentId);
      await removeTaskWorktree(git, record.worktree);
      if (record.agentId) deps.workspaces.clear(record.agentId);
      deps.tasks.archive(record.id);
      return deps.tasks.get(record.id) as TaskRecord;
    },

    /** Removes the worktree (changes and all: the window asked the owner first), the branch and the task's agent. */
    async remove(taskId: string): Promise<void> {
      const record = deps.tasks.get(taskId);
      if (!record) throw new TaskRefusal('there is no such task');
      const git = gitOf(record, gitBinaryFor(record));
      if (record.agentId) await deps.stopAgentProcesses(record.agentId);
      await removeTaskWorktree(git, record.worktree, true);
      try {
        await deleteTaskBranch(git, record.name);
      } catch (error) {
        // Already deleted by the owner: nothing more to do.
        if (!(error instanceof GitRefusal) || !/not found/.test(error.message)) throw error;
      }
      if (record.agentId) await deps.removeAgent(record.agentId);
      deps.tasks.remove(record.id);
    },

    list: (): TaskRecord[] => deps.tasks.list(),
    get: (taskId: string): TaskRecord | null => deps.tasks.get(taskId),
  };
}

export type Tasks = ReturnType<typeof createTasks>;
