// Spending limits (issue 32 item 3): each "Continue anyway" the owner pressed raises one limit once,
// for one conversation (day '') or for one day of an agent or of the total (key ''). The limits
// themselves are Settings; the day's spend is summed from model_usage, by time.
export const migration017 = {
  version: 17,
  name: 'budget_raises',
  sql: `
CREATE TABLE budget_raises (
  id INTEGER PRIMARY KEY,
  scope TEXT NOT NULL CHECK (scope IN ('conversation', 'agentDay', 'totalDay')),
  key TEXT NOT NULL,
  day TEXT NOT NULL,
  unit TEXT NOT NULL CHECK (unit IN ('dollars', 'tokens')),
  amount REAL NOT NULL CHECK (amount > 0),
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX budget_raises_by_scope ON budget_raises(scope, key, day);
CREATE INDEX model_usage_by_time ON model_usage(created_at);
`,
};
