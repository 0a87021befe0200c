// SQL for the agent's own commits (issue 17), per workspace directory: what Summary reads to find
// where the agent's work began on a branch with no base.
import type { Db } from './database';

export function createAgentCommitsRepository(db: Db) {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO agent_commits (directory, commit_sha, agent_id, created_at) VALUES (?, ?, ?, ?)',
  );
  const select = db.prepare<[string], { commit_sha: string }>(
    'SELECT commit_sha FROM agent_commits WHERE directory = ?',
  );
  return {
    record(input: { directory: string; commit: string; agentId: string }): void {
      insert.run(input.directory, input.commit, input.agentId, new Date().toISOString());
    },
    forDirectory(directory: string): ReadonlySet<string> {
      return new Set(select.all(directory).map((row) => row.commit_sha));
    },
  };
}

export type AgentCommitsRepository = ReturnType<typeof createAgentCommitsRepository>;
