// Model usage per request (issue 16): tokens in, out, read from and written to the prompt cache, and
// the cost at the price known when it was spent, so a turn's and a conversation's totals survive a
// restart. Agents get an extended-thinking budget (0: off). The old default model reached its
// end of life: the first agent still on it moves to the current default.
export const migration006 = {
  version: 6,
  name: 'model_usage',
  sql: `
CREATE TABLE model_usage (
  id INTEGER PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  turn_id TEXT NOT NULL,
  message_id INTEGER,
  model TEXT NOT NULL,
  input_tokens INTEGER NOT NULL CHECK (input_tokens >= 0),
  output_tokens INTEGER NOT NULL CHECK (output_tokens >= 0),
  cache_read_tokens INTEGER NOT NULL CHECK (cache_read_tokens >= 0),
  cache_write_tokens INTEGER NOT NULL CHECK (cache_write_tokens >= 0),
  cost REAL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX model_usage_by_conversation ON model_usage(conversation_id, id);

ALTER TABLE agents ADD COLUMN thinking_budget INTEGER NOT NULL DEFAULT 0 CHECK (thinking_budget BETWEEN 0 AND 64000);

UPDATE agents SET model = 'claude-sonnet-5-5'
  WHERE id = 'developer' AND provider = 'anthropic' AND base_url IS NULL AND model IN ('claude-sonnet-4-5', 'claude-sonnet-4-5-20250929');
`,
};
