// SQL for tasks (issue 34): a repository's branch paddock/<name> in its own worktree, and its agent.
import { randomUUID } from 'node:crypto';
import type { TaskView } from '../../shared/domain';
import type { Db } from './database';

export interface TaskRecord {
  id: string;
  name: string;
  repository: string;
  base: string;
  branch: string;
  worktree: string;
  agentId: string | null;
  state: 'active' | 'archived';
  setup: TaskView['setup'];
  createdAt: string;
}

interface TaskRow {
  id: string;
  name: string;
  repository: string;
  base: string;
  branch: string;
  worktree: string;
  agent_id: string | null;
  state: 'active' | 'archived';
  setup: string | null;
  created_at: string;
}

const recordOf = (row: TaskRow): TaskRecord => ({
  id: row.id,
  name: row.name,
  repository: row.repository,
  base: row.base,
  branch: row.branch,
  worktree: row.worktree,
  agentId: row.agent_id,
  state: row.state,
  setup: row.setup ? (JSON.parse(row.setup) as TaskView['setup']) : null,
  createdAt: row.created_at,
});

export function createTasksRepository(db: Db, now: () => Date = () => new Date()) {
  const insert = db.prepare(
    "INSERT INTO tasks (id, name, repository, base, branch, worktree, agent_id, state, setup, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'active', NULL, ?)",
  );
  const selectAll = db.prepare<[], TaskRow>('SELECT * FROM tasks ORDER BY repository, created_at');
  const selectOne = db.prepare<[string], TaskRow>('SELECT * FROM tasks WHERE id = ?');
  const selectByAgent = db.prepare<[string], TaskRow>('SELECT * FROM tasks WHERE agent_id = ?');
  const setState = db.prepare('UPDATE tasks SET state = ? WHERE id = ?');
  const setSetup = db.prepare('UPDATE tasks SET setup = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM tasks WHERE id = ?');
  return {
    create(input: Omit<TaskRecord, 'id' | 'state' | 'setup' | 'createdAt'>): TaskRecord {
      const id = randomUUID();
      insert.run(
        id,
        input.name,
        input.repository,
        input.base,
        input.branch,
        input.worktree,
        input.agentId,
        now().toISOString(),
      );
      return recordOf(selectOne.get(id) as TaskRow);
    },
    list: (): TaskRecord[] => selectAll.all().map(recordOf),
    get: (id: string): TaskRecord | null => {
      const row = selectOne.get(id);
      return row ? recordOf(row) : null;
    },
    forAgent: (agentId: string): TaskRecord | null => {
      const row = selectByAgent.get(agentId);
      return row ? recordOf(row) : null;
    },
    archive: (id: string): void => void setState.run('archived', id),
    recordSetup: (id: string, setup: NonNullable<TaskView['setup']>): void =>
      void setSetup.run(JSON.stringify(setup), id),
    remove: (id: string): void => void remove.run(id),
  };
}

export type TasksRepository = ReturnType<typeof createTasksRepository>;
