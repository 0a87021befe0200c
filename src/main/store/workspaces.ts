// Repository for `workspaces`: one row per agent (seed 003 §2, §11).
import type { Workspace } from '../../shared/domain';
import type { Db } from './database';

interface WorkspaceRow {
  agent_id: string;
  directory: string;
  captured_path: string;
  git_binary: string | null;
  venv: string | null;
  created_at: string;
}

function toWorkspace(row: WorkspaceRow): Workspace {
  return {
    agentId: row.agent_id,
    directory: row.directory,
    capturedPath: row.captured_path,
    gitBinary: row.git_binary,
    venv: row.venv,
    createdAt: row.created_at,
  };
}

export function createWorkspacesRepository(db: Db) {
  const byAgent = db.prepare<[string], WorkspaceRow>('SELECT * FROM workspaces WHERE agent_id = ?');
  return {
    get(agentId: string): Workspace | null {
      const row = byAgent.get(agentId);
      return row ? toWorkspace(row) : null;
    },
    list(): Workspace[] {
      return (db.prepare('SELECT * FROM workspaces ORDER BY created_at').all() as WorkspaceRow[]).map(toWorkspace);
    },
    set(input: Omit<Workspace, 'createdAt'>): Workspace {
      db.prepare(
        `INSERT INTO workspaces (agent_id, directory, captured_path, git_binary, venv, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(agent_id) DO UPDATE SET directory = excluded.directory, captured_path = excluded.captured_path,
           git_binary = excluded.git_binary, venv = excluded.venv, created_at = excluded.created_at`,
      ).run(
        input.agentId,
        input.directory,
        input.capturedPath,
        input.gitBinary,
        input.venv ?? null,
        new Date().toISOString(),
      );
      return this.get(input.agentId) as Workspace;
    },
    clear(agentId: string): void {
      db.prepare('DELETE FROM workspaces WHERE agent_id = ?').run(agentId);
    },
  };
}

export type WorkspacesRepository = ReturnType<typeof createWorkspacesRepository>;
