// Delegates (seed 003 §10.5): which agents an agent may hand a question to (none until the owner
// picks), and each delegation's conversation and cost, shown folded under the call that made it.
// Tasks (issue 34): a branch paddock/<name> in its own worktree of a repository, with its own agent.
export const migration019 = {
  version: 19,
  name: 'delegations_and_tasks',
  sql: `
CREATE TABLE agent_helpers (
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  helper_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (agent_id, helper_id),
  CHECK (agent_id <> helper_id)
) STRICT;

CREATE TABLE delegations (
  call_id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  helper_id TEXT NOT NULL,
  helper_handle TEXT NOT NULL,
  helper_name TEXT NOT NULL,
  helper_model TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  messages TEXT NOT NULL,
  usage TEXT NOT NULL,
  error TEXT,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX delegations_by_conversation ON delegations (conversation_id);

CREATE TABLE tasks (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  repository TEXT NOT NULL,
  base TEXT NOT NULL,
  branch TEXT NOT NULL,
  worktree TEXT NOT NULL,
  agent_id TEXT REFERENCES agents(id) ON DELETE SET NULL,
  state TEXT NOT NULL CHECK (state IN ('active', 'archived')),
  setup TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (repository, name)
) STRICT;
`,
};
