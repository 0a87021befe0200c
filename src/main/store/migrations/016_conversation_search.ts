// Find and branch: full-text search over every conversation, and conversations the owner renames,
// archives and deletes. The index holds what a message says as stored — the owner's and the agent's
// words, each call's tool and arguments, each result's text, notices — and never a second copy of
// it: the FTS5 table is external-content over a view of `messages`, so only the index is added.
// A call's tool and arguments are read from the stored JSON array, its ids removed and its own keys
// and escapes blanked (FTS5 reads its content without table-valued functions, so no json_each here).
// Triggers keep it in step with every update and delete (a conversation's cascade too); a new
// message is indexed in a batch after its turn and before any search (conversationSearch.ts), not by
// an insert trigger: FTS5 writes a segment per commit, which on a 100,000-message database made each
// message the loop writes ~14× dearer (bench:search), and a 200 KB result would be tokenised inside the step.
// Rows already stored are indexed here, once.
// A deleted conversation's model requests stay spent: `deleted_usage` keeps each request's agent,
// tokens, cost and time (no conversation), so a day's budget (agent/budgets.ts) counts them still.
/** The first calls' ids, left out of the index (a call id is no word the owner looks for). */
const CALL_IDS = Array.from({ length: 32 }, (_, index) => `'$.toolCalls[${index}].id'`).join(', ');

export const migration016 = {
  version: 16,
  name: 'conversation_search',
  sql: `
ALTER TABLE conversations ADD COLUMN archived_at TEXT;

CREATE VIEW message_search_source AS
SELECT id,
  CASE role
    WHEN 'assistant' THEN
      coalesce(json_extract(content, '$.text'), '') || ' ' ||
      coalesce(replace(replace(replace(replace(replace(json_extract(json_remove(content, ${CALL_IDS}), '$.toolCalls'),
        '"name":', ' '), '"args":', ' '), '\\n', ' '), '\\t', ' '), '\\"', ' '), '')
    WHEN 'tool' THEN coalesce(json_extract(content, '$.tool'), '') || ' ' || coalesce(json_extract(content, '$.text'), '')
    ELSE coalesce(json_extract(content, '$.text'), '')
  END AS body
FROM messages;

CREATE VIRTUAL TABLE message_search USING fts5(
  body,
  content = 'message_search_source',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);

-- Messages up to indexed_through are in the index; newer ones are added in batches by the repository
-- (conversationSearch.ts: after each turn, and before every search), off the loop's per-step write.
CREATE TABLE message_search_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  indexed_through INTEGER NOT NULL
) STRICT;

-- Before: the 'delete' command must be given the text that was indexed, read while the row still says it.
-- A message id can be given again once the newest rows are gone: the mark comes down with them.
CREATE TRIGGER message_search_delete BEFORE DELETE ON messages BEGIN
  INSERT INTO message_search (message_search, rowid, body)
    SELECT 'delete', id, body FROM message_search_source
    WHERE id = OLD.id AND OLD.id <= (SELECT indexed_through FROM message_search_state);
  UPDATE message_search_state
    SET indexed_through = min(indexed_through, (SELECT coalesce(max(id), 0) FROM messages WHERE id <> OLD.id));
END;
CREATE TRIGGER message_search_update_before BEFORE UPDATE OF content ON messages
WHEN OLD.id <= (SELECT indexed_through FROM message_search_state) BEGIN
  INSERT INTO message_search (message_search, rowid, body) SELECT 'delete', id, body FROM message_search_source WHERE id = OLD.id;
END;
CREATE TRIGGER message_search_update_after AFTER UPDATE OF content ON messages
WHEN NEW.id <= (SELECT indexed_through FROM message_search_state) BEGIN
  INSERT INTO message_search (rowid, body) SELECT id, body FROM message_search_source WHERE id = NEW.id;
END;

INSERT INTO message_search (message_search) VALUES ('rebuild');
INSERT INTO message_search_state (id, indexed_through) SELECT 1, coalesce(max(id), 0) FROM messages;

CREATE TABLE deleted_usage (
  id INTEGER PRIMARY KEY,
  agent_id TEXT NOT NULL,
  input_tokens INTEGER NOT NULL,
  output_tokens INTEGER NOT NULL,
  cache_read_tokens INTEGER NOT NULL,
  cache_write_tokens INTEGER NOT NULL,
  cost REAL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX deleted_usage_by_time ON deleted_usage(created_at);
`,
};
