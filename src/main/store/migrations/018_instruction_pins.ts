// What the owner accepted as a project's own words for agents (instruction files, project command
// files), per workspace directory and path: the text itself and its sha256. Only a pinned text
// reaches the system prompt or becomes a slash command; a file whose content differs is not pinned.
// Plan mode is a column of its own beside the agent's mode (which keeps its CHECK; rebuilding the
// table would lose columns other migrations add): 1 means plan, and the mode column is the one the
// agent was in before. Each plan an agent proposed (the plan tool) and the owner's answer to it. And each conversation's
// task list (the todo tool): one row per item, with when it last changed.
export const migration018 = {
  version: 18,
  name: 'instruction_pins_plans_todos',
  sql: `
ALTER TABLE agents ADD COLUMN plan_mode INTEGER NOT NULL DEFAULT 0 CHECK (plan_mode IN (0, 1));

CREATE TABLE instruction_pins (
  directory TEXT NOT NULL,
  rel_path TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('instructions', 'command')),
  sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
  content TEXT NOT NULL,
  accepted_at TEXT NOT NULL,
  PRIMARY KEY (directory, rel_path)
) STRICT;

CREATE TABLE plans (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  agent_id TEXT NOT NULL,
  call_id TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('proposed', 'approved', 'revised', 'superseded')),
  approved_mode TEXT CHECK (approved_mode IS NULL OR approved_mode IN ('edit', 'run')),
  created_at TEXT NOT NULL,
  decided_at TEXT
) STRICT;
CREATE INDEX plans_by_conversation ON plans (conversation_id, created_at);

CREATE TABLE todo_items (
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  item_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  text TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'in_progress', 'done', 'dropped')),
  created_at TEXT NOT NULL,
  changed_at TEXT NOT NULL,
  PRIMARY KEY (conversation_id, item_id)
) STRICT;
`,
};
