// Issue 19 item 3: Settings says when each remembered command last ran without a card.
// NULL until it first does.
export const migration004 = {
  version: 4,
  name: 'remembered_last_used',
  sql: `
ALTER TABLE remembered_commands ADD COLUMN last_used_at TEXT;
`,
};
