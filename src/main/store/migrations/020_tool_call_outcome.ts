// How each call ended (shared/domain/outcome.ts, JSON) and the workspace file it names: the row reads
// them after a restart as it did live, never from the model's text. Calls recorded before this keep
// a null outcome; the file tools' rows get their path back from their arguments, once, here, and
// a fence's refusal recorded as a failure (before the core told them apart) becomes a refusal.
// replay_safe: the tool's declared fact when the call opened, which recovery reads (0: unknown or unsafe).
export const migration020 = {
  version: 20,
  name: 'tool_call_outcome',
  sql: `
ALTER TABLE tool_calls ADD COLUMN outcome TEXT;
ALTER TABLE tool_calls ADD COLUMN file TEXT;
ALTER TABLE tool_calls ADD COLUMN replay_safe INTEGER NOT NULL DEFAULT 0;
UPDATE tool_calls SET status = 'refused' WHERE status = 'failed' AND error LIKE 'refused:%';
UPDATE tool_calls SET file = json_extract(args, '$.path')
  WHERE tool IN ('read', 'write', 'edit') AND json_valid(args) AND json_type(args, '$.path') = 'text' AND json_extract(args, '$.path') <> '';
`,
};
