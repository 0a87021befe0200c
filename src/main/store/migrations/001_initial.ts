// The first schema (SPEC §11). STRICT tables; JSON columns hold arrays/objects as text.
// File contents are never stored: tool results keep a summary, not what a read returned.
export const migration001 = {
  version: 1,
  name: 'initial',
  sql: `
CREATE TABLE agents (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  handle TEXT NOT NULL UNIQUE,
  provider TEXT NOT NULL CHECK (provider IN ('anthropic', 'openai')),
  model TEXT NOT NULL,
  base_url TEXT,
  scopes TEXT NOT NULL,
  mode TEXT NOT NULL DEFAULT 'run' CHECK (mode IN ('ask', 'edit', 'run')),
  acceptance_policy TEXT NOT NULL DEFAULT 'apply' CHECK (acceptance_policy IN ('apply', 'propose')),
  max_output_tokens INTEGER NOT NULL CHECK (max_output_tokens BETWEEN 1 AND 128000),
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE workspaces (
  agent_id TEXT PRIMARY KEY REFERENCES agents(id) ON DELETE CASCADE,
  directory TEXT NOT NULL,
  captured_path TEXT NOT NULL,
  git_binary TEXT,
  created_at TEXT NOT NULL
) STRICT;

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE remembered_commands (
  id INTEGER PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  directory TEXT NOT NULL,
  argv TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('exact', 'prefix')),
  created_at TEXT NOT NULL,
  UNIQUE (agent_id, directory, argv, kind)
) STRICT;

CREATE TABLE processes (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  pid INTEGER NOT NULL,
  start_time TEXT NOT NULL,
  argv TEXT NOT NULL,
  cwd TEXT NOT NULL,
  port INTEGER,
  log_path TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'exited', 'stopped', 'stale')),
  exit_code INTEGER,
  started_at TEXT NOT NULL,
  ended_at TEXT
) STRICT;
-- A name belongs to one agent at a time across the installation (seed 003 §4).
CREATE UNIQUE INDEX processes_running_name ON processes(name) WHERE status = 'running';

CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

CREATE TABLE messages (
  id INTEGER PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'assistant', 'tool', 'notice')),
  content TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX messages_by_conversation ON messages(conversation_id, id);

CREATE TABLE tool_calls (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  tool TEXT NOT NULL,
  args TEXT NOT NULL,
  tier TEXT CHECK (tier IN ('auto', 'gated')),
  reason TEXT,
  status TEXT NOT NULL CHECK (status IN ('refused', 'pending', 'running', 'done', 'failed', 'interrupted')),
  card TEXT,
  answer TEXT,
  result_summary TEXT,
  error TEXT,
  created_at TEXT NOT NULL,
  started_at TEXT,
  ended_at TEXT
) STRICT;
CREATE INDEX tool_calls_by_conversation ON tool_calls(conversation_id, created_at);
CREATE INDEX tool_calls_by_status ON tool_calls(status);

CREATE TABLE test_runs (
  id INTEGER PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  directory TEXT NOT NULL,
  command TEXT NOT NULL,
  runner TEXT,
  passed INTEGER,
  failed INTEGER,
  skipped INTEGER,
  exit_code INTEGER,
  output_tail TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX test_runs_by_workspace ON test_runs(agent_id, directory, id);
`,
};
