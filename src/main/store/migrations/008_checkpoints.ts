// Checkpoints (issue 20): one row per turn that may have changed the workspace, and one per restore.
// The snapshots themselves are trees in a shadow git repository under <data>/checkpoints; a row
// names them. Message rows are never deleted: a restore marks them undone in their JSON.
export const migration008 = {
  version: 8,
  name: 'checkpoints',
  sql: `
CREATE TABLE checkpoints (
  id INTEGER PRIMARY KEY,
  workspace TEXT NOT NULL,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('turn', 'restore')),
  turn_id TEXT,
  messages_from INTEGER NOT NULL,
  before_tree TEXT,
  after_tree TEXT,
  before_oversize TEXT NOT NULL DEFAULT '[]',
  after_oversize TEXT NOT NULL DEFAULT '[]',
  undone_by INTEGER,
  reverts TEXT NOT NULL DEFAULT '[]',
  marked_messages TEXT NOT NULL DEFAULT '[]',
  summary TEXT NOT NULL DEFAULT '',
  pruned INTEGER NOT NULL DEFAULT 0 CHECK (pruned IN (0, 1)),
  started_at TEXT NOT NULL,
  ended_at TEXT
) STRICT;
CREATE INDEX checkpoints_by_conversation ON checkpoints(conversation_id, id);
CREATE INDEX checkpoints_by_workspace ON checkpoints(workspace, id);
CREATE UNIQUE INDEX checkpoints_by_turn ON checkpoints(turn_id) WHERE turn_id IS NOT NULL;
`,
};
